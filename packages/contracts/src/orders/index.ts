// The purchase-order contracts (sales-and-purchasing §7 Purchase orders and POST /deal-quotes/convert).
export * from './purchase-orders';
