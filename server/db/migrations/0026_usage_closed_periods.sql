CREATE TABLE "usage_closed_days" (
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"text_messages" integer DEFAULT 0 NOT NULL,
	"voice_messages" integer DEFAULT 0 NOT NULL,
	"web_messages" integer DEFAULT 0 NOT NULL,
	"api_messages" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"voice_seconds" bigint DEFAULT 0 NOT NULL,
	"failed_replies" integer DEFAULT 0 NOT NULL,
	"security_locks" integer DEFAULT 0 NOT NULL,
	"tool_calls" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "usage_closed_days_day_company_id_pk" PRIMARY KEY("day","company_id")
);
--> statement-breakpoint
CREATE TABLE "usage_closed_months" (
	"month" date NOT NULL,
	"through" date NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agent_name" text NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"text_messages" integer DEFAULT 0 NOT NULL,
	"voice_messages" integer DEFAULT 0 NOT NULL,
	"web_messages" integer DEFAULT 0 NOT NULL,
	"api_messages" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"voice_seconds" bigint DEFAULT 0 NOT NULL,
	"failed_replies" integer DEFAULT 0 NOT NULL,
	"security_locks" integer DEFAULT 0 NOT NULL,
	"tool_calls" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "usage_closed_months_month_through_company_id_user_id_agent_id_pk" PRIMARY KEY("month","through","company_id","user_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "usage_closed_periods" (
	"period" text NOT NULL,
	"start" date NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_closed_periods_period_start_pk" PRIMARY KEY("period","start")
);
--> statement-breakpoint
-- Decision 155: closed periods' sums for analytics, filled by the read and forgotten by the
-- triggers below whenever a row of a day before today (UTC) changes. A day is filled only two
-- days after it ends, so a write that began before midnight cannot slip past the triggers.
-- The fill holds the lock exclusively and the triggers share it: a fill never reads around a
-- change it would then miss, and writers never wait for one another.
CREATE FUNCTION usage_fill_closed_periods(lo date, hi date) RETURNS void LANGUAGE plpgsql AS $fill$
DECLARE
  last_closed date := least(hi, (now() AT TIME ZONE 'UTC')::date - 2);
  prefix_month date;
BEGIN
  IF lo > last_closed THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(7340003);
  WITH missing AS (
    SELECT g::date AS day FROM generate_series(lo::timestamp, last_closed::timestamp, interval '1 day') g
    WHERE NOT EXISTS (SELECT 1 FROM usage_closed_periods p WHERE p.period = 'day' AND p.start = g::date)
  ), filled AS (
    INSERT INTO usage_closed_days (day, company_id, active_users, conversations, messages, text_messages, voice_messages, web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls, ft_le_100, ft_le_150, ft_le_250, ft_le_400, ft_le_600, ft_le_1000, ft_le_1500, ft_le_2500, ft_le_4000, ft_le_6000, ft_le_10000, ft_over)
    SELECT d.day, d.company_id, count(DISTINCT d.user_id),
      sum(d.conversations),
      sum(d.messages),
      sum(d.messages * (d.kind = 'text')::int),
      sum(d.messages * (d.kind = 'voice')::int),
      sum(d.web_messages),
      sum(d.api_messages),
      sum(d.prompt_tokens),
      sum(d.completion_tokens),
      sum(d.call_seconds),
      sum(d.failed_replies),
      sum(d.security_locks),
      sum(d.tool_calls),
      sum(d.ft_le_100),
      sum(d.ft_le_150),
      sum(d.ft_le_250),
      sum(d.ft_le_400),
      sum(d.ft_le_600),
      sum(d.ft_le_1000),
      sum(d.ft_le_1500),
      sum(d.ft_le_2500),
      sum(d.ft_le_4000),
      sum(d.ft_le_6000),
      sum(d.ft_le_10000),
      sum(d.ft_over)
    FROM missing m JOIN usage_daily d ON d.day = m.day
    GROUP BY d.day, d.company_id
    RETURNING 1
  )
  INSERT INTO usage_closed_periods (period, start, active_users)
  SELECT 'day', m.day, (SELECT count(DISTINCT d.user_id) FROM usage_daily d WHERE d.day = m.day) FROM missing m;
  WITH missing AS (
    SELECT g::date AS month
    FROM generate_series(date_trunc('month', (lo - 1)::timestamp) + interval '1 month',
      date_trunc('month', (last_closed + 1)::timestamp) - interval '1 month', interval '1 month') g
    WHERE NOT EXISTS (SELECT 1 FROM usage_closed_periods p WHERE p.period = 'month' AND p.start = g::date)
  ), filled AS (
    INSERT INTO usage_closed_months (month, through, company_id, user_id, agent_id, agent_name, conversations, messages, text_messages, voice_messages, web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls, ft_le_100, ft_le_150, ft_le_250, ft_le_400, ft_le_600, ft_le_1000, ft_le_1500, ft_le_2500, ft_le_4000, ft_le_6000, ft_le_10000, ft_over)
    SELECT m.month, (m.month + interval '1 month' - interval '1 day')::date, d.company_id, d.user_id, d.agent_id, max(d.agent_name),
      sum(d.conversations),
      sum(d.messages),
      sum(d.messages * (d.kind = 'text')::int),
      sum(d.messages * (d.kind = 'voice')::int),
      sum(d.web_messages),
      sum(d.api_messages),
      sum(d.prompt_tokens),
      sum(d.completion_tokens),
      sum(d.call_seconds),
      sum(d.failed_replies),
      sum(d.security_locks),
      sum(d.tool_calls),
      sum(d.ft_le_100),
      sum(d.ft_le_150),
      sum(d.ft_le_250),
      sum(d.ft_le_400),
      sum(d.ft_le_600),
      sum(d.ft_le_1000),
      sum(d.ft_le_1500),
      sum(d.ft_le_2500),
      sum(d.ft_le_4000),
      sum(d.ft_le_6000),
      sum(d.ft_le_10000),
      sum(d.ft_over)
    FROM missing m JOIN usage_daily d ON d.day >= m.month AND d.day < (m.month + interval '1 month')::date
    GROUP BY m.month, d.company_id, d.user_id, d.agent_id
    RETURNING 1
  )
  INSERT INTO usage_closed_periods (period, start) SELECT 'month', m.month FROM missing m;
  -- The month of the last closed day, through that day, when the range holds its start: the
  -- read's last partial month. It replaces the month's earlier prefix.
  prefix_month := date_trunc('month', last_closed::timestamp)::date;
  IF prefix_month >= lo AND (last_closed + 1) <> (prefix_month + interval '1 month')::date
    AND NOT EXISTS (SELECT 1 FROM usage_closed_periods p WHERE p.period = 'prefix' AND p.start = last_closed) THEN
    DELETE FROM usage_closed_periods p WHERE p.period = 'prefix' AND p.start >= prefix_month AND p.start < last_closed;
    DELETE FROM usage_closed_months cm WHERE cm.month = prefix_month AND cm.through < last_closed;
    INSERT INTO usage_closed_months (month, through, company_id, user_id, agent_id, agent_name, conversations, messages, text_messages, voice_messages, web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls, ft_le_100, ft_le_150, ft_le_250, ft_le_400, ft_le_600, ft_le_1000, ft_le_1500, ft_le_2500, ft_le_4000, ft_le_6000, ft_le_10000, ft_over)
    SELECT prefix_month, last_closed, d.company_id, d.user_id, d.agent_id, max(d.agent_name),
      sum(d.conversations),
      sum(d.messages),
      sum(d.messages * (d.kind = 'text')::int),
      sum(d.messages * (d.kind = 'voice')::int),
      sum(d.web_messages),
      sum(d.api_messages),
      sum(d.prompt_tokens),
      sum(d.completion_tokens),
      sum(d.call_seconds),
      sum(d.failed_replies),
      sum(d.security_locks),
      sum(d.tool_calls),
      sum(d.ft_le_100),
      sum(d.ft_le_150),
      sum(d.ft_le_250),
      sum(d.ft_le_400),
      sum(d.ft_le_600),
      sum(d.ft_le_1000),
      sum(d.ft_le_1500),
      sum(d.ft_le_2500),
      sum(d.ft_le_4000),
      sum(d.ft_le_6000),
      sum(d.ft_le_10000),
      sum(d.ft_over)
    FROM usage_daily d WHERE d.day BETWEEN prefix_month AND last_closed
    GROUP BY d.company_id, d.user_id, d.agent_id;
    INSERT INTO usage_closed_periods (period, start) VALUES ('prefix', last_closed);
  END IF;
END
$fill$;
--> statement-breakpoint
CREATE FUNCTION usage_forget_closed_day(changed date) RETURNS void LANGUAGE plpgsql AS $forget$
DECLARE
  changed_month date := date_trunc('month', changed::timestamp)::date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7340003);
  DELETE FROM usage_closed_periods WHERE (period = 'day' AND start = changed) OR (period = 'month' AND start = changed_month)
    OR (period = 'prefix' AND start >= changed_month AND start < (changed_month + interval '1 month')::date);
  DELETE FROM usage_closed_days WHERE day = changed;
  DELETE FROM usage_closed_months WHERE month = changed_month;
