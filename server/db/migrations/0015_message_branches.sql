ALTER TABLE "conversations" ADD COLUMN "active_message_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_active_message_id_messages_id_fk" FOREIGN KEY ("active_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_id","created_at");--> statement-breakpoint
-- Hand-written: conversations and messages point at each other; checked at commit, a restore
-- can load conversations before the messages they name (server/db/backup-queries.ts).
ALTER TABLE "conversations" ALTER CONSTRAINT "conversations_active_message_id_messages_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express it): the messages stored before branches form one
-- line per conversation, so each follows its reply's user message or else the message before it.
UPDATE "messages" AS m SET "parent_id" = coalesce(m."reply_to", ordered."previous_id")
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "previous_id"
  FROM "messages"
) AS ordered
WHERE ordered."id" = m."id";
