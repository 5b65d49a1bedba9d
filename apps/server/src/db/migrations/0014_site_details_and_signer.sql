ALTER TABLE "deals" ADD COLUMN "site_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD COLUMN "signer_name" text;