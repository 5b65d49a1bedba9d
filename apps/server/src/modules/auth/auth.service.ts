import { type MeResponse, messages } from '@slat/contracts';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Limit } from '../../lib/rate-limit';
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

const loginLimits = (ip: string, username: string): Limit[] => [
  { key: `login:ip:${ip}`, max: 10, windowSeconds: 60 },
  { key: `login:user:${username.toLowerCase()}`, max: 10, windowSeconds: 15 * 60 },
];
const forgotLimits = (ip: string, email: string): Limit[] => [
  { key: `forgot:ip:${ip}`, max: 10, windowSeconds: 60 },
  { key: `forgot:email:${email.toLowerCase()}`, max: 5, windowSeconds: 60 * 60 },
];
const resetLimits = (ip: string): Limit[] => [{ key: `reset:ip:${ip}`, max: 10, windowSeconds: 60 }];

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

/** Unknown user and wrong password fail alike: same answer, same work, same counters. */
export async function signIn(
  services: Services,
  input: { username: string; password: string; remember: boolean; ip: string },
): Promise<{ cookie: string; profile: MeResponse }> {
  const limits = loginLimits(input.ip, input.username);
  await services.rateLimiter.check(limits);
  const user = await findUserByUsername(services.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await services.rateLimiter.hit(limits);
    throw new AppError('INVALID_CREDENTIALS', messages.loginFailed);
  }
  const cookie = await services.sessions.create(user.id, user.accountId, input.remember);
  return { cookie, profile: await loadProfile(services, user.id, user.accountId) };
}

export async function requestPasswordReset(
  services: Services,
  input: { email: string; ip: string },
): Promise<void> {
  await services.rateLimiter.consume(forgotLimits(input.ip, input.email));
  for (const user of await findUsersByEmail(services.db, input.email)) {
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

export async function resetPassword(
  services: Services,
  input: { token: string; password: string; ip: string; currentSessionHash?: string },
): Promise<void> {
  const limits = resetLimits(input.ip);
  await services.rateLimiter.check(limits);
  const passwordHash = await hashPassword(input.password);
  const userId = await services.db.transaction(async (tx) => {
    const token = await consumeResetToken(tx, sha256(input.token));
    if (!token) return undefined;
    await setPasswordAndEndSessions(tx, token.userId, passwordHash, input.currentSessionHash);
    return token.userId;
  });
  if (userId !== undefined) services.sessions.forgetUser(userId);
  if (userId === undefined) {
    await services.rateLimiter.hit(limits);
    throw new AppError('INVALID_RESET_TOKEN', messages.resetFailed, [
      { path: 'token', message: messages.resetFailed },
    ]);
  }
}
