import http from 'node:http';

/**
 * Opens a workflow's live board stream, makes `change` once the stream says it is connected (so
 * the change cannot come before the subscription), and answers the stream's text up to the first
 * point `arrived` accepts, with how long after the change was acknowledged that came: the board's
 * promise is within 2 s of it. Waits for the event as long as the work takes (`giveUpMs`), so a
 * busy machine shows up as a figure, not as a missed event.
 */
export function eventAfterChange(options: {
  port: number;
  cookie: string;
  workflowId: number;
  change: () => Promise<unknown>;
  arrived: (text: string) => boolean;
  giveUpMs?: number;
}): Promise<{ text: string; afterMs: number }> {
  const { port, cookie, workflowId, change, arrived, giveUpMs = 30_000 } = options;
  return new Promise((resolve, reject) => {
    let acknowledgedAt: number | undefined;
    let buffer = '';
    let changed = false;
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/deals/stream?workflowId=${workflowId}`,
        headers: { cookie: `slat_session=${cookie}` },
      },
      (res) => {
        if (!String(res.headers['content-type']).includes('text/event-stream')) {
          reject(new Error(`not an event stream: ${res.statusCode} ${res.headers['content-type']}`));
          return;
        }
        res.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          if (!changed && buffer.includes(': connected')) {
            changed = true;
            change().then(() => {
              acknowledgedAt = performance.now();
              if (arrived(buffer)) finish();
            }, reject);
          } else if (acknowledgedAt !== undefined && arrived(buffer)) finish();
        });
      },
    );
    // an event can arrive before the change's own answer: it then counts as 0 ms after it
    const finish = () => {
      resolve({
        text: buffer,
        afterMs: Math.max(0, performance.now() - (acknowledgedAt ?? performance.now())),
      });
      req.destroy();
      clearTimeout(giveUp);
    };
    req.on('error', (e) => (String(e).includes('socket hang up') ? undefined : reject(e)));
    const giveUp = setTimeout(() => {
      req.destroy();
      reject(
        new Error(
          `no event ${acknowledgedAt === undefined ? 'and no change' : 'after the change'} in ${giveUpMs} ms: ${buffer}`,
        ),
      );
    }, giveUpMs);
    giveUp.unref();
  });
}
