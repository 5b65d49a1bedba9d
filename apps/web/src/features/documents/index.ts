// The documents feature's public door: nothing other features need yet.
export {};
