import { useCallback, useRef, useState } from 'react';

export type ActionState<R> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: R }
  | { status: 'error'; error: unknown };

/**
 * One async action's state (a form submit) for the pages that load without TanStack Query:
 * `run` resolves with the result or rejects; the state follows the latest call.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
): { state: ActionState<R>; run: (...args: A) => Promise<R> } {
  const [state, setState] = useState<ActionState<R>>({ status: 'idle' });
  const latest = useRef(action);
  latest.current = action;
  const calls = useRef(0);
  const run = useCallback(async (...args: A) => {
    const call = ++calls.current;
    setState({ status: 'pending' });
    try {
      const data = await latest.current(...args);
      if (call === calls.current) setState({ status: 'success', data });
      return data;
    } catch (error) {
      if (call === calls.current) setState({ status: 'error', error });
      throw error;
    }
  }, []);
  return { state, run };
}
