import { isIPv6 } from 'node:net';
import { messages } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { AppError } from './app-error';

export type Limit = { key: string; max: number; windowSeconds: number };

/** A hit that was counted: `hits` is the window's count with it; `window` names the window (for a refund). */
export type Counted = { key: string; hits: number; window: string };

/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the same count.
 * Each hit is one statement that counts it and returns the new count, so a parallel burst is
 * counted exactly: the (max+1)th hit of a window is refused however many arrive at once.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit on each limit, in order, and refuses (429 with Retry-After) at the first whose
   * window now holds more than `max`; the hits counted before it stay counted.
   */
  async take(limits: Limit[]): Promise<Counted[]> {
    const counted: Counted[] = [];
    for (const limit of limits) {
      const { rows } = await this.db.execute<{ hits: number; window: string; retry: number }>(sql`
        INSERT INTO rate_limits AS r (key, window_start, hits) VALUES (${limit.key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE r.hits + 1 END,
          window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE r.window_start END
        RETURNING hits, window_start::text AS window,
          ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry`);
      const row = rows[0];
      if (!row) throw new Error(`rate limit ${limit.key}: the counter returned no row`);
      if (row.hits > limit.max) {
        throw new AppError('RATE_LIMITED', messages.tooManyAttempts, [], {
          'retry-after': String(Math.max(1, row.retry)),
        });
      }
      counted.push({ key: limit.key, hits: row.hits, window: row.window });
    }
    return counted;
  }

  /** Takes back hits that turned out not to count (a sign-in that succeeded), in their own window only. */
  async refund(counted: Counted[]): Promise<void> {
    for (const c of counted) {
      await this.db.execute(sql`
        UPDATE rate_limits SET hits = hits - 1
        WHERE key = ${c.key} AND window_start = ${c.window}::timestamptz AND hits > 0`);
    }
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
