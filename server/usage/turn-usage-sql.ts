/**
 * The statement that meters a finished turn, as CTEs (who, rec, rolled, month, ledger, crossing,
 * warned): the record, its daily roll-up row, the company's ledger and a month quota crossing
 * its warning threshold. `insertTurnUsage` runs them on their own; a text turn runs them inside
 * the statement that stores its reply (chat/turn-queries.ts), one round trip instead of two.
 * The kind comes from the conversation, the company from the user.
 */
import { sql, type SQL } from "drizzle-orm";
import { QUOTA_WARNING_PERCENT as WARNING_PERCENT, type QuotaName } from "../../contracts/usage.js";
import { FIRST_TOKEN_COLUMN_NAMES, firstTokenBucket } from "./first-token-buckets.js";
import { startOfUtcMonth, utcDay } from "./periods.js";
import type { MonthWarning, TurnUsageRecord } from "./queries.js";

export function turnUsageCtes(u: TurnUsageRecord): SQL {
  const day = utcDay(u.at);
  const monthStart = startOfUtcMonth(u.at);
  const tokens = u.promptTokens + u.completionTokens;
  const voiceSeconds = u.voiceSecondsHeard + u.voiceSecondsSpoken;
  const bucket = u.firstTokenMs === null ? null : FIRST_TOKEN_COLUMN_NAMES[firstTokenBucket(u.firstTokenMs)];
  const bucketColumn = bucket ? sql`, ${sql.identifier(bucket)}` : sql``;
  const bucketValue = bucket ? sql`, 1` : sql``;
  const bucketUpdate = bucket ? sql`, ${sql.identifier(bucket)} = usage_daily.${sql.identifier(bucket)} + 1` : sql``;
  return sql`who as (
      select u.company_id, c.name, c.tokens_per_month, c.voice_minutes_per_month,
             coalesce((select kind from conversations where id = ${u.conversationId}), 'text') as kind
      from users u join companies c on c.id = u.company_id where u.id = ${u.userId}
    ),
    rec as (
      insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, provider, model,
        prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
        voice_seconds_heard, voice_seconds_spoken, language, created_at)
      select who.company_id, ${u.userId}, ${u.agentId}, ${u.agentName}, ${u.conversationId}, who.kind, ${u.provider},
        ${u.model}, ${u.promptTokens}, ${u.completionTokens}, ${u.tokensEstimated}, ${u.firstTokenMs}, ${u.totalMs},
        ${u.outcome}, ${u.startedConversation}, ${u.voiceSecondsHeard}::float8, ${u.voiceSecondsSpoken}::float8, ${u.language},
        ${u.at.toISOString()}::timestamptz
      from who returning id
    ),
    rolled as (
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks ${bucketColumn})
      select ${day}::date, who.company_id, ${u.userId}, ${u.agentId}, who.kind, ${u.agentName},
        ${u.startedConversation ? 1 : 0}, 1, ${u.promptTokens}, ${u.completionTokens}, ${voiceSeconds}::float8,
        ${u.outcome === "failed" ? 1 : 0}, ${u.outcome === "blocked" ? 1 : 0} ${bucketValue}
      from who
      on conflict (day, company_id, user_id, agent_id, kind) do update set
        agent_name = excluded.agent_name,
        conversations = usage_daily.conversations + excluded.conversations,
        messages = usage_daily.messages + 1,
        prompt_tokens = usage_daily.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = usage_daily.completion_tokens + excluded.completion_tokens,
        voice_seconds = usage_daily.voice_seconds + excluded.voice_seconds,
        failed_replies = usage_daily.failed_replies + excluded.failed_replies,
        security_locks = usage_daily.security_locks + excluded.security_locks ${bucketUpdate}
      returning 1
    ),
    month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds
      from company_usage cu join who on who.company_id = cu.company_id where cu.day >= ${monthStart}::date
    ),
    ledger as (
      insert into company_usage (company_id, day, tokens, voice_seconds)
      select who.company_id, ${day}::date, ${tokens}::bigint, ${voiceSeconds}::float8 from who
      where ${tokens}::bigint > 0 or ${voiceSeconds}::float8 > 0
      on conflict (company_id, day) do update set
        tokens = company_usage.tokens + excluded.tokens,
        voice_seconds = company_usage.voice_seconds + excluded.voice_seconds
      returning 1
    ),
    crossing as (
      select who.company_id, who.name, 'tokensPerMonth' as quota, (month.tokens + ${tokens}::bigint)::float8 as used,
             who.tokens_per_month::float8 as quota_limit
      from who, month where who.tokens_per_month is not null and ${tokens}::bigint > 0
        and (month.tokens + ${tokens}::bigint) * 100 >= who.tokens_per_month * ${WARNING_PERCENT}
      union all
      select who.company_id, who.name, 'voiceMinutesPerMonth', (month.voice_seconds + ${voiceSeconds}::float8) / 60,
             who.voice_minutes_per_month::float8
      from who, month where who.voice_minutes_per_month is not null and ${voiceSeconds}::float8 > 0
        and (month.voice_seconds + ${voiceSeconds}::float8) / 60 * 100 >= who.voice_minutes_per_month::bigint * ${WARNING_PERCENT}
    ),
    warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select company_id, quota, ${monthStart}::date from crossing
      on conflict do nothing returning quota
    )`;
}

/**
 * The select-list expression reporting the month quotas this record took past their warning
 * threshold for the first time (data-modifying CTEs run whether or not they are read: rec,
 * rolled and ledger need no mention).
 */
export const monthWarningsColumn = sql`(select coalesce(json_agg(json_build_object(
    'quota', crossing.quota, 'companyId', crossing.company_id, 'companyName', crossing.name,
    'used', crossing.used, 'limit', crossing.quota_limit)), '[]'::json)
  from crossing join warned on warned.quota = crossing.quota)`;

export function readMonthWarnings(value: unknown): MonthWarning[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((item: Record<string, unknown>) => ({
    quota: item.quota as QuotaName,
    companyId: String(item.companyId),
    companyName: String(item.companyName),
    used: Math.round(Number(item.used ?? 0)),
    limit: Number(item.limit ?? 0),
  }));
}
