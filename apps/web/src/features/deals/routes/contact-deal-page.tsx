import '../strings';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { contactListSearchFrom } from '../../contacts';
import { workflowsQueryOptions } from '../../workflows';
import { DealModal, isDealId } from '../components/deal-modal';

const contactDealApi = getRouteApi('/signed-in/contacts/$contactId/$workflowSlug/$dealId');

/**
 * /contacts/{contactId}/{workflowSlug}/{dealId}: the deal modal over the contact (which its parent
 * route shows); closing it goes back to the contact, keeping the list's parameters.
 */
export function ContactDealPage() {
  const { contactId, workflowSlug, dealId } = contactDealApi.useParams();
  const search = contactListSearchFrom(contactDealApi.useSearch());
  const navigate = useNavigate();
  const workflows = useQuery(workflowsQueryOptions);
  const workflow = workflows.data?.find((w) => w.slug === workflowSlug);
  if (!workflow || !isDealId(dealId)) return null;
  const back = () => void navigate({ to: '/contacts/$contactId', params: { contactId }, search });
  return <DealModal workflow={workflow} dealId={Number(dealId)} onClose={back} />;
}
