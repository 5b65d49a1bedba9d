// The supplier-orders contracts: the dealer's side and the supplier API.
export * from './supplier-api';
export * from './supplier-orders';
