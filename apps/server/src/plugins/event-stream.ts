import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusChannel, CacheBus } from '../lib/cache-bus';

/**
 * Server-sent events of one PostgreSQL NOTIFY channel (live boards, live supplier orders): a
 * change made through any server process arrives. `toEvent` turns a payload into the event to
 * send, or undefined to skip it (another account's). Streams end when the server begins closing,
 * so a graceful shutdown does not wait on them.
 */
export function eventStreams(app: FastifyInstance, bus: CacheBus | undefined) {
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });
  return function open(
    request: FastifyRequest,
    reply: FastifyReply,
    channel: BusChannel,
    toEvent: (payload: string) => { event: string; data: unknown } | undefined,
  ): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 2000\n: connected\n\n`);
    const unsubscribe = bus?.on(channel, (payload) => {
      const sent = toEvent(payload);
      if (sent) raw.write(`event: ${sent.event}\ndata: ${JSON.stringify(sent.data)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), 25_000);
    streams.add(raw);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe?.();
      streams.delete(raw);
    });
  };
}
