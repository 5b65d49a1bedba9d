// The ports and data directories of one browser-test run, so that two runs on one machine never
// share either. Playwright evaluates its config in the runner and again in every worker: the runner
// chooses once and leaves its choice in the environment, which the workers and the web servers
// (e2e/serve.mjs) inherit, so every process of a run agrees.
//   E2E_WORKERS   how many workers run the spec files, each with a server and data of its own
//                 (default 1). Worker n (TEST_PARALLEL_INDEX) talks only to server n, so no spec
//                 ever meets another worker's data: the suite splits, it does not share.
//   E2E_PORT      set: server n listens on E2E_PORT + n; unset: ports free on 127.0.0.1 now.
//   E2E_DATA_DIR  set: server 0 uses it as given, server n its `-n` sibling (wiped at start, kept at
//                 the end); unset: fresh e2e/.data/run-<pid>-<random>[-n], removed when the server
//                 stops (serve.mjs).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Where the runs' own data directories live (gitignored). */
export const E2E_DATA_ROOT = path.resolve(import.meta.dirname, '.data');

/**
 * TCP ports free on 127.0.0.1 (the kernel's picks for port 0, held open together so they differ),
 * found synchronously in a child process because Playwright's config cannot await. They lie in
 * the ephemeral range, where no fixed-port service lives and concurrent runs draw different ports.
 */
function freePorts(count: number): number[] {
  const script =
    "const net=require('node:net');const n=Number(process.argv[1]);const servers=[];" +
    "const done=()=>{process.stdout.write(servers.map((s)=>s.address().port).join(','));servers.forEach((s)=>s.close());};" +
    "for(let i=0;i<n;i++){const s=net.createServer();servers.push(s);s.listen(0,'127.0.0.1',()=>{if(servers.every((x)=>x.listening))done();});}";
  const out = execFileSync(process.execPath, ['-e', script, String(count)], { encoding: 'utf8', env: {} });
  return out.split(',').map(Number);
}

const workers = Number(process.env.E2E_WORKERS ?? '1');
if (!Number.isInteger(workers) || workers < 1 || workers > 8) {
  throw new Error(
    `E2E_WORKERS must be a whole number from 1 to 8, not ${JSON.stringify(process.env.E2E_WORKERS)}`,
  );
}

if (!process.env.E2E_PORTS) {
  const first = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const ports =
    first === undefined ? freePorts(workers) : Array.from({ length: workers }, (_, n) => first + n);
  process.env.E2E_PORTS = ports.join(',');
}
if (!process.env.E2E_DATA_DIRS) {
  const given = process.env.E2E_DATA_DIR;
  const first = given ?? path.join(E2E_DATA_ROOT, `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  if (!given) process.env.E2E_DATA_DIR_TEMPORARY = '1';
  const dirs = Array.from({ length: workers }, (_, n) => (n === 0 ? first : `${first}-${n}`));
  process.env.E2E_DATA_DIRS = JSON.stringify(dirs.map((dir) => path.resolve(dir)));
}

/** Every server of this run: the port it listens on and its data directory, worker n's at n. */
export const E2E_SERVERS: { port: number; dataDir: string }[] = (() => {
  const ports = (process.env.E2E_PORTS ?? '').split(',').map(Number);
  const dirs = JSON.parse(process.env.E2E_DATA_DIRS ?? '[]') as string[];
  return ports.map((port, n) => {
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`E2E_PORT must be a TCP port, not ${JSON.stringify(process.env.E2E_PORT)}`);
    }
    return { port, dataDir: dirs[n] ?? `${dirs[0]}-${n}` };
  });
})();

/** This process's server: worker n's own (TEST_PARALLEL_INDEX), the first one in the runner. */
const own = (() => {
  const n = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  const server = E2E_SERVERS[n];
  // More workers than servers (`--workers`) would put two workers on one server's data.
  if (!server) throw new Error(`worker ${n} has no server of its own: set E2E_WORKERS, not --workers`);
  return server;
})();

export const E2E_PORT = own.port;
export const E2E_DATA_DIR = own.dataDir;
/** True when this run chose its data directories (serve.mjs removes each when its server stops). */
export const E2E_DATA_DIR_TEMPORARY = process.env.E2E_DATA_DIR_TEMPORARY === '1';
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
