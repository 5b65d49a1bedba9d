// npm run bench -- <name…>: runs bench/<name>.mjs for each name (every bench when none is given)
// and rewrites that bench's section of bench/RESULTS.md with what it printed, the date, the
// machine, the load average before and after, and how long it took. RESULTS.md keeps the latest
// figures of each bench; the history is in git. A bench that fails before its verdict keeps its
// previous figures; one that misses a budget has its figures written; either way the run goes on
// to the next bench and exits 1 at the end.
// `--no-write` runs without touching RESULTS.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from './lib.mjs';
import { budgetsOf, replaceSection, summaryTable } from './results-file.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsPath = path.join(here, 'RESULTS.md');
// The long ones last, so a full run gives the quick figures first.
const LAST = ['durability', 'soak'];
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs', 'results-file.mjs'].includes(f))
  .filter((f) => !/-(probe|worker|helpers?)\.mjs$/.test(f))
  .map((f) => f.replace(/\.mjs$/, ''))
  .sort((a, b) => (LAST.indexOf(a) - LAST.indexOf(b)) * 100 + a.localeCompare(b));
const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const asked = args.filter((a) => !a.startsWith('--'));
const names = asked.length ? asked : available;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`No bench '${name}'. Available: ${available.join(', ')}`);
    process.exit(2);
  }
}

const load = () => os.loadavg()[0].toFixed(1);
const took = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 90 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

/** Runs one bench with its output shown as it comes and kept for RESULTS.md. */
function runBench(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, `${name}.mjs`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

const failed = [];
for (const name of names) {
  const loadBefore = load();
  const started = Date.now();
  const { code, out } = await runBench(name);
  // a bench that ran to its verdict and found a budget missed exits 1 too: its figures are kept
  const budgets = budgetsOf(out);
  if (code !== 0) failed.push(name);
  if (code !== 0 && budgets.over === 0) {
    console.error(`bench ${name} failed (exit ${code}); RESULTS.md keeps its previous figures`);
    continue;
  }
  if (!write) continue;
  const when = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
  const header = {
    name,
    when: `${when} UTC`,
    machine: machine(),
    load: `load average ${loadBefore} before, ${load()} after`,
    took: took(Date.now() - started),
    budgets,
  };
  const text = fs.existsSync(resultsPath) ? fs.readFileSync(resultsPath, 'utf8') : '';
  const updated = replaceSection(text, header, out);
  fs.writeFileSync(resultsPath, summaryTable(updated));
  console.log(`bench ${name}: figures written to bench/RESULTS.md`);
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
