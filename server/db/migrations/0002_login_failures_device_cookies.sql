ALTER TABLE "login_failures" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("device_id","created_at");