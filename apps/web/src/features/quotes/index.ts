// The quotes feature's public door: empty until the quotes issue gives other features something to use.
export {};
