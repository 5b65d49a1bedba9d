import { parseArgs } from 'node:util';
import { DEMO_SUPPLIERS } from '../db/seed/demo';
import { findSupplierByRef, issueSupplierToken } from '../modules/supplier-orders/index';
import { fail, withCliServices } from './cli-database';

// A supplier's command line: `token` issues a token straight in the database; every other
// command answers a dealer's order through the supplier API over HTTP, as an integration would.

const usage = `Usage: npm run supplier -- <command> [options]
  token [--supplier <id|key|name>]                     issues (rotates) the supplier's token; printed once
                                                       (default: the demo's online supplier, coastline)
  list                                                 the supplier's orders
  show <id>                                            one order with its lines
  ack <id> received|accepted                           acknowledges an order
  ack <id> rejected --reason "…"
  ack <id> changed --line <lineId>:qty=2,size=…,date=yyyy-MM-dd,note=… [--line …]
  status <id> <status name or id>
  eta <id> yyyy-MM-dd|none
  freight <id> 12.50
  track <id> [--carrier X] [--number N] [--url U]        (here --url is the tracking link; the server: --server or SLAT_URL)
  notes <id> "text"
Options: --token T (or SLAT_SUPPLIER_TOKEN), --url or --server http://localhost:3000 (or SLAT_URL), --json,
         --reference R (ack)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    supplier: { type: 'string' },
    token: { type: 'string' },
    url: { type: 'string' },
    server: { type: 'string' },
    json: { type: 'boolean', default: false },
    reason: { type: 'string' },
    reference: { type: 'string' },
    line: { type: 'string', multiple: true },
    carrier: { type: 'string' },
    number: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const [command, ...args] = positionals;
if (!command || values.help) fail(usage);

if (command === 'token') {
  // The demo's online supplier by default, so `npm run supplier -- token` is a demo's first step.
  const ref = values.supplier ?? DEMO_SUPPLIERS[0].key;
  await withCliServices(async ({ db }) => {
    const found = await findSupplierByRef(db, ref);
    if (found.length === 0) fail(`No supplier matches "${ref}".`);
    if (found.length > 1)
      fail(`"${ref}" matches ${found.map((s) => `${s.name} (${s.id})`).join(', ')}: give the id.`);
    const supplier = found[0]!;
    const issued = await issueSupplierToken(db, supplier.id);
    if (values.json) console.log(JSON.stringify({ manufacturerId: supplier.id, ...issued }));
    else {
      console.error(
        `Token for ${supplier.name} (${supplier.id}); any earlier token no longer works. Shown once:`,
      );
      console.log(issued.token);
    }
  });
  process.exit(0);
}

const token = values.token ?? process.env.SLAT_SUPPLIER_TOKEN;
// In `track`, --url is the tracking link: the server's address then comes from --server or SLAT_URL.
const base =
  values.server ??
  (command === 'track' ? undefined : values.url) ??
  process.env.SLAT_URL ??
  'http://localhost:3000';
if (!token) fail(`Give the supplier's token with --token or SLAT_SUPPLIER_TOKEN.\n${usage}`);

type ApiError = { error?: { message?: string; fields?: { path: string; message: string }[] } };

/** One supplier API call; exits 1 with the API's message when it refuses. */
async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/api/supplier/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    console.error(`Cannot reach ${base}: ${(error as Error).message}`);
    process.exit(1);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const e = (json as ApiError | undefined)?.error;
    const fields = (e?.fields ?? []).map((f) => `  ${f.path}: ${f.message}`).join('\n');
    console.error(`${e?.message ?? `HTTP ${res.status}`}${fields ? `\n${fields}` : ''}`);
    process.exit(1);
  }
  return json as T;
}

type Order = {
  id: number;
  dealerName: string;
  purchaseOrderNumber: number;
  revisionNumber: number;
  acknowledgement: string;
  eta: string | null;
  freight: string | null;
  reference: string;
  trackingInformation: string;
  customerNotes: string;
  context: {
    orderStatus: { name: string; coreStatus: string };
    requiredDate: string | null;
    orderLines: {
      id: number;
      windowGroupName: string;
      productName: string;
      quantity: number;
      configuration: { width: string | null; height: string | null };
    }[];
  };
};

const po = (o: { purchaseOrderNumber: number; revisionNumber: number }) =>
  `PO ${o.purchaseOrderNumber}${o.revisionNumber > 1 ? ` rev ${o.revisionNumber}` : ''}`;

/** The short line printed after a change: the order as it now stands. */
function summary(o: Order): string {
  return [
    `Order ${o.id} (${o.dealerName}, ${po(o)})`,
    `status ${o.context.orderStatus.name}`,
    `answer ${o.acknowledgement || 'none'}`,
    `ETA ${o.eta ?? '—'}`,
    `freight ${o.freight ?? '—'}`,
    ...(o.trackingInformation ? [`tracking ${o.trackingInformation}`] : []),
  ].join(' · ');
}

