import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ErrorCode, FieldError } from '@slat/contracts';
import { AppError } from '../app-error';

/**
 * The PDF process (decision 017): every PDF is made, from the quote's reads to the stored file,
 * in a child process of the server that runs at the lowest CPU priority (the idle scheduling
 * class, on the last CPU) with PostgreSQL connections of its own, whose server processes run at
 * nice 19 on that CPU when the database is the embedded one. On a two-core machine a burst of PDFs then takes only the CPU
 * the API's own requests leave, instead of competing with them on the API thread, in
 * PostgreSQL and in the render thread. The API thread forwards a call and awaits its answer.
 *
 * The calls cross as JSON over Node's IPC channel: `{ id, method, args }` in,
 * `{ id, ok: true, value }` or `{ id, ok: false, error: { code, message, fields } }` out. An
 * AppError thrown in the child (404, 501) is the same AppError in the server; anything else is
 * logged by the child and answers INTERNAL. A child that answers nothing for `timeoutMs` while
 * calls wait (stuck, or starved of CPU for that long) is killed, to be started afresh by the next
 * call, and every call waiting on it answers UNAVAILABLE (503). The time counts from the child's
 * last answer, not from each call: a burst queued behind renders that keep finishing is served,
 * where a timeout per call killed the working child, and its whole queue with it, once the oldest
 * queued call grew old (measured: 149 of 151 PDFs answered 503 under a soak at load 16).
 */

type Call = { id: number; method: string; args: unknown[] };
type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; fields: FieldError[] } };

/** The child's own settings, passed in its environment. */
export const PDF_PROCESS_ENV = {
  databaseUrl: 'SLAT_PDF_DATABASE_URL',
  filesDir: 'SLAT_PDF_FILES_DIR',
  /** '1' when the database is the embedded PostgreSQL this machine runs (its backends may be reniced). */
  localDatabase: 'SLAT_PDF_LOCAL_DATABASE',
} as const;

/** The child's entry beside the server's bundle (dist/pdf-main.js), or undefined when running from source. */
export function pdfProcessEntry(): string | undefined {
  const file = fileURLToPath(new URL('./pdf-main.js', import.meta.url));
  return existsSync(file) ? file : undefined;
}

const firstOf = (paths: string[]) => paths.find((p) => existsSync(p));
/** util-linux's tools where the machine has them, looked up once. */
const tools = {
  chrt: process.platform === 'linux' ? firstOf(['/usr/bin/chrt', '/bin/chrt']) : undefined,
  nice: firstOf(['/usr/bin/nice', '/bin/nice']),
  taskset: firstOf(['/usr/bin/taskset', '/bin/taskset']),
};

/**
 * How the child is started so that every thread of it runs at the lowest priority from its first
 * instruction: Linux's idle scheduling class (`chrt --idle 0`: it runs only on a core nothing
 * else wants, and any other task that wakes takes the core at once), else `nice -n 19`, else as
 * it is (lowered after the start where allowed).
 */
function lowPriorityPrefix(): string[] {
  const { chrt, nice, taskset } = tools;
  const priority = chrt ? [chrt, '--idle', '0'] : nice ? [nice, '-n', '19'] : [];
  return PDF_CPU !== undefined && taskset ? [taskset, '--cpu-list', String(PDF_CPU), ...priority] : priority;
}

/**
 * The one CPU PDFs are made on when the machine has two or more (the last): the API's requests
 * always find a core nothing of the PDFs' runs on.
 */
const PDF_CPU =
  process.platform === 'linux' && os.availableParallelism() >= 2 ? os.availableParallelism() - 1 : undefined;

type Log = { warn: (obj: object, msg: string) => void };

export class PdfProcess {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { child: ChildProcess; resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private closed = false;
  /** When the child last answered, or was given work while it had none. */
  private lastProgressAt = 0;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(
    private readonly opts: {
      entry: string;
      env: Record<string, string>;
      log: Log;
      /** How long the child may answer nothing while calls wait before it is killed (they answer UNAVAILABLE). */
      timeoutMs: number;
      /** The message of an UNAVAILABLE answer. */
      unavailable: string;
      /** false: the child runs at the server's own priority (a test's stand-in on a busy machine). */
      lowPriority?: boolean;
    },
  ) {}

