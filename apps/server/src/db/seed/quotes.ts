import { type DealPhase, dealAlerts } from '@slat/domain';
import { sql } from 'drizzle-orm';
import { addLine, addWindows, copyOrderContents, updateLine } from '../../modules/order-contents/index';
import {
  addDealQuote,
  cloneDealQuote,
  setQuoteArchived,
  updateQuotePricing,
} from '../../modules/quotes/index';
import { loadWorkflows } from '../../modules/workflows/index';
import type { Db } from '../database';

/**
 * The demo's quotes: every demo deal in a Quoting, InProgress or Closed status gets a
 * quote with real lines — window groups named Building/Room/Window, demo-catalog products with
 * sizes inside their grids and every required option chosen — made through the quotes module's
 * services, which price the lines and keep the deals' alert counts right. Residential quotes are
 * measured in millimetres, Commercial ones in inches with fractions (quarters only for the
 * Heritage Imperial brand, which disables fine fractions). Exactly one line has an error (a glass
 * wall wider than its blind's grid: BAD_SIZE), one deal has a second quote with the first one
 * archived, and the first Quoting deal of the first workflow has none, so the 'Quoting without a
 * quote' alert shows too. Deterministic: no randomness, the same data for the same board. Each
 * job's lines are priced through addLine once; later quotes of the same job copy them.
 */

type Size = number | string;
type LineSpec = {
  /** `supplier/product` keys in demo-catalog.json. */
  product: string;
  width: Size;
  height: Size;
  options: string[];
  quantity?: number;
  notes?: string;
  /** How it is fitted (the line's site_mount); left out: not chosen yet. */
  mount?: 'INSIDE' | 'OUTSIDE';
};
type WindowSpec = { name: string; lines: LineSpec[] };
type QuoteSpec = { description: string; customerNotes: string; windows: WindowSpec[] };

const NOTES_RESIDENTIAL = 'Prices include measure and installation. Allow 3–4 weeks for manufacture.';
const NOTES_COMMERCIAL = 'Installed after hours in one visit per level. Valid for 30 days.';

