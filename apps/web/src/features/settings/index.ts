// The settings feature's public door: nothing other features need yet.
export {};
