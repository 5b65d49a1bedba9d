// The customer pages' public door: nothing other features need yet.
export {};