/** Residential jobs, in millimetres. */
const RESIDENTIAL: QuoteSpec[] = [
  {
    description: 'Lounge and bedrooms',
    customerNotes: NOTES_RESIDENTIAL,
    windows: [
      {
        name: 'Home/Lounge/Left window',
        lines: [
          {
            product: 'coastline/roller-blockout',
            width: 1810,
            height: 2100,
            options: ['chain-left', 'rail-oval', 'sanctuary-chalk'],
            mount: 'INSIDE',
          },
        ],
      },
      {
        name: 'Home/Lounge/Right window',
        lines: [
          {
            product: 'coastline/roller-blockout',
            width: 1810,
            height: 2100,
            options: ['chain-right', 'rail-oval', 'sanctuary-chalk'],
            mount: 'INSIDE',
          },
        ],
      },
      {
        name: 'Home/Bedroom 1/Window',
        lines: [
          {
            product: 'coastline/honeycomb-double',
            width: 1200,
            height: 1450,
            options: ['cordless', 'cell-38-fog'],
            mount: 'OUTSIDE',
          },
        ],
      },
      {
        name: 'Home/Bedroom 2/Window',
        lines: [
          {
            product: 'coastline/roller-light-filter',
            width: 920,
            height: 1450,
            options: ['spring', 'rail-flat', 'linesque-oatmeal'],
          },
        ],
      },
    ],
  },
  {
    description: 'Kitchen, dining, study and patio',
    customerNotes: NOTES_RESIDENTIAL,
    windows: [
      {
        name: 'Home/Kitchen/Bay window',
        lines: [
          {
            product: 'sunview/venetian-aluminium',
            width: 780,
            height: 1200,
            quantity: 3,
            options: ['alu-white', 'cord-wand'],
            mount: 'INSIDE',
          },
        ],
      },
      {
        name: 'Home/Dining/Sliding door',
        lines: [
          {
            product: 'coastline/panel-glide',
            width: 2700,
            height: 2350,
            options: ['stack-split', 'solar-grey-bronze', 'wand'],
            mount: 'OUTSIDE',
          },
        ],
      },
      {
        name: 'Home/Study/Window',
        lines: [
          {
            product: 'sunview/shutter-basswood',
            width: 900,
            height: 1200,
            options: ['basswood-paint', 'louvre-89', 'frame-l', 'tilt-hidden'],
          },
        ],
      },
      {
        name: 'Outdoor/Patio/Awning',
        lines: [
          {
            product: 'sunview/awning-folding-arm',
            width: 3600,
            height: 2500,
            options: ['acrylic-charcoal-stripe', 'awning-motor', 'wind-sensor'],
          },
        ],
      },
    ],
  },
  {
    description: 'Master suite, family room and ensuite',
    customerNotes: NOTES_RESIDENTIAL,
    windows: [
      {
        name: 'Home/Master bedroom/Window',
        lines: [
          {
            product: 'coastline/curtain-sheer',
            width: 2400,
            height: 2400,
            options: ['s-fold', 'voile-snow', 'track-hand'],
            notes: 'Sheer in front of the blockout curtain, on a double track.',
          },
          {
            product: 'harbour-workroom/curtain-pinch-pleat',
            width: 2400,
            height: 2400,
            options: ['harbour-linen-driftwood', 'lining-blockout', 'track-ceiling'],
          },
        ],
      },
      {
        name: 'Home/Ensuite/Window',
        lines: [
          {
            product: 'sunview/venetian-timber',
            width: 600,
            height: 900,
            options: ['timber-white', 'ladder-tape'],
          },
        ],
      },
      {
        name: 'Home/Family room/Window',
        lines: [
          {
            product: 'coastline/vertical-fabric',
            width: 2100,
            height: 2000,
            options: ['stack-left', 'mode-stone'],
          },
        ],
      },
    ],
  },
  {
    description: 'Romans and shutters through the house',
    customerNotes: NOTES_RESIDENTIAL,
    windows: [
      {
        name: 'Home/Lounge/Window',
        lines: [
          {
            product: 'coastline/roman-classic',
            width: 1500,
            height: 1800,
            options: ['chain-clutch', 'belgian-natural', 'lining-thermal'],
          },
        ],
      },
      {
        name: 'Home/Bedroom 3/Window',
        lines: [
          {
            product: 'harbour-workroom/roman-relaxed',
            width: 1200,
            height: 1600,
            options: ['harbour-linen-salt', 'lining-cotton'],
          },
        ],
      },
      {
        name: 'Home/Laundry/Window',
        lines: [
          {
            product: 'coastline/vertical-pvc',
            width: 600,
            height: 900,
            options: ['stack-left', 'pvc-white'],
          },
        ],
      },
      {
        name: 'Home/Hallway/Door',
        lines: [
          {
            product: 'sunview/shutter-pvc',
            width: 800,
            height: 2000,
            options: ['pvc-white', 'louvre-64', 'frame-z', 'tilt-rod'],
          },
        ],
      },
    ],
  },
];

