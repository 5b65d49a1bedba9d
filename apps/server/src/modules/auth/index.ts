// The auth module's only door: sign-in, sign-out and password reset routes, the signed-in
// profile (users module) and its cache, and the forgot-password job (both wired by services.ts).
import type { ApiModule } from '../../plugins/api';
import { registerAuthRoutes } from './auth.routes';

export { loadProfile, mailPasswordReset } from './auth.service';
export { ProfileCache } from './profile-cache';
export const authModule: ApiModule = { name: 'auth', register: registerAuthRoutes };
