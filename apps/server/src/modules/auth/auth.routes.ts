import {
  forgotPassword,
  generateToken,
  login,
  logout,
  me,
  resetPassword as resetPasswordEndpoint,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/secrets';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import { loadProfile, requestPasswordReset, resetPassword, signIn } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  route(app, generateToken, async ({ request, reply }) => {
    let cookie = request.sessionCookie;
    if (!cookie) {
      cookie = randomToken();
      services.sessions.setCookie(reply, cookie, false);
    }
    // The spec's token is a JSON string; Fastify sends a string payload as-is, so encode it here.
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    return JSON.stringify(await services.sessions.csrfToken(cookie));
  });

  route(app, login, async ({ body, request, reply }) => {
    const { cookie, profile } = await signIn(services, {
      username: body.username,
      password: body.password,
      remember: body.remember,
      ip: request.ip,
    });
    if (request.sessionCookie && request.session) await services.sessions.destroy(request.sessionCookie);
    services.sessions.setCookie(reply, cookie, body.remember);
    return profile;
  });

  route(app, me, async ({ session, request }) => {
    const s = session();
    return loadProfile(services, s.userId, s.accountId, request.arrivedAt);
  });

  route(app, logout, async ({ request, reply }) => {
    if (request.sessionCookie) await services.sessions.destroy(request.sessionCookie);
    services.sessions.clearCookie(reply);
    return { success: true as const };
  });

  route(app, forgotPassword, async ({ body, request }) => {
    await requestPasswordReset(services, { email: body.email, ip: request.ip });
    return { success: true as const };
  });

  route(app, resetPasswordEndpoint, async ({ body, request }) => {
    await resetPassword(services, {
      token: body.token,
      password: body.password,
      ip: request.ip,
      currentSessionHash: request.sessionCookie ? sha256(request.sessionCookie) : undefined,
    });
    return { success: true as const };
  });
}
