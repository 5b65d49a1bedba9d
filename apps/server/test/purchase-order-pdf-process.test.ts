import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './harness';
import { buildServer, httpRequest, type ServerProcess, signIn, startServer } from './server-process';

// The purchase-order PDFs as the built server makes them: in the PDF process (decision 017), the
// preview, the legacy generator and the submitted PDF its job renders and mails (to the outbox:
// the server runs without SMTP here). The demo's accepted quote is converted and submitted.
const external = Boolean(process.env.TEST_DATABASE_URL);
let dataDir = '';
let server: ServerProcess;
let cookie = '';
let token = '';

const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  // The PDF process may be starved past its timeout while other files use both cores: ask again on 503.
  for (let attempt = 1; ; attempt++) {
    const res = await httpRequest(server.port, method, url, {
      cookie,
      ...(body === undefined ? {} : { body }),
      headers: method === 'POST' ? { [CSRF_HEADER]: token } : {},
    });
    if (res.status !== 503 || attempt === 10) return res;
  }
};
const json = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body);
};

/** The demo's accepted quote with a supplier ready to order (id and supplier). */
async function acceptedQuote(): Promise<{ quoteId: number; manufacturerId: number }> {
  for (const workflow of (await json('GET', '/api/workflows')) as { id: number }[]) {
    const deals = (await json('GET', `/api/deals?workflowId=${workflow.id}&limit=50`)) as {
      data: { id: number }[];
    };
    for (const deal of deals.data) {
      for (const q of (await json('GET', `/api/deals/${deal.id}/quotes`)) as {
        id: number;
        status: string;
      }[]) {
        if (q.status !== 'ACCEPTED') continue;
        const detail = await json('GET', `/api/deal-quotes/${q.id}`);
        const ready = detail.context.readyToOrder as { manufacturerId: number; orderId: number | null }[];
        const first = ready.find((r) => r.orderId === null);
        if (first) return { quoteId: q.id, manufacturerId: first.manufacturerId };
      }
    }
  }
  throw new Error('no accepted demo quote to order');
}

beforeAll(async () => {
  buildServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-popdf-'));
  await fs.chmod(dataDir, 0o755);
  server = await startServer({
    DATA_DIR: dataDir,
    // Long: the PDF process runs in the idle class, and a loaded machine starves it for a while.
    SLAT_PDF_TIMEOUT_MS: '60000',
    ...(external ? { DATABASE_URL: await createEmptyDatabase() } : {}),
  });
  cookie = (await signIn(server.port, 'demo', 'demo1234')).cookie ?? '';
  token = JSON.parse(
    (await httpRequest(server.port, 'GET', '/api/old/auth/generate-token', { cookie })).body,
  );
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

describe('purchase-order PDFs in the PDF process', () => {
  it('previews, generates the legacy layout, and renders and mails the submitted PDF', async () => {
    const { quoteId, manufacturerId } = await acceptedQuote();
    const { id } = await json('POST', '/api/deal-quotes/convert', { quoteId, manufacturerId });
    const order = await json('GET', `/api/purchaseorder/${id}`);
    const supplier = order.context.supplier as { isInternal: boolean; shippingMethods: { id: number }[] };
    const review = {
      requiredDate: order.context.minRequiredDate,
      shippingMethodId: supplier.isInternal ? null : supplier.shippingMethods[0]!.id,
      shippingAddress: '7 Delivery Lane, Newtown NSW 2042',
    };
    // The demo has the purchase-order template: the preview is a stored PDF.
    const { url } = await json('POST', `/api/purchaseorder/${id}/pdf`, review);
    const file = await call('GET', url);
    expect(file.status).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
    const legacy = await call(
      'GET',
      `/api/old/orders/generate-pdf?order_id=${id}&required_date=${review.requiredDate}`,
    );
    expect(legacy.status).toBe(200);
    expect(legacy.body.startsWith('%PDF-')).toBe(true);
    // An error made in the PDF process is the API's error.
    expect((await call('POST', '/api/purchaseorder/987654321/pdf', {})).status).toBe(404);

    const submitted = await json('POST', `/api/old/quotes/${id}/convert`, {
      required_date: review.requiredDate,
      shipping_method_id: review.shippingMethodId,
      shipping_address: review.shippingAddress,
    });
    expect(submitted.status).toBe('SUBMITTED');
    // The job renders the submitted PDF in the PDF process and mails it (the outbox, without SMTP).
    const deadline = Date.now() + 120_000;
    let doc: { url: string } | null = null;
    while (!doc && Date.now() < deadline) {
      doc = (await json('GET', `/api/purchaseorder/${id}`)).context.orderDocument;
      if (!doc) await new Promise((r) => setTimeout(r, 250));
    }
    expect(doc).not.toBeNull();
    const stored = await call('GET', doc!.url);
    expect(stored.body.startsWith('%PDF-')).toBe(true);
    const outbox = path.join(dataDir, 'outbox');
    let mail = '';
    while (!mail && Date.now() < deadline) {
      const names = await fs.readdir(outbox).catch(() => [] as string[]);
      for (const name of names) {
        const text = await fs.readFile(path.join(outbox, name), 'utf8');
        if (text.includes(`Purchase order ${submitted.tuid}`)) mail = text;
      }
      if (!mail) await new Promise((r) => setTimeout(r, 250));
    }
    expect(mail).toContain(`To: ${submitted.context.supplier.email}`);
    expect(mail).toMatch(/Content-Type: application\/pdf/);
  }, 600_000);
});
