CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"name" text NOT NULL,
	"disable_fine_fractions" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_products" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "bundle_products_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bundle_subscriptions" (
	"account_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"exclusivity_key" text,
	"template_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_subscriptions_account_id_bundle_id_pk" PRIMARY KEY("account_id","bundle_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"exclusivity_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"template_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "bundles_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "calendar_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"company_logo_file_id" integer,
	"company_delivery_address" text DEFAULT '' NOT NULL,
	"default_shipping_instructions" text DEFAULT '' NOT NULL,
	"company_details" text DEFAULT '' NOT NULL,
	"binding_text" text DEFAULT '' NOT NULL,
	"deposit_percentage" numeric(5, 2) DEFAULT '50' NOT NULL,
	"tax_rate_percentage" numeric(5, 2) DEFAULT '10' NOT NULL,
	"account_adjustment_type" text DEFAULT 'PERCENT_MARK_UP' NOT NULL,
	"account_adjustment_value" numeric(7, 2) DEFAULT '40' NOT NULL,
	"quote_pricing_tax_mode" text DEFAULT 'INCLUSIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "manufacturer_customers" (
	"account_id" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"default_shipping_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manufacturer_customers_account_id_manufacturer_id_pk" PRIMARY KEY("account_id","manufacturer_id")
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"email" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"offline_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manufacturers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "markup_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"override_type" text NOT NULL,
	"product_id" integer,
	"category_id" integer,
	"adjustment_type" text NOT NULL,
	"adjustment_value" numeric(7, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"product_id" integer NOT NULL,
	"catalog_version_id" integer NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"has_width" boolean NOT NULL,
	"has_height" boolean NOT NULL,
	"has_quantity" boolean NOT NULL,
	"bundle_only" boolean DEFAULT false NOT NULL,
	"definition" jsonb NOT NULL,
	CONSTRAINT "product_versions_product_id_catalog_version_id_pk" PRIMARY KEY("product_id","catalog_version_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "web_settings" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_settings_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "workflow_flag_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag_id" integer NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"appearance" text DEFAULT 'default' NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"phase" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_subscriptions" ADD CONSTRAINT "bundle_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_subscriptions" ADD CONSTRAINT "bundle_subscriptions_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_accounts" ADD CONSTRAINT "calendar_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_accounts" ADD CONSTRAINT "calendar_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_settings" ADD CONSTRAINT "dealer_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_settings" ADD CONSTRAINT "dealer_settings_company_logo_file_id_files_id_fk" FOREIGN KEY ("company_logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_customers" ADD CONSTRAINT "manufacturer_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_customers" ADD CONSTRAINT "manufacturer_customers_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_customers" ADD CONSTRAINT "manufacturer_customers_default_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("default_shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_overrides" ADD CONSTRAINT "markup_overrides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_overrides" ADD CONSTRAINT "markup_overrides_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_overrides" ADD CONSTRAINT "markup_overrides_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_catalog_version_id_catalog_versions_id_fk" FOREIGN KEY ("catalog_version_id") REFERENCES "public"."catalog_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_settings" ADD CONSTRAINT "web_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_flag_values" ADD CONSTRAINT "workflow_flag_values_flag_id_workflow_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."workflow_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_flags" ADD CONSTRAINT "workflow_flags_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_statuses" ADD CONSTRAINT "workflow_statuses_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_manufacturer_name_key" ON "brands" USING btree ("manufacturer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_subscriptions_exclusive_key" ON "bundle_subscriptions" USING btree ("account_id","exclusivity_key") WHERE "bundle_subscriptions"."exclusivity_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_accounts_user_key" ON "calendar_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_versions_manufacturer_number_key" ON "catalog_versions" USING btree ("manufacturer_id","number");--> statement-breakpoint
CREATE INDEX "files_account_id_idx" ON "files" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "markup_overrides_product_key" ON "markup_overrides" USING btree ("account_id","product_id") WHERE "markup_overrides"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "markup_overrides_category_key" ON "markup_overrides" USING btree ("account_id","category_id") WHERE "markup_overrides"."category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_versions_catalog_version_idx" ON "product_versions" USING btree ("catalog_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_manufacturer_key_key" ON "products" USING btree ("manufacturer_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_manufacturer_name_key" ON "shipping_methods" USING btree ("manufacturer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_flag_values_slug_key" ON "workflow_flag_values" USING btree ("flag_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_flags_slug_key" ON "workflow_flags" USING btree ("workflow_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_statuses_slug_key" ON "workflow_statuses" USING btree ("workflow_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_account_slug_key" ON "workflows" USING btree ("account_id","slug");