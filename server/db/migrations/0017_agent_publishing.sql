CREATE TABLE "agent_publishing" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"greeting" text NOT NULL,
	"voice" boolean DEFAULT false NOT NULL,
	"guest_messages_per_hour" integer NOT NULL,
	"theme_color" text NOT NULL,
	"theme_position" text NOT NULL,
	"guest_tool_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_publishing_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "guest_turns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"conversation_id" uuid,
	"page_url" text,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_publishing" ADD CONSTRAINT "agent_publishing_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_turns" ADD CONSTRAINT "guest_turns_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_turns" ADD CONSTRAINT "guest_turns_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_turns_guest_idx" ON "guest_turns" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "guest_turns_address_idx" ON "guest_turns" USING btree ("agent_id","address","created_at");--> statement-breakpoint
CREATE INDEX "guests_agent_idx" ON "guests" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "guests_conversation_idx" ON "guests" USING btree ("conversation_id");