export * from './deals';
export * from './notes';