/** Commercial jobs, in inches: fine fractions where the brand takes them, quarters for Heritage Imperial. */
const COMMERCIAL: QuoteSpec[] = [
  {
    description: 'Offices, reception and boardroom',
    customerNotes: NOTES_COMMERCIAL,
    windows: [
      {
        name: 'Level 2/Reception/Glass wall',
        lines: [
          {
            product: 'coastline/roller-screen',
            width: '96 1/2',
            height: '84 3/8',
            quantity: 2,
            options: ['chain-left', 'rail-sealed', 'solar-white-pearl'],
          },
        ],
      },
      {
        name: 'Level 2/Office 1/Window',
        lines: [
          {
            product: 'sunview/venetian-aluminium',
            width: '36 3/8',
            height: '48 1/2',
            quantity: 2,
            options: ['alu-silver', 'cordless-v'],
          },
        ],
      },
      {
        name: 'Level 2/Boardroom/Window',
        lines: [
          {
            product: 'coastline/roller-double',
            width: '72 3/4',
            height: '60',
            options: ['motor-li-ion', 'rail-oval', 'duo-charcoal-black', 'fascia-115'],
          },
        ],
      },
      {
        name: 'Level 2/Kitchenette/Window',
        lines: [
          {
            product: 'harbour-workroom/heritage-venetian',
            width: '36 3/4',
            height: '48',
            options: ['faux-white'],
          },
        ],
      },
    ],
  },
  {
    description: 'Waiting room, surgeries and staff room',
    customerNotes: NOTES_COMMERCIAL,
    windows: [
      {
        name: 'Ground/Waiting room/Window',
        lines: [
          {
            product: 'harbour-workroom/heritage-roller',
            width: '48 1/2',
            height: '60 1/4',
            quantity: 2,
            options: ['chain-left', 'heritage-ivory'],
          },
        ],
      },
      {
        name: 'Ground/Surgery 1/Window',
        lines: [
          {
            product: 'harbour-workroom/heritage-honeycomb',
            width: '36 1/4',
            height: '48 3/4',
            options: ['cordless'],
          },
        ],
      },
      {
        name: 'Ground/Surgery 2/Window',
        lines: [
          {
            product: 'coastline/honeycomb-single',
            width: '35 5/8',
            height: '47 7/8',
            options: ['top-down-bottom-up', 'cell-45-alabaster'],
          },
        ],
      },
      {
        name: 'Level 1/Staff room/Window',
        lines: [
          {
            product: 'coastline/vertical-pvc',
            width: '70 1/8',
            height: '82',
            options: ['stack-right', 'pvc-grey'],
          },
        ],
      },
    ],
  },
  {
    description: 'Lobbies, gym and rooftop',
    customerNotes: NOTES_COMMERCIAL,
    windows: [
      {
        name: 'Building A/Lobby/Entry',
        lines: [
          {
            product: 'coastline/panel-glide',
            width: '120',
            height: '94 1/2',
            options: ['stack-split', 'solar-white-pearl'],
          },
        ],
      },
      {
        name: 'Building A/Gym/Window',
        lines: [
          {
            product: 'coastline/roller-screen',
            width: '59 1/16',
            height: '71',
            quantity: 4,
            options: ['chain-right', 'rail-flat', 'solar-grey-bronze'],
          },
        ],
      },
      {
        name: 'Building B/Lobby/Window',
        lines: [
          {
            product: 'sunview/shutter-aluminium',
            width: '47 3/16',
            height: '59',
            options: ['alu-satin', 'louvre-89', 'frame-l', 'tilt-rod'],
          },
        ],
      },
      {
        name: 'Building B/Rooftop/Awning',
        lines: [
          {
            product: 'sunview/awning-straight-drop',
            width: '141 3/4',
            height: '94 1/2',
            options: ['acrylic-ecru', 'crank'],
          },
        ],
      },
    ],
  },
];

/**
 * The demo's one line with an error, so a new user sees the warning panel: a glass wall measured
 * wider than the sunscreen roller's grid (124 1/2" is 3162 mm; the grid stops at 3000 mm).
 */
const BAD_SIZE_LINE: { window: string; line: LineSpec } = {
  window: 'Level 2/Reception/Feature glass wall',
  line: {
    product: 'coastline/roller-screen',
    width: '124 1/2',
    height: '96',
    options: ['chain-left', 'rail-sealed', 'solar-white-pearl'],
    notes: 'Wider than one blind: split it in two, or quote Panel Glide.',
  },
};

type DemoDeal = { id: number; workflowId: number; slug: string; phase: DealPhase };

const QUOTED_PHASES: DealPhase[] = ['Quoting', 'InProgress', 'Closed'];

/** The account's deals in Quoting, InProgress and Closed statuses, by workflow, status, then number. */
async function quotableDeals(db: Db, accountId: number): Promise<DemoDeal[]> {
  const { rows } = await db.execute<{ id: number; workflow_id: number; slug: string; phase: DealPhase }>(sql`
    SELECT d.id, d.workflow_id, w.slug, s.phase
      FROM deals d
      JOIN workflows w ON w.id = d.workflow_id
      JOIN workflow_statuses s ON s.id = d.status_id
     WHERE d.account_id = ${accountId} AND NOT d.is_archived
       AND s.phase IN (${sql.join(
         QUOTED_PHASES.map((p) => sql`${p}`),
         sql`, `,
       )})
     ORDER BY w.sort_order, w.id, s.sort_order, d.tuid`);
  return rows.map((r) => ({ id: r.id, workflowId: r.workflow_id, slug: r.slug, phase: r.phase }));
}

/** Product ids by `supplier/product` key. */
async function productIds(db: Db): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ id: number; key: string }>(sql`
    SELECT p.id, m.key || '/' || p.key AS key FROM products p JOIN manufacturers m ON m.id = p.manufacturer_id`);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Per job: the order of the first quote made from it without extras, which later quotes copy. */
