// The quotes contracts: deal quotes, and the windows, lines and documents that quotes and
// purchase orders share (the spec's /old/quotes/{orderId}/… calls).
export * from './deal-quotes';
export * from './line-errors';
export * from './measurements';
export * from './order-documents';
export * from './order-lines';
export * from './pricing';
