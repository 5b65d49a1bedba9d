CREATE TABLE "card_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"connected_account" text,
	"session_id" text,
	"payment_id" integer,
	"outcome" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"connected_account" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "deal_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deal_id" integer NOT NULL,
	"public_id" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"transacted_at" date,
	"reference" text DEFAULT '' NOT NULL,
	"deal_quote_id" integer,
	"customer_email" text,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_sent_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "deal_payments_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "deal_payments_amount_positive" CHECK ("deal_payments"."amount" > 0),
	CONSTRAINT "deal_payments_paid_has_date" CHECK (("deal_payments"."status" = 'PAID') = ("deal_payments"."transacted_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payment_mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deal_id" integer,
	"payment_id" integer,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_checkout_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"connected_account" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text,
	"return_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "public_id" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "sent_to_customer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "sent_to_email" text;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "customer_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealer_settings" ADD COLUMN "card_account_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_provider_events" ADD CONSTRAINT "card_provider_events_payment_id_deal_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."deal_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_id_deal_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."deal_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_deal_quote_id_deal_quotes_id_fk" FOREIGN KEY ("deal_quote_id") REFERENCES "public"."deal_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mismatches" ADD CONSTRAINT "payment_mismatches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mismatches" ADD CONSTRAINT "payment_mismatches_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mismatches" ADD CONSTRAINT "payment_mismatches_payment_id_deal_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."deal_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_one_open_key" ON "checkout_sessions" USING btree ("payment_id") WHERE "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_sessions_account_created_idx" ON "checkout_sessions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_payments_deal_idx" ON "deal_payments" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mismatches_session_kind_key" ON "payment_mismatches" USING btree ("session_id","kind");--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD CONSTRAINT "deal_quotes_public_id_unique" UNIQUE("public_id");