import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { workflowsQueryOptions } from '../../workflows';

export const boardApi = getRouteApi('/signed-in/workflows/$workflowSlug');

/** The board's workflow by the address's slug; `unknown` when the account has none of that slug. */
export function useBoardWorkflow() {
  const { workflowSlug } = boardApi.useParams();
  const workflows = useQuery(workflowsQueryOptions);
  const workflow = workflows.data?.find((w) => w.slug === workflowSlug);
  return { workflows, workflow, unknown: workflows.data !== undefined && !workflow };
}
