CREATE TABLE "agent_outcome_fields" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_outcomes" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid,
	"summary" text NOT NULL,
	"success" text NOT NULL,
	"method" text NOT NULL,
	"extracted" jsonb NOT NULL,
	"unfilled" jsonb NOT NULL,
	"person_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"person_summary" text,
	"person_success" text,
	"edited_by" uuid,
	"edited_at" timestamp with time zone,
	"message_count" integer NOT NULL,
	"extracted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_outcome_fields" ADD CONSTRAINT "agent_outcome_fields_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_outcomes" ADD CONSTRAINT "conversation_outcomes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_outcomes" ADD CONSTRAINT "conversation_outcomes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_outcomes" ADD CONSTRAINT "conversation_outcomes_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_outcomes_agent_idx" ON "conversation_outcomes" USING btree ("agent_id","extracted_at");