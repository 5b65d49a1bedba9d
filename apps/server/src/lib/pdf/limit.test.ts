import { describe, expect, it } from 'vitest';
import { limiter } from './limit';

describe('limiter', () => {
  it('runs at most its slots at once, in the order asked, and frees a slot on failure', async () => {
    const inTurn = limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (n: number) =>
      inTurn(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        if (n === 3) throw new Error('boom');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await job(7)).toBe(7);
  });
});
