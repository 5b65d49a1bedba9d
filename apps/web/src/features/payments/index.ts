// The payments feature's public door: empty until the payments issue gives other features something to use.
export {};