type Made = Map<QuoteSpec, number>;

async function addWindowsAndLines(
  db: Db,
  accountId: number,
  orderId: number,
  products: Map<string, number>,
  windows: WindowSpec[],
  unit: 'mm' | 'in',
): Promise<void> {
  const { data: made } = await addWindows(
    db,
    accountId,
    orderId,
    windows.map((w) => ({ order_id: orderId, name: w.name })),
  );
  for (const [i, window] of windows.entries()) {
    const windowId = made[i]!.id;
    for (const line of window.lines) {
      const productId = products.get(line.product);
      if (productId === undefined) throw new Error(`Demo quotes: no product ${line.product} in the catalog`);
      const { data } = await addLine(db, accountId, orderId, windowId, {
        product_id: productId,
        quantity: line.quantity ?? 1,
        width: line.width,
        height: line.height,
        unit,
        details: { options: line.options },
        ...(line.notes ? { notes: line.notes } : {}),
      });
      // The mount is chosen on the product screen after the line is added, through the same PUT.
      if (line.mount) await updateLine(db, accountId, orderId, windowId, data.id, { site_mount: line.mount });
    }
  }
}

/**
 * A quote of `spec` on a deal. The first quote of a job gets its windows and lines added and
 * priced one by one; later quotes of the same job copy them (copyOrderContents: the same lines,
 * catalog version and prices), which keeps the seed fast.
 */
async function addQuote(
  db: Db,
  ids: { accountId: number; userId: number; dealId: number },
  products: Map<string, number>,
  made: Made,
  spec: QuoteSpec,
  unit: 'mm' | 'in',
  extra: { window: string; line: LineSpec } | undefined,
  exclusive = false,
): Promise<number> {
  const { accountId, userId, dealId } = ids;
  const { id } = await addDealQuote(db, accountId, userId, dealId, {
    description: spec.description,
    customerNotes: spec.customerNotes,
  });
  // Prices ex tax (a trade customer's quote), set before its lines so its total is priced so.
  if (exclusive)
    await db.execute(
      sql`UPDATE deal_quotes SET tax_mode = 'EXCLUSIVE' WHERE id = ${id} AND account_id = ${accountId}`,
    );
  // The order holding its windows and lines (the quote's externalId).
  const { rows } = await db.execute<{ order_id: number }>(
    sql`SELECT order_id FROM deal_quotes WHERE id = ${id} AND account_id = ${accountId}`,
  );
  const orderId = rows[0]!.order_id;
  const copyFrom = made.get(spec);
  if (copyFrom === undefined) {
    await addWindowsAndLines(db, accountId, orderId, products, spec.windows, unit);
    if (!extra) made.set(spec, orderId);
  } else await copyOrderContents(db, accountId, copyFrom, orderId);
  if (extra)
    await addWindowsAndLines(
      db,
      accountId,
      orderId,
      products,
      [{ name: extra.window, lines: [extra.line] }],
      unit,
    );
  return id;
}

/** A discount and a taxable installation fee, entered in the quote's tax mode. */
async function addDemoAdjustments(
  db: Db,
  accountId: number,
  userId: number,
  quoteId: number,
  exclusive: boolean,
): Promise<void> {
  const { rows } = await db.execute<{ last_updated_at: string }>(
    sql`SELECT last_updated_at FROM deal_quotes WHERE id = ${quoteId} AND account_id = ${accountId}`,
  );
  const amount = exclusive ? 'amountExTax' : 'amountIncTax';
  await updateQuotePricing(db, accountId, userId, quoteId, {
    lastUpdatedAt: new Date(rows[0]!.last_updated_at).toISOString(),
    adjustments: [
      { label: 'Returning customer discount', [amount]: '-150.00', taxType: 'NONE' },
      { label: 'Installation', [amount]: '220.00', taxType: 'STANDARD' },
    ],
  });
}

/** Seeds the demo deals' quotes (see the file comment). Call after the deals and the catalog. */
export async function seedDemoQuotes(db: Db, accountId: number, userId: number): Promise<void> {
  // One transaction (the services' own become savepoints): all the quotes or none, and one commit
  // instead of a hundred.
  await db.transaction((tx) => seedQuotes(tx, accountId, userId));
}

