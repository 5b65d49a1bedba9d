// The orders module's only door, waiting for its issue. It follows the template of decision 007:
// orders.routes.ts (HTTP only) → orders.service.ts (rules, tenancy, transactions) → orders.repository.ts
// (all SQL), its ApiModule exported here and listed in ../index.ts, its contracts in
// packages/contracts/src/orders/, its tables in db/schema/orders.ts.
export {};
