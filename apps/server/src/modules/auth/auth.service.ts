import { type MeResponse, messages } from '@slat/contracts';
import { AppError } from '../../lib/app-error';
import { PASSWORD_RESET_QUEUE, type PasswordResetJob } from '../../lib/jobs';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type Attempt, type Limit, limitAddress } from '../../lib/rate-limit';
import { randomToken, sha256 } from '../../lib/secrets';
import type { Services } from '../../services';
import {
  consumeResetToken,
  findSessionProfile,
  findUserByUsername,
  findUsersByEmail,
  insertResetToken,
  setPasswordAndEndSessions,
} from './auth.repository';

export const RESET_TOKEN_MINUTES = 60;

// Sign-in counts attempts per address and per (address, username): one address's failures
// lock that pair, not the user. Many addresses failing for one username (10 in 15 minutes)
// refuse further new addresses for it (decision 011).
const loginLimits = (ip: string, username: string) => {
  const address = limitAddress(ip);
  const user = username.toLowerCase();
  return {
    attempts: [
      { key: `login:ip:${address}`, max: 10, windowSeconds: 60 },
      { key: `login:ip-user:${address}:${user}`, max: 10, windowSeconds: 15 * 60 },
    ] satisfies Limit[],
    addresses: { key: `login:user:${user}`, max: 10, windowSeconds: 15 * 60 } satisfies Limit,
  };
};
const forgotLimits = (ip: string, email: string): Limit[] => [
  { key: `forgot:ip:${limitAddress(ip)}`, max: 10, windowSeconds: 60 },
  { key: `forgot:email:${email.toLowerCase()}`, max: 5, windowSeconds: 60 * 60 },
];
const resetLimits = (ip: string): Limit[] => [
  { key: `reset:ip:${limitAddress(ip)}`, max: 10, windowSeconds: 60 },
];

export async function loadProfile(
  services: Services,
  userId: number,
  accountId: number,
  /** The request's arrival (the session's catch-up answers for the cached profile too). */
  since?: number,
): Promise<MeResponse> {
  const profile = await services.profiles.get(
    userId,
    async () => {
      const row = await findSessionProfile(services.db, userId, accountId);
      if (!row) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
      return {
        user: { ...row.user, country_code: row.countryCode },
        company: { ...row.company, country_code: row.countryCode },
        modules: { 'dealer_portal.sales': row.sales ?? false },
      };
    },
    since,
  );
  if (profile.company.account_id !== accountId)
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return profile;
}

/**
 * Unknown user and wrong password fail alike: same answer, same work, same counters. Only
 * failures count; the attempt is counted in flight while the password is checked, so a parallel
 * burst cannot pass the limit (decision 011).
 */
export async function signIn(
  services: Services,
  input: { username: string; password: string; remember: boolean; ip: string },
): Promise<{ cookie: string; profile: MeResponse }> {
  const limits = loginLimits(input.ip, input.username);
  const user = await limited(services, limits.attempts, async (held) => {
    // An address that has not failed at this username yet is a new address for it.
    if (held[1]?.failed === 0) held.push(...(await services.rateLimiter.attempt([limits.addresses])));
    const found = await findUserByUsername(services.db, input.username);
    const ok = await verifyPassword(found?.passwordHash, input.password);
    return found && ok ? found : undefined;
  });
  if (!user) throw new AppError('INVALID_CREDENTIALS', messages.loginFailed);
  const cookie = await services.sessions.create(user.id, user.accountId, input.remember);
  return { cookie, profile: await loadProfile(services, user.id, user.accountId) };
}

/** Runs `check` as an attempt under `limits`: `undefined` from it is a failure, and counts. */
async function limited<T>(
  services: Services,
  limits: Limit[],
  check: (held: Attempt[]) => Promise<T | undefined>,
): Promise<T | undefined> {
  const held = await services.rateLimiter.attempt(limits);
  let result: T | undefined;
  try {
    result = await check(held);
  } catch (error) {
    await services.rateLimiter.settle(held, false);
    throw error;
  }
  await services.rateLimiter.settle(held, result === undefined);
  return result;
}

/**
 * Forgot-password, in the request: count the limits and enqueue. Whether the address belongs to
 * anyone is found out in the job queue, so the answer takes the same time either way.
 */
export async function requestPasswordReset(
  services: Services,
  input: { email: string; ip: string },
): Promise<void> {
  await services.rateLimiter.take(forgotLimits(input.ip, input.email));
  await services.jobs.send(PASSWORD_RESET_QUEUE, { email: input.email });
}

/** The password-reset job: a token and a mail for each user with the address; nothing for none. */
export async function mailPasswordReset(services: Services, job: PasswordResetJob): Promise<void> {
  for (const user of await findUsersByEmail(services.db, job.email)) {
    const token = randomToken();
    await insertResetToken(services.db, user.id, sha256(token), RESET_TOKEN_MINUTES);
    const link = `${services.config.publicUrl}/reset-password?token=${token}`;
    const greeting = user.firstName ? `Hi ${user.firstName},` : 'Hi,';
    await services.jobs.sendMail({
      to: user.email,
      subject: 'Reset your Slat password',
      text: `${greeting}\n\nSomeone asked to reset the password of your Slat account. Follow this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      html: `<p>${greeting}</p><p>Someone asked to reset the password of your Slat account. Follow this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one:</p><p><a href="${link}">Reset my password</a></p><p>If it was not you, ignore this message: your password stays as it is.</p>`,
      link,
    });
  }
}

/** A wrong or used token counts against the address; a reset that succeeds does not. */
export async function resetPassword(
  services: Services,
  input: { token: string; password: string; ip: string; currentSessionHash?: string },
): Promise<void> {
  const userId = await limited(services, resetLimits(input.ip), async () => {
    const passwordHash = await hashPassword(input.password);
    return services.db.transaction(async (tx) => {
      const token = await consumeResetToken(tx, sha256(input.token));
      if (!token) return undefined;
      await setPasswordAndEndSessions(tx, token.userId, passwordHash, input.currentSessionHash);
      return token.userId;
    });
  });
  if (userId === undefined) {
    throw new AppError('INVALID_RESET_TOKEN', messages.resetFailed, [
      { path: 'token', message: messages.resetFailed },
    ]);
  }
  services.sessions.forgetUser(userId);
}
