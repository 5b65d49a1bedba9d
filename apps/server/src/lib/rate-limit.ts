import { isIPv6 } from 'node:net';
import { messages } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { AppError } from './app-error';

export type Limit = { key: string; max: number; windowSeconds: number };

/** A hit that was counted: `hits` is the window's count with it. */
export type Counted = { key: string; hits: number };

/**
 * An attempt in flight under a limit: `failed` is the failures its window held when it began;
 * `window` names the window of the in-flight count, so settling never touches a later one.
 */
export type Attempt = { limit: Limit; failed: number; window: string };

/** How long an attempt waits for the attempts in flight before it (they may succeed) before refusing. */
const WAIT_MS = 5_000;

const refused = (retrySeconds: number) =>
  new AppError('RATE_LIMITED', messages.tooManyAttempts, [], {
    'retry-after': String(Math.max(1, retrySeconds)),
  });

const pendingKey = (limit: Limit) => `${limit.key}:pending`;

/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the same count. Each
 * step is one statement that changes the count and returns it, so a parallel burst is counted
 * exactly (decision 011).
 * - `take`: every hit counts; the (max+1)th of a window is refused however many arrive at once.
 * - `refuseWhenFull` … `take` on failure: only failures count, each exactly (supplier credentials);
 *   a call that succeeds only reads.
 * - `attempt` … `settle`: only failures count (sign-in, reset). An attempt is counted as in
 *   flight before it is checked, and goes ahead only if, were every attempt in flight to fail, the
 *   failures would still be within the max; otherwise it waits for them (they may succeed), and it
 *   is refused once the failures alone reach the max.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one hit on each limit, in order, and refuses (429 with Retry-After) at the first over its max. */
  async take(limits: Limit[]): Promise<Counted[]> {
    const counted: Counted[] = [];
    for (const limit of limits) {
      const [row] = await this.add(limit, [[limit.key, 1]]);
      if (!row) throw new Error(`rate limit ${limit.key}: the counter returned no row`);
      if (row.hits > limit.max) throw refused(row.retry);
      counted.push({ key: limit.key, hits: row.hits });
    }
    return counted;
  }

  /**
   * Refuses (429) when a limit's current window already holds its max; counts nothing, writes
   * nothing. With `take` on failures only, a call that passes costs one read and no row lock.
   */
  async refuseWhenFull(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const { rows } = await this.db.execute<{ hits: number; retry: number }>(sql`
        SELECT hits,
               ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry
          FROM rate_limits
         WHERE key = ${limit.key} AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
      const row = rows[0];
      if (row && row.hits >= limit.max) throw refused(row.retry);
    }
  }

  /** Begins an attempt under each limit (see the class); settle every attempt it returns. */
  async attempt(limits: Limit[]): Promise<Attempt[]> {
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const held: Attempt[] = [];
      let wait = false;
      for (const limit of limits) {
        const rows = await this.add(limit, [
          [limit.key, 0],
          [pendingKey(limit), 1],
        ]);
        const failed = rows.find((r) => r.key === limit.key);
        const pending = rows.find((r) => r.key === pendingKey(limit));
        if (!failed || !pending) throw new Error(`rate limit ${limit.key}: the counter returned no row`);
        held.push({ limit, failed: failed.hits, window: pending.window });
        if (failed.hits >= limit.max) {
          await this.settle(held, false);
          throw refused(failed.retry);
        }
        if (failed.hits + pending.hits > limit.max) {
          wait = true;
          break;
        }
      }
      if (!wait) return held;
      await this.settle(held, false);
      if (Date.now() > deadline) throw refused(1);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** Ends attempts: each leaves the in-flight count (of its own window), and adds a failure if `failed`. */
  async settle(attempts: Attempt[], failed: boolean): Promise<void> {
    for (const { limit, window } of attempts) {
      const pending = pendingKey(limit);
      await this.add(
        limit,
        [
          [limit.key, failed ? 1 : 0],
          [pending, 0],
        ],
        { key: pending, window },
      );
    }
  }

  /**
   * Adds to counters of one limit in one statement, keys in order (so two statements lock rows
   * in the same order), starting a new window where the old one is over, and returns them.
   * `release`: takes one off that counter instead, if it is still in that window.
   */
  private async add(
    limit: Limit,
    addends: [key: string, add: number][],
    release?: { key: string; window: string },
  ) {
    const over = sql`r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`;
    const values = sql.join(
      addends.map(([key, add]) => sql`(${key}, now(), ${add}::int)`),
      sql`, `,
    );
    const released = release ? sql`r.key = ${release.key}` : sql`false`;
    const own = release ? sql`r.window_start = ${release.window}::timestamptz` : sql`false`;
    const { rows } = await this.db.execute<{ key: string; hits: number; window: string; retry: number }>(sql`
      INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ${values}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${released} THEN CASE WHEN ${own} THEN greatest(r.hits - 1, 0) ELSE r.hits END
          WHEN ${over} THEN EXCLUDED.hits ELSE r.hits + EXCLUDED.hits END,
        window_start = CASE WHEN ${released} THEN r.window_start WHEN ${over} THEN now() ELSE r.window_start END
      RETURNING key, hits, window_start::text AS window,
        ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry`);
    return rows;
  }

  async purgeExpired(): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  }
}

/**
 * The address a limit counts: an IPv4 address as it is (also when mapped into IPv6), an IPv6
 * address by its /64, the prefix one subscriber gets, so a host cannot step through its addresses.
 */
export function limitAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  // An embedded IPv4 tail (…:1.2.3.4) holds two groups.
  const right = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const full =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
