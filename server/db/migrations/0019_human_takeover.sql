CREATE TABLE "conversation_takeovers" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"held_by" uuid,
	"held_by_name" text,
	"held_since" timestamp with time zone,
	"handoff_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "conversation_takeovers" ADD CONSTRAINT "conversation_takeovers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_takeovers" ADD CONSTRAINT "conversation_takeovers_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_takeovers_handoff_idx" ON "conversation_takeovers" USING btree ("handoff_requested_at");