async function seedQuotes(db: Db, accountId: number, userId: number): Promise<void> {
  const deals = await quotableDeals(db, accountId);
  const products = await productIds(db);
  const [firstWorkflow] = [...new Set(deals.map((d) => d.workflowId))];
  const inFirst = deals.filter((d) => d.workflowId === firstWorkflow);
  const firstQuoting = inFirst.filter((d) => d.phase === 'Quoting');
  // The first Quoting deal of the first workflow waits for its measure: no quote, so its alert shows.
  const withoutQuote = firstQuoting[0]?.id;
  // The last Quoting deal of the first workflow was quoted twice: the first quote is archived.
  const requoted = firstQuoting.length > 1 ? firstQuoting.at(-1)!.id : undefined;
  const imperial = (d: DemoDeal) =>
    d.slug === 'commercial' || (d.slug !== 'residential' && d.workflowId !== firstWorkflow);
  const errorDeal =
    deals.find((d) => imperial(d) && d.phase === 'Quoting') ?? deals.find(imperial) ?? deals.at(-1);

  const seen = new Map<number, number>();
  const made: Made = new Map();
  const adjusted = new Set<boolean>();
  for (const deal of deals) {
    if (deal.id === withoutQuote) continue;
    const n = seen.get(deal.workflowId) ?? 0;
    seen.set(deal.workflowId, n + 1);
    const specs = imperial(deal) ? COMMERCIAL : RESIDENTIAL;
    const ids = { accountId, userId, dealId: deal.id };
    // Every other Commercial quote is priced ex tax: the demo has quotes in both tax modes.
    const exclusive = imperial(deal) && n % 2 === 1;
    const quoteId = await addQuote(
      db,
      ids,
      products,
      made,
      specs[n % specs.length]!,
      imperial(deal) ? 'in' : 'mm',
      deal.id === errorDeal?.id ? BAD_SIZE_LINE : undefined,
      exclusive,
    );
    // The first clean quote of each tax mode gets a discount and a taxable installation fee.
    if (!adjusted.has(exclusive) && deal.id !== errorDeal?.id && deal.id !== requoted) {
      adjusted.add(exclusive);
      await addDemoAdjustments(db, accountId, userId, quoteId, exclusive);
    }
    if (deal.id === requoted) {
      await cloneDealQuote(db, accountId, userId, quoteId, {
        description: `${specs[n % specs.length]!.description} (revised after the site visit)`,
      });
      await setQuoteArchived(db, accountId, quoteId, true);
    }
  }
}

/**
 * Benchmark data for `npm run seed -- --size N`: one quote for each bench deal (made by
 * seedBulkDeals) in a Quoting, InProgress or Closed status that has none — but one Quoting deal
 * in five keeps none, as on a real board — each a copy of the demo's first clean quote (its
 * windows and lines, prices and all), written in one statement; then those deals' alert counts
 * from the same rule as every other deal (their flags are still at their first values). Answers
 * the number of quotes made.
 */
