ALTER TABLE "usage_daily" ADD COLUMN "web_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "api_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;