import pg from 'pg';

export const CACHE_CHANNEL = 'slat_cache';
/** Deal changes for live boards (migration 0006): payload 'accountId:workflowId:dealId'. */
export const DEAL_CHANNEL = 'slat_deals';
/** Supplier-order changes for live order pages (migration 0019): payload 'accountId:orderId:supplierOrderId'. */
export const SUPPLIER_ORDER_CHANNEL = 'slat_supplier_orders';

type Listener = (key: string) => void;
/** The channels besides the cache's that a process listens to. */
export type BusChannel = typeof DEAL_CHANNEL | typeof SUPPLIER_ORDER_CHANNEL;
type Log = { warn: (obj: object, msg: string) => void };

/**
 * Cache invalidation across server processes. Triggers in PostgreSQL announce every change to a
 * cached row on `slat_cache` (migration 0002); one LISTEN connection per process hears them.
 * While that connection is down, `healthy` is false and caches must be bypassed; on reconnect
 * every cache is cleared ('*'), since announcements may have been missed.
 */
export class CacheBus {
  private client: pg.Client | undefined;
  private listeners: Listener[] = [];
  private channelListeners = new Map<string, Set<Listener>>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The catch-up round trip on the wire, and the one that begins when it ends (see caughtUp). */
  private onWire: { sentAt: number; done: Promise<boolean> } | undefined;
  private nextTrip: Promise<boolean> | undefined;
  /** When the newest completed round trip on this connection was sent: all before it is heard. */
  private heardAsOf = Number.NEGATIVE_INFINITY;
  healthy = false;

  constructor(
    private readonly url: string,
    private readonly log: Log,
  ) {}

  subscribe(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Listens to another channel on the same connection (e.g. DEAL_CHANNEL); returns the unsubscribe. */
  on(channel: BusChannel, listener: Listener): () => void {
    let set = this.channelListeners.get(channel);
    if (!set) {
      set = new Set();
      this.channelListeners.set(channel, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(key: string): void {
    for (const l of this.listeners) l(key);
  }

  /**
   * Resolves true once this process has heard every notification committed before `since` (a
   * `performance.now()` instant: the request's arrival, by default the call), so a cached entry
   * still there afterwards was not changed by a commit that came first (a sign-out through another
   * process, then this request). One round trip on the LISTEN connection: PostgreSQL sends a
   * listener its pending notifications before its answer to a query. A round trip sent after
   * `since` answers for it, so a request pays for at most one, and concurrent callers share one.
   * False while the bus is down (bypass the cache).
   */
  caughtUp(since = performance.now()): Promise<boolean> {
    if (!this.healthy || !this.client) return Promise.resolve(false);
    if (this.heardAsOf >= since) return Promise.resolve(true);
    if (!this.onWire) return this.startTrip();
    if (this.onWire.sentAt >= since) return this.onWire.done;
    this.nextTrip ??= this.onWire.done.then(() => {
      this.nextTrip = undefined;
      // A trip begun since the last one ended began after these callers called: share it.
      return this.onWire?.done ?? this.startTrip();
    });
    return this.nextTrip;
  }

  private startTrip(): Promise<boolean> {
    const client = this.client;
    if (!client) return Promise.resolve(false);
    const sentAt = performance.now();
    const done: Promise<boolean> = client
      .query('SELECT 1')
      .then(
        () => {
          const heard = this.healthy && this.client === client;
          if (heard) this.heardAsOf = Math.max(this.heardAsOf, sentAt);
          return heard;
        },
        () => false,
      )
      .finally(() => {
        if (this.onWire?.done === done) this.onWire = undefined;
      });
    this.onWire = { sentAt, done };
    return done;
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'slat-cache-bus' });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === CACHE_CHANNEL) this.emit(msg.payload);
      else for (const l of this.channelListeners.get(msg.channel) ?? []) l(msg.payload);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.healthy = false;
      this.client = undefined;
      this.heardAsOf = Number.NEGATIVE_INFINITY;
      this.emit('*');
      client.end().catch(() => {});
      if (this.closed) return;
      if (err) this.log.warn({ err }, 'cache bus connection lost; caches bypassed until it is back');
      this.retryTimer = setTimeout(() => void this.start().catch(() => {}), 1000);
      this.retryTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      await client.query(`LISTEN ${DEAL_CHANNEL}`);
      await client.query(`LISTEN ${SUPPLIER_ORDER_CHANNEL}`);
    } catch (error) {
      this.client = client;
      lost(error as Error);
      throw error;
    }
    this.client = client;
    this.emit('*');
    this.healthy = true;
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** A small LRU map: the oldest entry goes when it is full. */
export class LruMap<K, V> {
  private map = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  deleteWhere(test: (value: V, key: K) => boolean): void {
    for (const [k, v] of this.map) if (test(v, k)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
