CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"agent_limit" integer DEFAULT 10 NOT NULL,
	"messages_per_day" integer,
	"tokens_per_month" bigint,
	"voice_minutes_per_month" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "company_usage" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"voice_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "company_usage_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "quota_warnings" (
	"company_id" uuid NOT NULL,
	"quota" text NOT NULL,
	"period_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent_name" text NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"voice_seconds" double precision DEFAULT 0 NOT NULL,
	"failed_replies" integer DEFAULT 0 NOT NULL,
	"security_locks" integer DEFAULT 0 NOT NULL,
	"ft_le_100" integer DEFAULT 0 NOT NULL,
	"ft_le_150" integer DEFAULT 0 NOT NULL,
	"ft_le_250" integer DEFAULT 0 NOT NULL,
	"ft_le_400" integer DEFAULT 0 NOT NULL,
	"ft_le_600" integer DEFAULT 0 NOT NULL,
	"ft_le_1000" integer DEFAULT 0 NOT NULL,
	"ft_le_1500" integer DEFAULT 0 NOT NULL,
	"ft_le_2500" integer DEFAULT 0 NOT NULL,
	"ft_le_4000" integer DEFAULT 0 NOT NULL,
	"ft_le_6000" integer DEFAULT 0 NOT NULL,
	"ft_le_10000" integer DEFAULT 0 NOT NULL,
	"ft_over" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_day_company_id_user_id_agent_id_kind_pk" PRIMARY KEY("day","company_id","user_id","agent_id","kind")
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agent_name" text NOT NULL,
	"conversation_id" uuid,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"tokens_estimated" boolean DEFAULT false NOT NULL,
	"first_token_ms" integer,
	"total_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"started_conversation" boolean DEFAULT false NOT NULL,
	"voice_seconds_heard" double precision DEFAULT 0 NOT NULL,
	"voice_seconds_spoken" double precision DEFAULT 0 NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_usage" ADD CONSTRAINT "company_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_warnings" ADD CONSTRAINT "quota_warnings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_warnings_once_idx" ON "quota_warnings" USING btree ("company_id","quota","period_start");--> statement-breakpoint
CREATE INDEX "usage_daily_company_idx" ON "usage_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "usage_records_created_idx" ON "usage_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_records_company_idx" ON "usage_records" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
-- Existing users become members of companies named as they signed up: one company per name
-- compared trimmed and lower-cased, spelled as its first user spelled it.
INSERT INTO "companies" ("key", "name", "created_at")
SELECT DISTINCT ON (lower(btrim("company_name"))) lower(btrim("company_name")), btrim("company_name"), "created_at"
FROM "users" ORDER BY lower(btrim("company_name")), "created_at", "id"
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
UPDATE "users" u SET "company_id" = c."id" FROM "companies" c WHERE c."key" = lower(btrim(u."company_name"));
--> statement-breakpoint
-- Every user written from now on is attached the same way, whichever code path writes it
-- (sign-up, the admin CLI, a restore): the company is found, or made, by its key.
CREATE OR REPLACE FUNCTION users_company() RETURNS trigger AS $$
DECLARE
  company_key text := lower(btrim(NEW.company_name));
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.company_name IS NOT DISTINCT FROM OLD.company_name AND NEW.company_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO companies (key, name) VALUES (company_key, btrim(NEW.company_name)) ON CONFLICT (key) DO NOTHING;
  SELECT id INTO NEW.company_id FROM companies WHERE key = company_key;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_company BEFORE INSERT OR UPDATE OF company_name ON users
  FOR EACH ROW EXECUTE FUNCTION users_company();
