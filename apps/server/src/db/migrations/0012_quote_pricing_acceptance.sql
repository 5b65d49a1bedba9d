CREATE TABLE "pdf_templates" (
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_templates_account_id_type_pk" PRIMARY KEY("account_id","type")
);
--> statement-breakpoint
CREATE TABLE "quote_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_by_user_id" integer,
	"accepted_by_customer" text,
	"accepted_without_signature" boolean NOT NULL,
	"signature_file_id" integer,
	"ip_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"pricing" jsonb NOT NULL,
	"document_file_id" integer,
	"document_sha256" text,
	"document_created_at" timestamp with time zone,
	CONSTRAINT "quote_acceptances_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "quote_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"tax_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_override_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "revision_of_id" integer;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "revision_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "deposit_amount_override" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "sell_tax_override" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "total_sell_price_override" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "override_taxables" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "override_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_quotes" ADD COLUMN "grand_total_inc_tax" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD CONSTRAINT "pdf_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_quote_id_deal_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."deal_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_adjustments" ADD CONSTRAINT "quote_adjustments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_adjustments" ADD CONSTRAINT "quote_adjustments_quote_id_deal_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."deal_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_adjustments_quote_idx" ON "quote_adjustments" USING btree ("quote_id","sort_order");