export async function seedBulkQuotes(db: Db, accountId: number): Promise<number> {
  const { rows: templates } = await db.execute<{ id: number; order_id: number }>(sql`
    SELECT q.id, q.order_id FROM deal_quotes q
     WHERE q.account_id = ${accountId} AND NOT q.is_archived
       AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id)
       AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id AND l.errors <> '[]'::jsonb)
       AND NOT EXISTS (SELECT 1 FROM quote_adjustments a WHERE a.quote_id = q.id)
       AND q.total_sell_price_override IS NULL AND q.deposit_amount_override IS NULL AND q.sell_tax_override IS NULL
     ORDER BY q.id LIMIT 1`);
  const template = templates[0];
  if (!template) return 0;
  const targets = sql`
    SELECT d.id FROM deals d JOIN workflow_statuses s ON s.id = d.status_id
     WHERE d.account_id = ${accountId} AND d.name LIKE 'Bench deal %' AND NOT d.is_archived
       AND s.phase IN ('Quoting', 'InProgress', 'Closed') AND NOT (s.phase = 'Quoting' AND d.tuid % 5 = 0)
       AND NOT EXISTS (SELECT 1 FROM deal_quotes q WHERE q.deal_id = d.id)`;
  const dealIds = await db.transaction(async (tx) => {
    const { rows: counted } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (${targets}) t`,
    );
    const n = counted[0]?.n ?? 0;
    if (n === 0) return [];
    const { rows: counter } = await tx.execute<{ start: number }>(sql`
      INSERT INTO account_counters (account_id, name, value) VALUES (${accountId}, 'quote', ${n})
      ON CONFLICT (account_id, name) DO UPDATE SET value = account_counters.value + ${n}
      RETURNING value - ${n} AS start`);
    const start = counter[0]!.start;
    // New ids are taken from the sequences up front, so windows and lines can name them in the same statement.
    const { rows } = await tx.execute<{ deal_id: number }>(sql`
      WITH target AS (
        SELECT t.id AS deal_id, (row_number() OVER (ORDER BY t.id))::int AS rn,
               nextval(pg_get_serial_sequence('orders', 'id'))::int AS order_id
          FROM (${targets}) t
      ), new_orders AS (
        INSERT INTO orders (id, account_id, kind) SELECT order_id, ${accountId}, 'QUOTE' FROM target RETURNING id
      ), windows AS (
        SELECT target.order_id, w.id AS source_id, w.name, w.quantity, w.width_value, w.width_unit,
               w.height_value, w.height_unit, w.sort_order,
               nextval(pg_get_serial_sequence('order_windows', 'id'))::int AS new_id
          FROM target CROSS JOIN order_windows w
         WHERE w.order_id = ${template.order_id}
      ), new_windows AS (
        INSERT INTO order_windows (id, account_id, order_id, name, quantity, width_value, width_unit,
                                   height_value, height_unit, sort_order)
        SELECT new_id, ${accountId}, order_id, name, quantity, width_value, width_unit, height_value,
               height_unit, sort_order
          FROM windows
        RETURNING id
      ), new_lines AS (
        INSERT INTO order_lines (account_id, order_id, order_window_id, product_id, catalog_version_id,
               quantity, width_value, width_unit, height_value, height_unit, option_keys, notes, site_mount,
               is_taxable, has_freight, has_installation, markup_type, markup_value, markup_source,
               cost_price, sell_price, errors, sort_order)
        SELECT l.account_id, windows.order_id, windows.new_id, l.product_id, l.catalog_version_id,
               l.quantity, l.width_value, l.width_unit, l.height_value, l.height_unit, l.option_keys, l.notes,
               l.site_mount, l.is_taxable, l.has_freight, l.has_installation, l.markup_type, l.markup_value,
               l.markup_source, l.cost_price, l.sell_price, l.errors, l.sort_order
          FROM order_lines l JOIN windows ON windows.source_id = l.order_window_id
         WHERE l.order_id = ${template.order_id}
        RETURNING id
      )
      INSERT INTO deal_quotes (account_id, deal_id, order_id, tuid, description, customer_notes, status,
                               tax_mode, tax_percentage, deposit_percentage, grand_total_inc_tax, created_by)
      SELECT ${accountId}, target.deal_id, target.order_id, ${start} + target.rn, q.description,
             q.customer_notes, 'DRAFT', q.tax_mode, q.tax_percentage, q.deposit_percentage,
             q.grand_total_inc_tax, q.created_by
        FROM target CROSS JOIN deal_quotes q
       WHERE q.id = ${template.id}
      RETURNING deal_id`);
    const ids = rows.map((r) => Number(r.deal_id));
    for (const workflow of await loadWorkflows(tx, accountId)) {
      const flags = Object.fromEntries(workflow.flags.map((f) => [f.name, f.values[0]?.label ?? null]));
      for (const status of workflow.statuses) {
        const alerts = dealAlerts({
          phase: status.phase as DealPhase,
          statusName: status.name,
          flags,
          quoteCount: 1,
          orderCount: 0,
        });
        const warnings = alerts.filter((a) => a.type === 'warning').length;
        await tx.execute(sql`
          UPDATE deals SET alert_warnings = ${warnings}, alert_infos = ${alerts.length - warnings}
           WHERE status_id = ${status.id} AND id = ANY(${sql.param(ids)}::int[])`);
      }
    }
    return ids;
  });
  for (const table of ['orders', 'deal_quotes', 'order_windows', 'order_lines'])
    await db.execute(sql.raw(`ANALYZE ${table}`));
  return dealIds.length;
}
