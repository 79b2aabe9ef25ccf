CREATE TABLE "agent_tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"approval" text DEFAULT 'ask' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_headers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_tools_kind" CHECK ("agent_tools"."kind" in ('mcp', 'http', 'builtin')),
	CONSTRAINT "agent_tools_approval" CHECK ("agent_tools"."approval" in ('auto', 'ask'))
);
--> statement-breakpoint
CREATE TABLE "tool_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"allowed_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_private_networks" boolean DEFAULT false NOT NULL,
	"max_calls_per_turn" integer DEFAULT 6 NOT NULL,
	"calls_per_company_per_day" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_policy_one_row" CHECK ("tool_policy"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tools_agent_name_idx" ON "agent_tools" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "agent_tools_company_idx" ON "agent_tools" USING btree ("company_id");