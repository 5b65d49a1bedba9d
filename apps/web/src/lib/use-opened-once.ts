import { useState } from 'react';

/**
 * True once `opened` has been true. A closed modal is left out of the page until it first opens
 * (then it stays, so that it can animate closed): a closed Mantine modal still mounts its portal,
 * focus trap and transitions, whose first effects re-render it at once; a deal or quote holds a
 * dozen of them, which a phone paid for in the page's first task (decision 041).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
