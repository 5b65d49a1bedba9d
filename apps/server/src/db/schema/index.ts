// The database schema, one file per area: a new feature adds its own file and a line here.
// Table names in SQL keep the spec's words (manufacturers, deal_events, documents, people);
// the TypeScript names follow the glossary in ARCHITECTURE.md.
export * from './accounts';
export * from './appointments';
export * from './attachments';
export * from './auth';
export * from './branding';
export * from './bundles';
export * from './calendar';
export * from './catalog';
export * from './contacts';
export * from './deals';
export * from './files';
export * from './payments';
export * from './personnel';
export * from './platform';
export * from './purchase-orders';
export * from './quotes';
export * from './settings';
export * from './supplier-documents';
export * from './supplier-orders';
export * from './workflows';
