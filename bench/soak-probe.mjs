// Preloaded into the server by bench/soak.mjs (node --import ./bench/soak-probe.mjs …): every
// SOAK_PROBE_MS (default 5000) it appends one JSON line to SOAK_PROBE_FILE with this process's
// memory, the event-loop delay of the interval just ended (monitorEventLoopDelay, then reset) and
// the RSS of the PDF process(es) it started (from /proc). It changes nothing in the server.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
// The server forks its PDF process with the same --import and environment: only the process the
// bench started samples (each line carries its pid, and children no longer see the file's name).
delete process.env.SOAK_PROBE_FILE;
const every = Number(process.env.SOAK_PROBE_MS ?? 5000);
// 10 ms: Node's default sampling; a stall shorter than that is not seen, a longer one is measured.
const RESOLUTION_MS = 10;

/** Child pids from each of our threads' /proc children file (a few small reads), or null where the kernel has none. */
function childPids() {
  try {
    const pids = [];
    for (const tid of fs.readdirSync(`/proc/${process.pid}/task`))
      pids.push(
        ...fs.readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean),
      );
    return pids;
  } catch {
    return null;
  }
}

/** RSS in bytes of this process's children running the PDF entry point (none until the first PDF). */
function pdfProcesses() {
  const found = [];
  let names = childPids();
  if (names === null) {
    try {
      names = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
    } catch {
      return found; // not Linux: no /proc
    }
  }
  for (const name of names) {
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      if (!fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('pdf-main')) continue;
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      found.push({ pid: Number(name), rss: kb * 1024 });
    } catch {
      // a process that ended while it was read
    }
  }
  return found;
}

if (file) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const sample = () => {
    const m = process.memoryUsage();
    const line = {
      t: Date.now(),
      pid: process.pid,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      // nanoseconds; the percentile map lets the bench merge intervals into any window
      eld: {
        count: delay.count,
        min: delay.min,
        max: delay.max,
        mean: delay.mean,
        p50: delay.percentile(50),
        p99: delay.percentile(99),
        percentiles: delay.count > 0 ? [...delay.percentiles] : [],
      },
      pdf: pdfProcesses(),
    };
    delay.reset();
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  // unref: the probe never keeps the server alive on its own
  setInterval(sample, every).unref();
}
