// The legal pages' public door: nothing other features need yet.
export {};
