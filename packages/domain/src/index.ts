export * from './catalog';
export * from './decimal';
export * from './password-strength';
