CREATE TABLE "purchase_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"tuid" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"sidemark" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"sales_rep_override" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_quote_id" integer,
	"parent_order_id" integer,
	"replaced_by_order_id" integer,
	"revision_number" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"required_date" date,
	"shipping_method_id" integer,
	"shipping_address" text DEFAULT '' NOT NULL,
	"shipping_instructions" text DEFAULT '' NOT NULL,
	"freight_estimate" numeric(14, 2),
	"document_file_id" integer,
	CONSTRAINT "purchase_orders_submitted_has_time" CHECK (("purchase_orders"."status" = 'SUBMITTED') = ("purchase_orders"."submitted_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "supplier_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"is_offline" boolean DEFAULT false NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"core_status" text DEFAULT 'UNSTARTED' NOT NULL,
	"order_status_text" text DEFAULT '' NOT NULL,
	"required_date" date,
	"eta" date,
	"freight" numeric(14, 2),
	"shipping_method_id" integer,
	"shipping_address" text DEFAULT '' NOT NULL,
	"shipping_instructions" text DEFAULT '' NOT NULL,
	"tracking_information" text DEFAULT '' NOT NULL,
	"customer_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "copied_from_line_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_source_quote_id_deal_quotes_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."deal_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_parent_order_id_orders_id_fk" FOREIGN KEY ("parent_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_replaced_by_order_id_orders_id_fk" FOREIGN KEY ("replaced_by_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_orders_account_created_idx" ON "purchase_orders" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_account_tuid_idx" ON "purchase_orders" USING btree ("account_id","tuid");--> statement-breakpoint
CREATE INDEX "purchase_orders_parent_idx" ON "purchase_orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_source_quote_idx" ON "purchase_orders" USING btree ("source_quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_quote_supplier_key" ON "purchase_orders" USING btree ("source_quote_id","manufacturer_id") WHERE "purchase_orders"."parent_order_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_parent_key" ON "purchase_orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_orders_order_supplier_key" ON "supplier_orders" USING btree ("order_id","manufacturer_id");--> statement-breakpoint
CREATE INDEX "supplier_orders_account_idx" ON "supplier_orders" USING btree ("account_id","core_status");--> statement-breakpoint
-- A purchase order's row moves its own order's version (decision 014), the order it revises (whose
-- detail names its newer revision) and the order of the deal quote it came from (whose detail
-- lists its purchase orders and what is ready to order).
CREATE FUNCTION bump_purchase_order_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM new_rows UNION SELECT parent_order_id FROM new_rows
                  UNION SELECT q.order_id FROM deal_quotes q WHERE q.id IN (SELECT source_quote_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM new_rows UNION SELECT parent_order_id FROM new_rows
                  UNION SELECT q.order_id FROM deal_quotes q
                         WHERE q.id IN (SELECT source_quote_id FROM new_rows UNION SELECT source_quote_id FROM old_rows));
  ELSE
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT parent_order_id FROM old_rows
                  UNION SELECT q.order_id FROM deal_quotes q WHERE q.id IN (SELECT source_quote_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchase_orders_version_ins AFTER INSERT ON purchase_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_purchase_order_version();
--> statement-breakpoint
CREATE TRIGGER purchase_orders_version_upd AFTER UPDATE ON purchase_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_purchase_order_version();
--> statement-breakpoint
CREATE TRIGGER purchase_orders_version_del AFTER DELETE ON purchase_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_purchase_order_version();
--> statement-breakpoint
-- A supplier order shows on its purchase order's detail.
CREATE TRIGGER supplier_orders_version_ins AFTER INSERT ON supplier_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER supplier_orders_version_upd AFTER UPDATE ON supplier_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER supplier_orders_version_del AFTER DELETE ON supplier_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
