export * from './account-settings';
export * from './bundles';
export * from './markup-overrides';
export { adjustmentTypeSchema, decimalString, successSchema } from './shared';
export * from './workflows';
