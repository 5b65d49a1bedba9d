import { messages } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { AppError } from './app-error';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the same count.
 * `check` refuses once a window holds `max` hits; `hit` records one.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async check(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const { rows } = await this.db.execute<{ hits: number; retry: number }>(sql`
        SELECT hits, ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry
        FROM rate_limits
        WHERE key = ${limit.key} AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
      const row = rows[0];
      if (row && row.hits >= limit.max) {
        throw new AppError('RATE_LIMITED', messages.tooManyAttempts, [], {
          'retry-after': String(Math.max(1, row.retry)),
        });
      }
    }
  }

  async hit(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      await this.db.execute(sql`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${limit.key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE rate_limits.window_start END`);
    }
  }

  /** Counts the attempt first, then refuses if it went over: for calls limited on every attempt. */
  async consume(limits: Limit[]): Promise<void> {
    await this.check(limits);
    await this.hit(limits);
  }

  async purgeExpired(): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  }
}
