CREATE TABLE "supplier_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"supplier_order_id" integer NOT NULL,
	"type" text DEFAULT 'order-update' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_order_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL,
	"account_id" integer NOT NULL,
	"supplier_order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "supplier_order_links_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_order_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer,
	"name" text NOT NULL,
	"core_status" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "supplier_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"event_id" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "order_status_id" integer;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "tracking_carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "tracking_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "acknowledgement" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "rejection_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_orders" ADD COLUMN "line_changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_order_history" ADD CONSTRAINT "supplier_order_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_history" ADD CONSTRAINT "supplier_order_history_supplier_order_id_supplier_orders_id_fk" FOREIGN KEY ("supplier_order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_history" ADD CONSTRAINT "supplier_order_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_links" ADD CONSTRAINT "supplier_order_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_links" ADD CONSTRAINT "supplier_order_links_supplier_order_id_supplier_orders_id_fk" FOREIGN KEY ("supplier_order_id") REFERENCES "public"."supplier_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_order_statuses" ADD CONSTRAINT "supplier_order_statuses_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_tokens" ADD CONSTRAINT "supplier_tokens_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_order_history_order_idx" ON "supplier_order_history" USING btree ("supplier_order_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_order_links_live_key" ON "supplier_order_links" USING btree ("supplier_order_id") WHERE "supplier_order_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "supplier_order_statuses_manufacturer_idx" ON "supplier_order_statuses" USING btree ("manufacturer_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_tokens_live_key" ON "supplier_tokens" USING btree ("manufacturer_id") WHERE "supplier_tokens"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_account_idx" ON "webhook_subscriptions" USING btree ("account_id");--> statement-breakpoint
-- A supplier order's named status is one of its supplier's statuses (or the defaults, below).
ALTER TABLE "supplier_orders" ADD CONSTRAINT "supplier_orders_order_status_id_fk" FOREIGN KEY ("order_status_id") REFERENCES "public"."supplier_order_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The statuses every supplier has until it defines its own (manufacturer_id NULL).
INSERT INTO supplier_order_statuses (manufacturer_id, name, core_status, sort_order) VALUES
  (NULL, 'Received', 'UNSTARTED', 1),
  (NULL, 'In production', 'IN_PROGRESS', 2),
  (NULL, 'Awaiting materials', 'ON_HOLD', 3),
  (NULL, 'Shipped', 'COMPLETED', 4),
  (NULL, 'Cancelled', 'CANCELLED', 5);
--> statement-breakpoint
-- Supplier orders stay live on open order pages, the dashboard and boards, across processes:
-- every change is announced on slat_supplier_orders as 'accountId:orderId:supplierOrderId', and the
-- deal its purchase order came from on slat_deals (as 0006 does for deals), on commit.
CREATE FUNCTION slat_notify_supplier_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  d record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('slat_supplier_orders', r.account_id || ':' || r.order_id || ':' || r.id);
  FOR d IN
    SELECT dl.account_id, dl.workflow_id, dl.id
      FROM purchase_orders p
      JOIN deal_quotes q ON q.id = p.source_quote_id
      JOIN deals dl ON dl.id = q.deal_id
     WHERE p.order_id = r.order_id
  LOOP
    PERFORM pg_notify('slat_deals', d.account_id || ':' || d.workflow_id || ':' || d.id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER supplier_orders_notify AFTER INSERT OR UPDATE OR DELETE ON "supplier_orders"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_supplier_order();
