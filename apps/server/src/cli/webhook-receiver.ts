import http from 'node:http';
import { parseArgs } from 'node:util';
import { WEBHOOK_HEADERS } from '@slat/contracts';
import { verifyWebhookSignature } from '@slat/domain/webhook-signature';

// A webhook receiver on loopback for demos: prints each event Slat sends and whether its signature
// holds under the secret given. Add http://127.0.0.1:<port>/ in Settings → Integrations → Webhooks
// (the server needs WEBHOOKS_ALLOW_PRIVATE=true under NODE_ENV=production).

const usage = 'Usage: npm run webhook-receiver -- [--port 4500] [--secret whsec_…]';
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4500' },
    secret: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port}\n${usage}`);
  process.exit(2);
}
const secret = values.secret ?? process.env.WEBHOOK_SECRET;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
    const valid = secret
      ? verifyWebhookSignature(
          secret,
          header(WEBHOOK_HEADERS.timestamp),
          body,
          header(WEBHOOK_HEADERS.signature),
        )
      : undefined;
    let event: { type?: string } = {};
    try {
      event = JSON.parse(body) as { type?: string };
    } catch {
      // printed as it came
    }
    const verdict =
      valid === undefined
        ? 'signature not checked (no --secret)'
        : valid
          ? 'signature valid'
          : 'SIGNATURE INVALID';
    console.log(
      `${new Date().toISOString()} ${req.method} ${req.url} ${event.type ?? '?'} ${header(WEBHOOK_HEADERS.id)}: ${verdict}`,
    );
    console.log(event.type ? JSON.stringify(event, null, 2) : body);
    // a bad signature is refused, as a real receiver would: Slat records the 401 and retries
    res
      .writeHead(valid === false ? 401 : 200, { 'content-type': 'text/plain' })
      .end(valid === false ? 'bad signature' : 'ok');
  });
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  console.log(`Webhook receiver on http://127.0.0.1:${bound}/ (Ctrl+C to stop)`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
