import { type CacheBus, DEAL_CHANNEL, LruMap } from '../../lib/cache-bus';

/** Per status id: the number of deals, and the sum of their latest quotes' totals. */
export type BoardColumns = { counts: Record<string, number>; quoteTotals: Record<string, string> };

/**
 * True column counts (and quote totals) of unfiltered boards, cached per (account, workflow, archived view) and
 * dropped whenever a deal of that workflow changes in any process (the deals NOTIFY trigger).
 * Filtered boards always count live.
 */
export class ColumnCounts {
  private readonly cache = new LruMap<string, BoardColumns>(5_000);
  private epoch = 0;

  constructor(private readonly bus?: CacheBus) {
    bus?.on(DEAL_CHANNEL, (payload) => {
      this.epoch += 1;
      const [account, workflow] = payload.split(':');
      this.cache.deleteWhere((_, key) => key.startsWith(`${account}:${workflow}:`));
    });
    bus?.subscribe((key) => {
      if (key === '*') this.cache.clear();
    });
  }

  /** `since`: the request's arrival, so the session's catch-up round trip answers for this hit too. */
  async get(key: string, load: () => Promise<BoardColumns>, since?: number): Promise<BoardColumns> {
    const useCache = this.bus?.healthy === true;
    const hit = useCache ? this.cache.get(key) : undefined;
    // Kept only if no earlier commit (a move through another process) evicted it meanwhile.
    if (hit && (await this.bus?.caughtUp(since)) && this.cache.get(key) === hit) return hit;
    const epoch = this.epoch;
    const counts = await load();
    if (useCache && epoch === this.epoch) this.cache.set(key, counts);
    return counts;
  }
}
