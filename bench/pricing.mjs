// npm run bench -- pricing   (or node bench/pricing.mjs; it needs no build)
// Line prices per second of the pure functions and the time to reprice a
// 1,000-line quote. The functions are packages/domain's own TypeScript, bundled as they are by
// esbuild into a temporary module: priceLine (packages/domain/src/line-pricing.ts) over the demo
// catalog's real definitions (apps/server/seed/demo-catalog.json: 30 products, grids up to 10 × 10,
// up to 5 option groups) with sizes inside their grids in mm and inches, every required option
// and some optional ones, quantities 1–3, mark-up and margin rules; priceQuote
// (quote-pricing.ts) over those lines in both tax modes with adjustments, a deposit override and
// the override total (taxable in EXCLUSIVE mode: its search). Medians of many runs, after warm-up.
// Budgets: ≥ 1,000,000 lines/s; a 1,000-line quote repriced in ≤ 5 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { machine, median, root } from './lib.mjs';

const LINES_PER_QUOTE = 1000;
const BUDGET_LINES_PER_SECOND = 1_000_000;
const BUDGET_QUOTE_MS = 5;

const bundled = await build({
  stdin: {
    contents: "export * from './line-pricing'; export * from './quote-pricing';",
    resolveDir: path.join(root, 'packages/domain/src'),
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  write: false,
});
const moduleFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slat-bench-pricing-')), 'pricing.mjs');
fs.writeFileSync(moduleFile, bundled.outputFiles[0].text);
const { priceLine, priceQuote } = await import(pathToFileURL(moduleFile).href);

// ——— Realistic inputs, deterministic (a small LCG, no Math.random) ———
let seed = 20261124;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (xs) => xs[Math.floor(random() * xs.length)];

const catalog = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/seed/demo-catalog.json'), 'utf8'));
const products = catalog.suppliers.flatMap((s) =>
  s.products.map((p) => ({
    flags: { hasWidth: p.hasWidth, hasHeight: p.hasHeight },
    definition: {
      unit: p.unit,
      sizeLimits: p.sizeLimits ?? {},
      priceGrid: p.priceGrid,
      optionGroups: p.optionGroups ?? [],
      rules: { incompatible: p.rules?.incompatible ?? [] },
    },
  })),
);
const rules = [
  { type: 'PERCENT_MARK_UP', value: '40' },
  { type: 'PERCENT_MARK_UP', value: '27.5' },
  { type: 'PERCENT_MARGIN', value: '35' },
];

/** A size inside the grid and the limits (in the grid's unit, or in inches to sixteenths for an mm grid now and then). */
function size(breakpoints, unit, low, high) {
  if (breakpoints.length === 0) return null;
  const max = Math.min(high ?? Number.POSITIVE_INFINITY, breakpoints.at(-1));
  const min = Math.max(low ?? 1, Math.round(breakpoints[0] * 0.6));
  const value = min + Math.floor(random() * (max - min));
  if (unit === 'mm' && random() < 0.3) {
    const sixteenths = Math.floor((value / 25.4) * 16);
    return { value: String(sixteenths / 16), unit: 'in' };
  }
  return { value: String(value), unit };
}

function lineInput() {
  const product = pick(products);
  const { definition } = product;
  const optionKeys = [];
  for (const group of definition.optionGroups)
    if (group.required || random() < 0.3) optionKeys.push(pick(group.options).key);
  return {
    product,
    input: {
      width: product.flags.hasWidth
        ? size(
            definition.priceGrid.widths,
            definition.unit,
            definition.sizeLimits.minWidth,
            definition.sizeLimits.maxWidth,
          )
        : null,
      height: product.flags.hasHeight
        ? size(
            definition.priceGrid.drops,
            definition.unit,
            definition.sizeLimits.minHeight,
            definition.sizeLimits.maxHeight,
          )
        : null,
      quantity: 1 + Math.floor(random() * 3),
      optionKeys,
    },
    rule: pick(rules),
  };
}

const inputs = Array.from({ length: 20_000 }, lineInput);
const priced = inputs.map((l) => priceLine(l.product.definition, l.product.flags, l.input, l.rule));
const errorShare = priced.filter((p) => p.errors.length > 0).length / priced.length;
const quoteLines = priced.slice(0, LINES_PER_QUOTE).map((p) => ({
  sell: p.sell,
  taxable: random() < 0.9,
  hasErrors: p.errors.length > 0,
}));

function quoteInput(taxMode, overrideTotal) {
  const amount = (x) => x;
  return {
    lines: quoteLines,
    taxMode,
    taxPercentage: taxMode === 'INCLUSIVE' ? '10' : '8.875',
    depositPercentage: '50',
    adjustments: [
      { label: 'Installation', amount: amount('1250.00'), taxType: 'STANDARD' },
      { label: 'Discount', amount: amount('-500.00'), taxType: 'NONE' },
    ],
    depositAmountOverride: '5000',
    sellTaxOverride: null,
    overrideTotal,
  };
}
const grand = priceQuote(quoteInput('EXCLUSIVE', null)).sellGrandTotalIncTax;
// 5 % off, as the percentage-discount dialog makes it: R(total × 0.95).
const discounted = (Math.round(Number(grand) * 95) / 100).toFixed(2);
const quotes = {
  'INCLUSIVE, adjustments, deposit override': quoteInput('INCLUSIVE', null),
  'EXCLUSIVE, adjustments, deposit override': quoteInput('EXCLUSIVE', null),
  'EXCLUSIVE, taxable override total (the search)': quoteInput('EXCLUSIVE', {
    amount: discounted,
    taxable: true,
  }),
  'INCLUSIVE, override total': quoteInput('INCLUSIVE', { amount: discounted, taxable: true }),
};

// ——— Measurements ———

/**
 * Runs `fn` `times` times per sample, `samples` samples after a warm-up: the median ms per call
 * of CPU time (this process's user + system time, GC threads included), which a shared, loaded
 * VM disturbs less than wall time; the wall-time median is printed beside it.
 */
const wall = [];
function timePerCall(fn, { times, samples = 15 }) {
  for (let i = 0; i < times; i += 1) fn(i);
  const cpu = [];
  const elapsed = [];
  for (let s = 0; s < samples; s += 1) {
    const startCpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let i = 0; i < times; i += 1) fn(i);
    elapsed.push(Number(process.hrtime.bigint() - start) / 1e6 / times);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000 / times);
  }
  wall.push(median(elapsed));
  return median(cpu);
}

