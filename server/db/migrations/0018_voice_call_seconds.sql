ALTER TABLE "usage_daily" ADD COLUMN "call_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the calls made before this column existed count their stored durations, on the day each started.
INSERT INTO "usage_daily" ("day", "company_id", "user_id", "agent_id", "kind", "agent_name", "call_seconds")
SELECT (c."created_at" AT TIME ZONE 'UTC')::date, u."company_id", c."user_id", c."agent_id", 'voice', max(c."agent_name"), sum(c."duration_seconds")::int
FROM "conversations" c JOIN "users" u ON u."id" = c."user_id"
WHERE c."kind" = 'voice' AND c."agent_id" IS NOT NULL AND c."duration_seconds" > 0
GROUP BY 1, 2, 3, 4
ON CONFLICT ("day", "company_id", "user_id", "agent_id", "kind") DO UPDATE SET "call_seconds" = "usage_daily"."call_seconds" + excluded."call_seconds";
