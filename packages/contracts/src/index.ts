export * from './auth/auth';
export * from './branding/branding';
export * from './endpoint';
export * from './errors';
export * from './health/health';
export * from './messages';
export * from './users/users';
export * from './web/wire-formats';
