// The supplier orders feature's public door: empty until its issue gives other features something to use.
export {};
