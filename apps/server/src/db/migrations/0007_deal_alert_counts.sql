ALTER TABLE "deals" ADD COLUMN "alert_warnings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "alert_infos" integer DEFAULT 0 NOT NULL;