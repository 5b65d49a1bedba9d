// The supplier-orders module's only door, waiting for its issue. It follows the template of decision 007:
// supplier-orders.routes.ts (HTTP only) → supplier-orders.service.ts (rules, tenancy, transactions) → supplier-orders.repository.ts
// (all SQL), its ApiModule exported here and listed in ../index.ts, its contracts in
// packages/contracts/src/supplier-orders/, its tables in db/schema/supplier-orders.ts.
export {};
