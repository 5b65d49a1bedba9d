CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_window_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"catalog_version_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"width_value" numeric(12, 4),
	"width_unit" text,
	"height_value" numeric(12, 4),
	"height_unit" text,
	"option_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"site_mount" text DEFAULT '' NOT NULL,
	"is_taxable" boolean DEFAULT true NOT NULL,
	"has_freight" boolean DEFAULT false NOT NULL,
	"has_installation" boolean DEFAULT false NOT NULL,
	"markup_type" text NOT NULL,
	"markup_value" numeric(7, 2) NOT NULL,
	"markup_source" text NOT NULL,
	"cost_price" numeric(14, 4),
	"sell_price" numeric(14, 2),
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"width_value" numeric(12, 4),
	"width_unit" text,
	"height_value" numeric(12, 4),
	"height_unit" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"tuid" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"tax_mode" text NOT NULL,
	"tax_percentage" numeric(5, 2) NOT NULL,
	"deposit_percentage" numeric(5, 2) NOT NULL,
	"cloned_from_id" integer,
	"accepted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_quotes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_window_id_order_windows_id_fk" FOREIGN KEY ("order_window_id") REFERENCES "public"."order_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_catalog_version_id_catalog_versions_id_fk" FOREIGN KEY ("catalog_version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_windows" ADD CONSTRAINT "order_windows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_windows" ADD CONSTRAINT "order_windows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD CONSTRAINT "deal_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD CONSTRAINT "deal_quotes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD CONSTRAINT "deal_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD CONSTRAINT "deal_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_order_document_key" ON "order_documents" USING btree ("order_id","document_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","order_window_id","sort_order");--> statement-breakpoint
CREATE INDEX "order_lines_window_idx" ON "order_lines" USING btree ("order_window_id");--> statement-breakpoint
CREATE INDEX "order_lines_account_product_idx" ON "order_lines" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "order_windows_order_idx" ON "order_windows" USING btree ("order_id","sort_order");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_quotes_account_tuid_key" ON "deal_quotes" USING btree ("account_id","tuid");--> statement-breakpoint
CREATE INDEX "deal_quotes_deal_idx" ON "deal_quotes" USING btree ("deal_id");