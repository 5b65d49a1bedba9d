// The purchase orders feature's public door: the order's query, for the supplier order over it.
export { purchaseOrderQueryOptions } from './api/order';
