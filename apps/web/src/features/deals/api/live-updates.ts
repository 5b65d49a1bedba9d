import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE } from '../../../lib/api/client';
import { dealKeys } from './deals';

const BATCH_MS = 100;

/**
 * Changes made elsewhere (another user, another tab, another server process) arrive over the
 * server-sent events stream: the board's lists and the changed deals refetch. The browser
 * reconnects by itself; the 5-minute poll remains the fallback.
 */
export function useDealStream(workflowId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!workflowId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/deals/stream?workflowId=${workflowId}`, {
      withCredentials: true,
    });
    const changed = new Set<number>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: dealKeys.board(workflowId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.dashboard });
      for (const id of changed) void queryClient.invalidateQueries({ queryKey: dealKeys.detail(id) });
      changed.clear();
    };
    source.addEventListener('deal', (event) => {
      try {
        const { dealId } = JSON.parse((event as MessageEvent<string>).data) as { dealId: number };
        changed.add(dealId);
      } catch {
        // a malformed event still refreshes the board
      }
      timer ??= setTimeout(flush, BATCH_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [workflowId, queryClient]);
}
