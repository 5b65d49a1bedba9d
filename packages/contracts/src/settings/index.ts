export * from './account-settings';
export * from './bundles';
export * from './markup-overrides';
export { adjustmentTypeSchema, decimalString, idParams, successSchema } from './shared';
export * from './workflows';
