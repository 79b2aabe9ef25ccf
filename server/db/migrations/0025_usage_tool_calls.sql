ALTER TABLE "usage_daily" ADD COLUMN "tool_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "tool_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The calls made before the roll-up counted them (decision 148: the calls that reached their tool).
UPDATE "usage_daily" d SET "tool_calls" = t.n
FROM (
  SELECT (tc.created_at AT TIME ZONE 'UTC')::date AS day, tc.company_id, c.user_id, c.agent_id, c.kind, count(*)::int AS n
  FROM "tool_calls" tc JOIN "conversations" c ON c.id = tc.conversation_id
  WHERE tc.company_id IS NOT NULL AND tc.outcome IN ('running', 'ok', 'failed', 'withheld')
  GROUP BY 1, 2, 3, 4, 5
) t
WHERE d.day = t.day AND d.company_id = t.company_id AND d.user_id = t.user_id AND d.agent_id = t.agent_id AND d.kind = t.kind;
