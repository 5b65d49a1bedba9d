// The orders contracts: one file per area, exported from ../index.ts (see ARCHITECTURE.md, module template).
export {};
