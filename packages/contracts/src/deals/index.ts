export * from './deals';
export * from './documents';
export * from './events';
export * from './notes';
