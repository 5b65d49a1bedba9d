import type { SerializedJson } from '../../plugins/serialized-json';

/**
 * The quote detail's written answers (decision 014), kept per process by account, quote and the
 * asker's tax-override permission, each with the stamp it was read under: the quote's header row
 * (its own fields, its deal's and workflow's, the measure system, its order's version, the
 * catalog's newest version, the permission). A GET reads the header (one statement, which it
 * needs anyway) and answers the kept bytes when the stamp is the same; anything else reads the
 * quote afresh. Entries are dropped oldest-used first beyond `maxBytes` of JSON (the compressed
 * forms kept with it add a few per cent: a 200-line quote's 242 KB is 4 KB of brotli).
 */
export class QuoteDetailCache<T> {
  private readonly entries = new Map<string, { stamp: string; body: SerializedJson<T> }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
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

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.json.length;
    this.entries.delete(key);
  }
}
