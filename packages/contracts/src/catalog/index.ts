export * from './catalog-file';
export * from './products';
