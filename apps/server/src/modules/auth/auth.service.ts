import { type MeResponse, messages } from '@slat/contracts';
import { AppError } from '../../lib/app-error';
import { PASSWORD_RESET_QUEUE, type PasswordResetJob } from '../../lib/jobs';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type Limit, limitAddress } from '../../lib/rate-limit';
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
): Promise<MeResponse> {
  const profile = await services.profiles.get(userId, async () => {
    const row = await findSessionProfile(services.db, userId, accountId);
    if (!row) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    return {
      user: { ...row.user, country_code: row.countryCode },
      company: { ...row.company, country_code: row.countryCode },
      modules: { 'dealer_portal.sales': row.sales ?? false },
    };
  });
  if (profile.company.account_id !== accountId)
    throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return profile;
}

/**
 * Unknown user and wrong password fail alike: same answer, same work, same counters. The attempt
 * is counted before the password is checked (so a parallel burst cannot slip past the limit) and
 * taken back when it succeeds: only failures count.
 */
export async function signIn(
  services: Services,
  input: { username: string; password: string; remember: boolean; ip: string },
): Promise<{ cookie: string; profile: MeResponse }> {
  const limits = loginLimits(input.ip, input.username);
  const counted = await services.rateLimiter.take(limits.attempts);
  // The first attempt of this address at this username in the window adds an address.
  if (counted[1]?.hits === 1) counted.push(...(await services.rateLimiter.take([limits.addresses])));
  const user = await findUserByUsername(services.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', messages.loginFailed);
  await services.rateLimiter.refund(counted);
  const cookie = await services.sessions.create(user.id, user.accountId, input.remember);
  return { cookie, profile: await loadProfile(services, user.id, user.accountId) };
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
  const counted = await services.rateLimiter.take(resetLimits(input.ip));
  const passwordHash = await hashPassword(input.password);
  const userId = await services.db.transaction(async (tx) => {
    const token = await consumeResetToken(tx, sha256(input.token));
    if (!token) return undefined;
    await setPasswordAndEndSessions(tx, token.userId, passwordHash, input.currentSessionHash);
    return token.userId;
  });
  if (userId === undefined) {
    throw new AppError('INVALID_RESET_TOKEN', messages.resetFailed, [
      { path: 'token', message: messages.resetFailed },
    ]);
  }
  services.sessions.forgetUser(userId);
  await services.rateLimiter.refund(counted);
}