function print<T>(value: T, human: (v: T) => string): void {
  console.log(values.json ? JSON.stringify(value, null, 2) : human(value));
}

function orderId(): number {
  const id = args[0];
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) fail(`${command} needs an order id.\n${usage}`);
  return Number(id);
}

/** "12:qty=2,size=1190 x 1500 mm,date=2030-01-31,note=…" → a line change. */
function lineChange(spec: string): Record<string, unknown> {
  const match = /^(\d+):(.*)$/.exec(spec);
  if (!match) fail(`--line is <lineId>:qty=2,size=…,date=yyyy-MM-dd (got "${spec}")`);
  const change: Record<string, unknown> = { orderLineId: Number(match[1]) };
  for (const part of match[2]!.split(',').filter((p) => p.trim() !== '')) {
    const [key, ...rest] = part.split('=');
    const value = rest.join('=').trim();
    if (key === 'qty' || key === 'quantity') change.quantity = Number(value);
    else if (key === 'size' || key === 'date' || key === 'note') change[key] = value;
    else fail(`Unknown line change "${key}": use qty, size, date or note`);
  }
  return change;
}

const ANSWERS: Record<string, string> = {
  received: 'RECEIVED',
  accepted: 'ACCEPTED',
  rejected: 'REJECTED',
  changed: 'ACCEPTED_WITH_CHANGES',
};

switch (command) {
  case 'list': {
    type Page = {
      data: (Order & { statusName: string; coreStatus: string; lineCount: number })[];
      total: number;
    };
    const page = await call<Page>('GET', '/orders?limit=200');
    print(page, (p) =>
      p.data.length === 0
        ? 'No orders.'
        : [
            ...p.data.map(
              (o) =>
                `${o.id}\t${o.dealerName}\t${po(o)}\t${o.statusName || o.coreStatus}\t${o.acknowledgement || 'not acknowledged'}\tETA ${o.eta ?? '—'}\t${o.lineCount} lines`,
            ),
            `${p.total} order${p.total === 1 ? '' : 's'}`,
          ].join('\n'),
    );
    break;
  }
  case 'show': {
    const order = await call<Order>('GET', `/orders/${orderId()}`);
    print(order, (o) =>
      [
        summary(o),
        ...o.context.orderLines.map(
          (l) =>
            `  line ${l.id}: ${l.windowGroupName} · ${l.productName} · ${l.configuration.width ?? '—'} × ${l.configuration.height ?? '—'} · qty ${l.quantity}`,
        ),
      ].join('\n'),
    );
    break;
  }
  case 'ack': {
    const id = orderId();
    const response = ANSWERS[args[1] ?? ''];
    if (!response) fail(`ack needs received, accepted, rejected or changed.\n${usage}`);
    const body = {
      response,
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
      ...(values.reference !== undefined ? { reference: values.reference } : {}),
      ...(values.line ? { lineChanges: values.line.map(lineChange) } : {}),
    };
    print(await call<Order>('POST', `/orders/${id}/acknowledge`, body), summary);
    break;
  }
  case 'status': {
    const id = orderId();
    const wanted = args.slice(1).join(' ').trim();
    if (!wanted) fail(`status needs a status name or id.\n${usage}`);
    const statuses = await call<{ id: number; name: string }[]>('GET', '/order-statuses');
    const status =
      statuses.find((s) => String(s.id) === wanted) ??
      statuses.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
    if (!status) {
      console.error(
        `No status "${wanted}". Statuses: ${statuses.map((s) => `${s.name} (${s.id})`).join(', ')}`,
      );
      process.exit(1);
    }
    print(await call<Order>('POST', `/orders/${id}/update`, { orderStatusId: status.id }), summary);
    break;
  }
  case 'eta': {
    const id = orderId();
    const date = args[1];
    if (!date) fail(`eta needs a date (yyyy-MM-dd) or none.\n${usage}`);
    print(await call<Order>('POST', `/orders/${id}/update`, { eta: date === 'none' ? null : date }), summary);
    break;
  }
  case 'freight': {
    const id = orderId();
    const amount = args[1];
    if (!amount) fail(`freight needs an amount (12.50).\n${usage}`);
    print(await call<Order>('POST', `/orders/${id}/update`, { freight: amount }), summary);
    break;
  }
  case 'track': {
    const id = orderId();
    const tracking = { carrier: values.carrier ?? '', number: values.number ?? '', url: values.url ?? '' };
    print(await call<Order>('POST', `/orders/${id}/update`, { tracking }), summary);
    break;
  }
  case 'notes': {
    const id = orderId();
    const text = args.slice(1).join(' ');
    print(await call<Order>('POST', `/orders/${id}/update`, { notes: text }), summary);
    break;
  }
  default:
    fail(`Unknown command "${command}".\n${usage}`);
}
