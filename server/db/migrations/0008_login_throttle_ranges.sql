ALTER TABLE "login_failures" ADD COLUMN "range" text;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "forgiven" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_range_idx" ON "login_failures" USING btree ("range","created_at");