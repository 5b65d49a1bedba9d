import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { serverSecrets, sessions, users } from '../db/schema';
import { type CacheBus, LruMap } from '../lib/cache-bus';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/secrets';

export const SESSION_COOKIE = 'slat_session';
export const IDLE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most once a minute, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SignedInSession = {
  idHash: string;
  userId: number;
  accountId: number;
  companyId: number;
  remember: boolean;
};

const COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type CachedSession = { session: SignedInSession; expiresAt: number; lastSeenAt: number };

/**
 * Sessions live in PostgreSQL; the cookie holds 256 random bits and the table only their hash.
 * Each process keeps recently used sessions in memory, evicted by the cache bus whenever the row
 * changes anywhere (logout, reset, expiry touch) and bypassed while the bus is down.
 */
export class SessionStore {
  private csrfKey: string | undefined;
  private readonly cache = new LruMap<string, CachedSession>(20_000);
  /** Bumped on every eviction, so a read that raced an eviction is not cached. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly secureCookies: boolean,
    private readonly bus?: CacheBus,
  ) {
    bus?.subscribe((key) => {
      this.epoch += 1;
      if (key === '*') this.cache.clear();
      else if (key.startsWith('session:')) this.cache.delete(key.slice('session:'.length));
    });
  }

  /** The CSRF signing key, made once per database and shared by every server process. */
  async key(): Promise<string> {
    if (this.csrfKey) return this.csrfKey;
    await this.db
      .insert(serverSecrets)
      .values({ name: 'csrf', value: randomToken() })
      .onConflictDoNothing({ target: serverSecrets.name });
    const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'csrf'));
    this.csrfKey = row!.value;
    return this.csrfKey;
  }

  cookieValue(request: FastifyRequest): string | undefined {
    const value = request.cookies[SESSION_COOKIE];
    return value && COOKIE_PATTERN.test(value) ? value : undefined;
  }

  async csrfToken(cookie: string): Promise<string> {
    return hmac(await this.key(), `csrf:${cookie}`);
  }

  async verifyCsrf(cookie: string | undefined, token: unknown): Promise<boolean> {
    if (!cookie || typeof token !== 'string' || token.length === 0) return false;
    return safeEqual(await this.csrfToken(cookie), token);
  }

  setCookie(reply: FastifyReply, value: string, remember: boolean): void {
    reply.setCookie(SESSION_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      ...(remember ? { maxAge: REMEMBER_LIFETIME_MS / 1000 } : {}),
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
    });
  }

  /** `since`: the request's arrival (performance.now()), for the cache's catch-up (CacheBus.caughtUp). */
  async find(cookie: string, since = performance.now()): Promise<SignedInSession | undefined> {
    const idHash = sha256(cookie);
    const useCache = this.bus?.healthy === true;
    const cached = useCache ? this.cache.get(idHash) : undefined;
    const now = Date.now();
    // Still there once every earlier commit was heard: not signed out through another process.
    if (
      cached &&
      cached.expiresAt > now &&
      (await this.caughtUp(since)) &&
      this.cache.get(idHash) === cached
    ) {
      if (now - cached.lastSeenAt > TOUCH_INTERVAL_MS) await this.touch(idHash, cached.session.remember);
      return cached.session;
    }
    const epoch = this.epoch;
    const [row] = await this.db
      .select({
        userId: sessions.userId,
        accountId: sessions.accountId,
        companyId: users.companyId,
        remember: sessions.remember,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)));
    if (!row) return undefined;
    const session = {
      idHash,
      userId: row.userId,
      accountId: row.accountId,
      companyId: row.companyId,
      remember: row.remember,
    };
    if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.touch(idHash, row.remember);
    } else if (useCache && epoch === this.epoch) {
      this.cache.set(idHash, {
        session,
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
      });
    }
    return session;
  }

  private caughtUp(since: number): Promise<boolean> {
    return this.bus ? this.bus.caughtUp(since) : Promise.resolve(false);
  }

  /** Slides the expiry forward (the trigger's notification evicts every cached copy). */
  private async touch(idHash: string, remember: boolean): Promise<void> {
    this.cache.delete(idHash);
    const lifetime = remember ? REMEMBER_LIFETIME_MS : IDLE_LIFETIME_MS;
    await this.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${lifetime / 1000})` })
      .where(eq(sessions.idHash, idHash));
  }

  /** Drops this process's cached sessions of a user at once (other processes hear the trigger). */
  forgetUser(userId: number): void {
    this.epoch += 1;
    this.cache.deleteWhere((c) => c.session.userId === userId);
  }

  /** A fresh id at every sign-in, so a cookie planted before sign-in is worth nothing after. */
  async create(userId: number, accountId: number, remember: boolean): Promise<string> {
    const cookie = randomToken();
    const lifetime = remember ? REMEMBER_LIFETIME_MS : IDLE_LIFETIME_MS;
    await this.db.insert(sessions).values({
      idHash: sha256(cookie),
      userId,
      accountId,
      remember,
      expiresAt: sql`now() + make_interval(secs => ${lifetime / 1000})`,
    });
    return cookie;
  }

  async destroy(cookie: string): Promise<void> {
    const idHash = sha256(cookie);
    this.epoch += 1;
    this.cache.delete(idHash);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
  }
}
