import { type CacheBus, LruMap } from '../../lib/cache-bus';

/** An account's company and its time zone, as the list's day bounds read them. */
export type AccountZone = { companyId: number; zone: string };
type Entry = AccountZone & { accountId: number };

/**
 * The company's time zone per account, for the purchase-order list's day bounds (decision 042),
 * kept in memory and evicted by the cache bus when the company row changes anywhere (its UPDATE
 * and DELETE announce 'company:<id>', migration 0002). A hit is trusted only once this process
 * has heard every commit made before the request arrived (`CacheBus.caughtUp`, decision 034: the
 * session's round trip answers for it), and only if it is still there afterwards; while the bus
 * is down every call reads the database. An account without a company row is never kept (an
 * INSERT is not announced): it reads UTC from the database each time.
 */
export class AccountZones {
  private readonly cache = new LruMap<number, Entry>(10_000);
  /** Bumped on every eviction, so a read that raced one is not kept. */
  private epoch = 0;

  constructor(private readonly bus: CacheBus | undefined) {
    bus?.subscribe((key) => {
      this.epoch += 1;
      const [kind, id] = key.split(':');
      if (kind === 'company') this.cache.deleteWhere((e) => e.companyId === Number(id));
      else if (key === '*') this.cache.clear();
    });
  }

  /**
   * The account's zone: the kept one when it holds, else `load`'s (undefined: no company, UTC).
   * `since`: the request's arrival (performance.now()).
   */
  async zoneOf(
    accountId: number,
    load: () => Promise<AccountZone | undefined>,
    since: number,
  ): Promise<string> {
    const useCache = this.bus?.healthy === true;
    const hit = useCache ? this.cache.get(accountId) : undefined;
    if (hit && (await this.bus?.caughtUp(since)) && this.cache.get(accountId) === hit) return hit.zone;
    const epoch = this.epoch;
    const found = await load();
    if (!found) return 'UTC';
    if (useCache && epoch === this.epoch) this.cache.set(accountId, { ...found, accountId });
    return found.zone;
  }
}
