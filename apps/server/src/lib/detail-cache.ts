import type { SerializedJson } from '../plugins/serialized-json';

/**
 * An order detail's written answers (decision 014: the quote detail, and the purchase-order
 * detail), kept per process by key, each with the stamp it was read under: the detail's header
 * row (its own fields, its order's version, the catalog's newest version…). A GET reads the
 * header (one statement, which it needs anyway) and answers the kept bytes when the stamp is the
 * same; anything else reads the detail afresh. Entries are dropped oldest-used first beyond
 * `maxBytes` of JSON (the compressed forms kept with it add a few per cent: a 200-line quote's
 * 242 KB is 4 KB of brotli).
 */
export class DetailCache<T> {
  private readonly entries = new Map<string, { stamp: string; body: SerializedJson<T> }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    /** What it keeps, for the error of a stale answer ('quote', 'purchase order'). */
    private readonly what: string,
    readonly mode: 'on' | 'off' | 'verify',
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string, stamp: string): SerializedJson<T> | undefined {
    if (this.mode === 'off') return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, stamp: string, body: SerializedJson<T>): void {
    if (this.mode === 'off') return;
    this.delete(key);
    this.entries.set(key, { stamp, body });
    this.bytes += body.json.length;
    for (const [k] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  /**
   * The answer for `key` under `stamp`: the kept one, or `readFresh()` kept. In 'verify' mode a hit
   * is also read afresh and must be byte for byte the same; a difference fails the request only
   * when the stamp still holds (a write between the two reads moves it), and drops the entry.
   */
  async answer(
    key: string,
    stamp: string,
    readFresh: () => Promise<SerializedJson<T>>,
    stampNow: () => Promise<string | undefined>,
  ): Promise<SerializedJson<T>> {
    const kept = this.get(key, stamp);
    if (kept && this.mode !== 'verify') return kept;
    const fresh = await readFresh();
    if (kept && !kept.json.equals(fresh.json) && (await stampNow()) === stamp) {
      this.delete(key);
      throw new Error(`The detail cache answered a stale ${this.what} ${key} under stamp ${stamp}`);
    }
    if (!kept) this.set(key, stamp, fresh);
    return fresh;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.json.length;
    this.entries.delete(key);
  }
}
