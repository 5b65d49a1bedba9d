import type { MeResponse } from '@slat/contracts';
import { type CacheBus, LruMap } from '../../lib/cache-bus';

type Entry = { profile: MeResponse; companyId: number };

/**
 * The signed-in profile (POST /old/auth/me) per user, kept in memory and evicted by the cache
 * bus when the user, their company, its modules or a country changes anywhere.
 */
export class ProfileCache {
  private readonly cache = new LruMap<number, Entry>(20_000);
  private epoch = 0;

  constructor(private readonly bus?: CacheBus) {
    bus?.subscribe((key) => {
      this.epoch += 1;
      const [kind, id] = key.split(':');
      if (kind === 'user') this.cache.delete(Number(id));
      else if (kind === 'company') this.cache.deleteWhere((e) => e.companyId === Number(id));
      else if (key === '*') this.cache.clear();
    });
  }

  /** `since`: the request's arrival, so the session's catch-up round trip answers for this hit too. */
  async get(userId: number, load: () => Promise<MeResponse>, since?: number): Promise<MeResponse> {
    const useCache = this.bus?.healthy === true;
    const hit = useCache ? this.cache.get(userId) : undefined;
    // Kept only if no earlier commit (in any process) evicted it meanwhile.
    if (hit && (await this.bus?.caughtUp(since)) && this.cache.get(userId) === hit) return hit.profile;
    const epoch = this.epoch;
    const profile = await load();
    if (useCache && epoch === this.epoch) this.cache.set(userId, { profile, companyId: profile.company.id });
    return profile;
  }

  /** Drops this process's copy at once after a write (other processes hear the trigger). */
  forget(userId: number): void {
    this.epoch += 1;
    this.cache.delete(userId);
  }
}
