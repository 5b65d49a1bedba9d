import '../strings';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { DealModal, isDealId } from '../components/deal-modal';
import { useBoardWorkflow } from './board-workflow';

const dealApi = getRouteApi('/signed-in/workflows/$workflowSlug/$dealId');

/** The deal modal over the board: closing goes up one level, keeping the board's filters. */
export function DealPage() {
  const { workflow } = useBoardWorkflow();
  const { dealId } = dealApi.useParams();
  const navigate = useNavigate();
  const boardSearch = dealApi.useSearch();
  if (!workflow || !isDealId(dealId)) return null;
  return (
    <DealModal
      workflow={workflow}
      dealId={Number(dealId)}
      // over the board, which the server renders with the deal (decision 039)
      inPlace
      onClose={() =>
        void navigate({
          to: '/workflows/$workflowSlug',
          params: { workflowSlug: workflow.slug },
          search: boardSearch,
        })
      }
    />
  );
}
