// A fake window around the test document and a fake fetch, for the frame's tests.
import { vi } from 'vitest';

export type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };
type Answer = { status: number; body?: unknown } | 'network-error';
type Handler = (call: Call) => Answer | Promise<Answer>;

/** fetch answering by "METHOD path" (the query ignored), recording every call. */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.split('?')[0]}`];
    const answer = handler ? await handler(call) : { status: 404, body: { error: { message: 'Not found' } } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

/** The frame's window: the test document, a location, a parent that records what it is sent. */
export function fakeFrameWindow(url: string) {
  const u = new URL(url);
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win = {
    document,
    location: { origin: u.origin, pathname: u.pathname, search: u.search },
    parent,
    addEventListener: (type: string, fn: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.add(fn);
    },
    removeEventListener: (type: string, fn: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.delete(fn);
    },
  };
  return {
    window: win as unknown as Window,
    parent,
    /** A message event as the browser delivers it. */
    receive(data: unknown, from: { origin: string; source: unknown }) {
      const event = { data, origin: from.origin, source: from.source } as unknown as MessageEvent;
      for (const fn of listeners) fn(event);
    },
    listenerCount: () => listeners.size,
  };
}