let sink = 0;
const lineMs = timePerCall(
  (i) => {
    const l = inputs[i % inputs.length];
    sink += priceLine(l.product.definition, l.product.flags, l.input, l.rule).errors.length;
  },
  { times: inputs.length },
);
const linesPerSecond = 1000 / lineMs;

const quoteResults = Object.entries(quotes).map(([name, input]) => {
  const ms = timePerCall(() => (sink += priceQuote(input).adjustments.length), { times: 20, samples: 25 });
  return { name, ms, linesPerSecond: (LINES_PER_QUOTE * 1000) / ms };
});

// A full reprice: every line through priceLine, then priceQuote (what "Update now" would compute).
const fullInputs = inputs.slice(0, LINES_PER_QUOTE);
const fullMs = timePerCall(
  () => {
    const lines = fullInputs.map((l, i) => {
      const p = priceLine(l.product.definition, l.product.flags, l.input, l.rule);
      return { sell: p.sell, taxable: quoteLines[i].taxable, hasErrors: p.errors.length > 0 };
    });
    sink += priceQuote({ ...quotes['EXCLUSIVE, taxable override total (the search)'], lines }).adjustments
      .length;
  },
  { times: 5, samples: 25 },
);

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const [lineWall, ...restWall] = wall;
const fullWall = restWall.at(-1);
const verdict = (ok) => (ok ? 'within' : 'OVER');
console.log(`\npricing bench — ${new Date().toISOString().slice(0, 10)}, ${machine()}`);
console.log(
  `inputs: ${inputs.length} lines over ${products.length} demo products (${(errorShare * 100).toFixed(1)} % priced with an error), quotes of ${LINES_PER_QUOTE} lines`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
console.log('| what | CPU time (wall) | lines/s | budget |');
console.log('|---|---|---|---|');
console.log(
  `| priceLine, one line | ${(lineMs * 1000).toFixed(2)} µs (${(lineWall * 1000).toFixed(2)} µs) | **${fmt(linesPerSecond)}** | ≥ 1,000,000 — ${verdict(linesPerSecond >= BUDGET_LINES_PER_SECOND)} |`,
);
for (const [i, r] of quoteResults.entries())
  console.log(
    `| priceQuote, ${LINES_PER_QUOTE} lines — ${r.name} | **${r.ms.toFixed(3)} ms** (${restWall[i].toFixed(3)} ms) | ${fmt(r.linesPerSecond)} | ≤ 5 ms — ${verdict(r.ms <= BUDGET_QUOTE_MS)}; ≥ 1,000,000 lines/s — ${verdict(r.linesPerSecond >= BUDGET_LINES_PER_SECOND)} |`,
  );
console.log(
  `| full reprice: priceLine × ${LINES_PER_QUOTE} + priceQuote (taxable override) | **${fullMs.toFixed(3)} ms** (${fullWall.toFixed(3)} ms) | ${fmt((LINES_PER_QUOTE * 1000) / fullMs)} | ≤ 5 ms — ${verdict(fullMs <= BUDGET_QUOTE_MS)} |`,
);
if (sink === -1) console.log(sink);
fs.rmSync(path.dirname(moduleFile), { recursive: true, force: true });
