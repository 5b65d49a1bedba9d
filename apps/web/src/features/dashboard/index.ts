// The dashboard's public door: nothing other features need yet.
export {};
