// The payments contracts: the deal's payments (signed in), the public payment and checkout calls,
// and the customer's quote page (no sign-in, addressed by random public ids).
export * from './card-settings';
export * from './card-webhooks';
export * from './customer-quotes';
export * from './deal-payments';
export * from './public-payments';
