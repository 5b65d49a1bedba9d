// The payments module's only door, waiting for its issue. It follows the template of decision 007:
// payments.routes.ts (HTTP only) → payments.service.ts (rules, tenancy, transactions) → payments.repository.ts
// (all SQL), its ApiModule exported here and listed in ../index.ts, its contracts in
// packages/contracts/src/payments/, its tables in db/schema/payments.ts.
export {};
