import { useMatch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { BoardSearch } from './search';

/**
 * The board's URL parameters while a board is open under the page (none otherwise, as over a
 * contact): a deal's links to its quotes and back carry them, so closing returns to the same
 * filtered board.
 */
export function useBoardSearch(): BoardSearch {
  const search = useMatch({
    from: '/signed-in/workflows/$workflowSlug',
    shouldThrow: false,
    select: (m) => m.search,
  });
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(search ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
    [search],
  );
}