  /** Calls `method` in the child (started on first use, started again after it exits). */
  call<T>(method: string, args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The PDF process is closed'));
    const child = this.started();
    const id = this.nextId++;
    if (this.pending.size === 0) this.lastProgressAt = Date.now();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { child, resolve: (v) => resolve(v as T), reject });
      this.watch(method);
      child.send({ id, method, args } satisfies Call, (error) => {
        if (error) this.settle(id, undefined, error);
      });
    });
  }

  /** While calls wait: kills a child that has answered nothing for timeoutMs. */
  private watch(method: string): void {
    if (this.watchdog) return;
    const every = Math.max(50, Math.min(1000, Math.floor(this.opts.timeoutMs / 8)));
    this.watchdog = setInterval(() => {
      if (this.pending.size === 0) return this.unwatch();
      const silentMs = Date.now() - this.lastProgressAt;
      if (silentMs < this.opts.timeoutMs) return;
      this.opts.log.warn(
        { method, timeoutMs: this.opts.timeoutMs, waiting: this.pending.size },
        'PDF process answered nothing in time; killed',
      );
      this.unwatch();
      const stuck = this.child;
      if (stuck) {
        this.forget(stuck);
        stuck.kill('SIGKILL');
      }
    }, every);
    this.watchdog.unref();
  }

  /** A child that is ending: the next call starts another, and its calls answer UNAVAILABLE. */
  private forget(child: ChildProcess): void {
    if (this.child === child) this.child = undefined;
    for (const [id, waiting] of [...this.pending])
      if (waiting.child === child) this.settle(id, undefined, this.unavailable());
  }

  private unwatch(): void {
    clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  private unavailable(): AppError {
    return new AppError('UNAVAILABLE', this.opts.unavailable);
  }

  private started(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const lowPriority = this.opts.lowPriority !== false;
    const [command = process.execPath, ...args] = [
      ...(lowPriority ? lowPriorityPrefix() : []),
      process.execPath,
      ...process.execArgv,
      this.opts.entry,
    ];
    // A session of its own (detached), so its priority is its own under autogroup too; it still
    // ends with the server, through the IPC channel.
    const child = spawn(command, args, {
      env: { ...process.env, ...this.opts.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
      detached: true,
    });
    if (child.pid && lowPriority) lowestPriority(child.pid);
    child.on('message', (message: Answer) => {
      this.lastProgressAt = Date.now();
      if (message.ok) this.settle(message.id, message.value);
      else {
        const { code, message: text, fields } = message.error;
        this.settle(message.id, undefined, new AppError(code, text, fields));
      }
    });
    child.on('exit', (code, signal) => {
      if (!this.closed) this.opts.log.warn({ code, signal }, 'PDF process exited');
      this.forget(child);
    });
    child.on('error', (error) => {
      this.opts.log.warn({ err: error }, 'PDF process failed');
    });
    // The server may exit while the child idles: the child must not hold it open.
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    this.child = child;
    return child;
  }

  private settle(id: number, value: unknown, error?: Error): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.unwatch();
    if (error) waiting.reject(error);
    else waiting.resolve(value);
  }

  /** Ends the child (at shutdown): calls in flight are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.unwatch();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/**
 * In the child: answers the server's calls with `handlers`, and exits when the server is gone
 * (its IPC channel closes, whether it stopped or was killed).
 */
export function servePdfCalls(
  handlers: Record<string, (...args: never[]) => Promise<unknown>>,
  onGone: () => Promise<void>,
): void {
  process.on('message', (message: Call) => {
    void (async () => {
      let answer: Answer;
      try {
        const handler = Object.hasOwn(handlers, message.method) ? handlers[message.method] : undefined;
        if (!handler) throw new Error(`No PDF call named ${message.method}`);
        const value = await (handler as (...args: unknown[]) => Promise<unknown>)(...message.args);
        answer = { id: message.id, ok: true, value: value ?? null };
      } catch (error) {
        if (error instanceof AppError)
          answer = {
            id: message.id,
            ok: false,
            error: { code: error.code, message: error.message, fields: error.fields },
          };
        else {
          console.error('PDF call failed:', error instanceof Error ? (error.stack ?? error.message) : error);
          answer = {
            id: message.id,
            ok: false,
            error: { code: 'INTERNAL', message: 'PDF failed', fields: [] },
          };
        }
      }
      if (process.connected) process.send?.(answer);
    })();
  });
  let going = false;
  const gone = () => {
    if (going) return;
    going = true;
    void onGone().finally(() => process.exit(0));
  };
  process.on('disconnect', gone);
  process.on('SIGTERM', gone);
}

/**
 * The lowest CPU priority for a process: nice 19 and, where the kernel groups processes by
 * session for scheduling (Linux autogroup, /proc/<pid>/autogroup), nice 19 for its group too —
 * with autogroup on, a process's own nice only ranks it within its session, and the PDF process
 * and each PostgreSQL server process lead sessions of their own. Quietly does what it is allowed.
 */
function lowestPriority(pid: number): void {
  try {
    os.setPriority(pid, 19);
  } catch {
    // not allowed here
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    // no autogroup (off, not Linux) or not allowed
  }
}

/**
 * Lowers a PostgreSQL server process of this machine to the lowest CPU priority: only when it
 * is one (its command line says postgres), and only where the operating system allows.
 */
export function reniceDatabaseBackend(pid: number): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.startsWith('postgres')) return false;
  } catch {
    return false;
  }
  lowestPriority(pid);
  if (PDF_CPU !== undefined && tools.taskset)
    spawnSync(tools.taskset, ['--pid', '--cpu-list', String(PDF_CPU), String(pid)], { stdio: 'ignore' });
  return true;
}
