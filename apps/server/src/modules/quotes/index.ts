// The quotes module's only door, waiting for its issue (quotes and purchase orders share windows and lines). It follows the template of decision 007:
// quotes.routes.ts (HTTP only) → quotes.service.ts (rules, tenancy, transactions) → quotes.repository.ts
// (all SQL), its ApiModule exported here and listed in ../index.ts, its contracts in
// packages/contracts/src/quotes/, its tables in db/schema/quotes.ts.
export {};
