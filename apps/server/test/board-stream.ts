import http from 'node:http';

export type OpenBoard = { waitFor: (needle: string) => Promise<string>; close: () => void };

/** A board's live connection (as the web's EventSource opens it), once the server says it is connected. */
export function openBoard(port: number, cookie: string, workflowId: number): Promise<OpenBoard> {
  let text = '';
  const waiters: { needle: string; resolve: (text: string) => void }[] = [];
  return new Promise<OpenBoard>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/deals/stream?workflowId=${workflowId}`,
        headers: { cookie },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`the stream answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          for (const w of waiters.splice(0)) {
            if (text.includes(w.needle)) w.resolve(text);
            else waiters.push(w);
          }
          if (text.includes(': connected'))
            resolve({
              waitFor: (needle) =>
                new Promise<string>((found) => {
                  if (text.includes(needle)) found(text);
                  else waiters.push({ needle, resolve: found });
                }),
              close: () => req.destroy(),
            });
        });
      },
    );
    req.on('error', (e) => (String(e).includes('socket hang up') ? undefined : reject(e)));
  });
}

/**
 * Opens a workflow's board stream, makes `change` once the stream says it is connected (so the
 * change cannot come before the subscription), and answers the stream's text up to `needle` with
 * how long after the change was acknowledged it came: the board's promise is within 2 s of it.
 * An event that beats the acknowledgement counts as 0 ms. `cookie` is the Cookie header.
 */
export async function eventAfterChange(options: {
  port: number;
  cookie: string;
  workflowId: number;
  change: () => Promise<unknown>;
  needle: string;
}): Promise<{ text: string; afterMs: number }> {
  const board = await openBoard(options.port, options.cookie, options.workflowId);
  try {
    await options.change();
    const acknowledgedAt = performance.now();
    const text = await board.waitFor(options.needle);
    return { text, afterMs: performance.now() - acknowledgedAt };
  } finally {
    board.close();
  }
}
