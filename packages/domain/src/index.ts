export * from './board-order';
export * from './catalog';
export * from './contact-files';
export * from './deal-alerts';
export * from './decimal';
export * from './icalendar';
export * from './password-strength';