END
$forget$;
--> statement-breakpoint
CREATE FUNCTION usage_daily_row_changed() RETURNS trigger LANGUAGE plpgsql AS $changed$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.day <> NEW.day THEN
    PERFORM usage_forget_closed_day(OLD.day);
  END IF;
  PERFORM usage_forget_closed_day(NEW.day);
  RETURN NULL;
END
$changed$;
--> statement-breakpoint
CREATE FUNCTION usage_daily_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $deleted$
BEGIN
  PERFORM usage_forget_closed_day(o.day)
  FROM (SELECT DISTINCT day FROM old_rows WHERE day < (clock_timestamp() AT TIME ZONE 'UTC')::date) o;
  RETURN NULL;
END
$deleted$;
--> statement-breakpoint
CREATE FUNCTION usage_daily_truncated() RETURNS trigger LANGUAGE plpgsql AS $truncated$
BEGIN
  TRUNCATE usage_closed_periods, usage_closed_days, usage_closed_months;
  RETURN NULL;
END
$truncated$;
--> statement-breakpoint
-- Today's rows (every turn's metering) are filtered out by WHEN, in C: no function runs for them.
CREATE TRIGGER usage_daily_closed_insert AFTER INSERT ON usage_daily FOR EACH ROW
  WHEN (NEW.day < (clock_timestamp() AT TIME ZONE 'UTC')::date) EXECUTE FUNCTION usage_daily_row_changed();
--> statement-breakpoint
CREATE TRIGGER usage_daily_closed_update AFTER UPDATE ON usage_daily FOR EACH ROW
  WHEN (NEW.day < (clock_timestamp() AT TIME ZONE 'UTC')::date OR OLD.day < (clock_timestamp() AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION usage_daily_row_changed();
--> statement-breakpoint
CREATE TRIGGER usage_daily_closed_delete AFTER DELETE ON usage_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_daily_rows_deleted();
--> statement-breakpoint
CREATE TRIGGER usage_daily_truncate AFTER TRUNCATE ON usage_daily FOR EACH STATEMENT EXECUTE FUNCTION usage_daily_truncated();
--> statement-breakpoint
-- Backfill: every closed day and month of the roll-ups already kept.
SELECT usage_fill_closed_periods(min(day), max(day)) FROM usage_daily HAVING count(*) > 0;
--> statement-breakpoint
ANALYZE usage_closed_periods, usage_closed_days, usage_closed_months;
