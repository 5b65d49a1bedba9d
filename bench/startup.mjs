// npm run bench -- startup
// Times `npm start` (build already up to date) on a fresh data directory (initdb, migrate, seed)
// and again on the same directory, three times each; prints medians.
import fs from 'node:fs';
import { machine, median, startSlat, tempDataDir } from './lib.mjs';

const first = [];
const second = [];
for (let i = 0; i < 3; i++) {
  const dir = tempDataDir();
  const a = await startSlat({ cmd: 'npm', args: ['start'], env: { DATA_DIR: dir, DATABASE_URL: '' } });
  first.push(a.seconds);
  await a.stop();
  const b = await startSlat({ cmd: 'npm', args: ['start'], env: { DATA_DIR: dir, DATABASE_URL: '' } });
  second.push(b.seconds);
  await b.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`startup bench — ${new Date().toISOString().slice(0, 10)} — ${machine()}`);
console.log(
  `npm start, fresh data dir:  median ${median(first).toFixed(2)} s  (${first.map((s) => s.toFixed(2)).join(', ')})`,
);
console.log(
  `npm start, same data dir:   median ${median(second).toFixed(2)} s  (${second.map((s) => s.toFixed(2)).join(', ')})`,
);
console.log(`ratio second / first: ${(median(second) / median(first)).toFixed(2)}`);
