export * from './board-order';
export * from './catalog';
export * from './deal-alerts';
export * from './decimal';
export * from './password-strength';
