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
 * logged by the child and answers INTERNAL. A call the child has not answered within `timeoutMs`
 * (stuck, or starved of CPU for that long) answers UNAVAILABLE (503) and the child is killed, to
 * be started afresh by the next call; calls in flight when the child ends answer the same.
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
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private closed = false;

  constructor(
    private readonly opts: {
      entry: string;
      env: Record<string, string>;
      log: Log;
      /** How long a call may take before it answers UNAVAILABLE and the child is started afresh. */
      timeoutMs: number;
      /** The message of an UNAVAILABLE answer. */
      unavailable: string;
    },
  ) {}

  /** Calls `method` in the child (started on first use, started again after it exits). */
  call<T>(method: string, args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The PDF process is closed'));
    const child = this.started();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.opts.log.warn(
          { method, timeoutMs: this.opts.timeoutMs },
          'PDF call timed out; PDF process killed',
        );
        this.settle(id, undefined, this.unavailable());
        child.kill('SIGKILL');
      }, this.opts.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject, timer });
      child.send({ id, method, args } satisfies Call, (error) => {
        if (error) this.settle(id, undefined, error);
      });
    });
  }

  private unavailable(): AppError {
    return new AppError('UNAVAILABLE', this.opts.unavailable);
  }

  private started(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const [command = process.execPath, ...args] = [
      ...lowPriorityPrefix(),
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
    if (child.pid) lowestPriority(child.pid);
    child.on('message', (message: Answer) => {
      if (message.ok) this.settle(message.id, message.value);
      else {
        const { code, message: text, fields } = message.error;
        this.settle(message.id, undefined, new AppError(code, text, fields));
      }
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (!this.closed) this.opts.log.warn({ code, signal }, 'PDF process exited');
      for (const id of [...this.pending.keys()]) this.settle(id, undefined, this.unavailable());
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
    clearTimeout(waiting.timer);
    if (error) waiting.reject(error);
    else waiting.resolve(value);
  }

  /** Ends the child (at shutdown): calls in flight are refused. */
  async close(): Promise<void> {
    this.closed = true;
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
