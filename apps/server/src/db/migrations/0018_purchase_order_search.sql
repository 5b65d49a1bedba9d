-- The orders list's search (decision 029): one trigram index over each order's own words
-- (sidemark, customer details, notes, the sales rep named by hand), and the supplier and creator
-- columns indexed, so a search is a bitmap of index hits rather than a scan of every order.
-- pg_trgm ships with PostgreSQL and is a trusted extension (13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "purchase_orders_search_idx" ON "purchase_orders" USING gin (
  ("sidemark" || ' ' || "details" || ' ' || "notes" || ' ' || COALESCE("sales_rep_override", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("manufacturer_id");
--> statement-breakpoint
CREATE INDEX "purchase_orders_creator_idx" ON "purchase_orders" USING btree ("created_by");
