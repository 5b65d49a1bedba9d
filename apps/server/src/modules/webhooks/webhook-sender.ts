import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Loopback, private, link-local, carrier-grade NAT, benchmarking, multicast and reserved ranges. */
const privateRanges = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address (v4, v6 or v4-mapped v6) is one a webhook must not reach in production. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = net.isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host when it is an IP literal (IPv6 without its brackets), else undefined. */
function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : undefined;
}

/**
 * Whether the URL names a private place by itself (an IP literal in a private range or a
 * localhost name); names that resolve to one are refused when the connection is made.
 */
export function namesPrivateHost(url: URL): boolean {
  const literal = literalAddress(url);
  if (literal) return isPrivateAddress(literal);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

class PrivateAddressError extends Error {}

/** DNS lookup that refuses private answers: checked at connect time, so a name cannot change in between. */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((a) => isPrivateAddress(a.address));
    if (blocked) return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

export type PostOutcome = { statusCode: number; body: string } | { error: string };

/**
 * POSTs the body and reads at most 1 KB of the answer. No redirect is followed (a 3xx is an
 * answer like any other); no answer within `timeoutMs` is an error.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  const target = new URL(url);
  if (!opts.allowPrivate && namesPrivateHost(target))
    return Promise.resolve({ error: 'The URL points to a private address' });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        agent: false,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          done({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 1024),
          }),
        );
        response.on('error', (error) => done({ error: error.message }));
      },
    );
    // The whole exchange, not only idle time, must finish within the limit.
    const timer = setTimeout(() => {
      request.destroy();
      done({ error: `No answer within ${Math.round(opts.timeoutMs / 1000)} s` });
    }, opts.timeoutMs);
    request.on('error', (error) =>
      done({
        error: error instanceof PrivateAddressError ? 'The URL points to a private address' : error.message,
      }),
    );
    request.end(body);
  });
}
