/**
 * The statement that meters a finished turn, as CTEs (who, rec, rolled, month, ledger, crossing,
 * warned): the record, its daily roll-up row (messages, tokens, tool calls…), the company's ledger and a month quota crossing
 * its warning threshold. The ledger already holds what the turn reserved when it was admitted
 * (usage/queries.ts admissionCtes): it gets the difference, so a failed or cut turn gives back
 * what it did not use. `insertTurnUsage` runs them on their own; a text turn runs them inside
 * the statement that stores its reply (conversations/turn-queries.ts), one round trip instead of two.
 * The kind comes from the conversation, the company from the user, the channel from the guest
 * whose conversation it is (server/publishing: "web" or "api"), else "app" (a member).
 */
import { sql, type SQL } from "drizzle-orm";
import { QUOTA_WARNING_PERCENT as WARNING_PERCENT, type QuotaName } from "../../contracts/usage.js";
import { FIRST_TOKEN_COLUMN_NAMES, firstTokenBucket } from "../db/first-token-buckets.js";
import { startOfUtcMonth, utcDay } from "./periods.js";
import type { SqlValues } from "../db/named-statement.js";
import type { MonthWarning, TurnUsageRecord } from "./queries.js";

/** The statement's values, derived from the record: what varies per turn, while the SQL does not. */
export interface TurnUsageValues extends Record<string, unknown> {
  usageUserId: string;
  usageAgentId: string;
  usageAgentName: string;
  usageConversationId: string;
  usageProvider: string;
  usageModel: string;
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
  firstTokenMs: number | null;
  totalMs: number;
  outcome: TurnUsageRecord["outcome"];
  startedConversation: boolean;
  voiceSecondsHeard: number;
  voiceSecondsSpoken: number;
  toolCalls: number;
  usageLanguage: string | null;
  at: string;
  usageDay: string;
  usageMonthStart: string;
  tokens: number;
  voiceSeconds: number;
  /** What the ledger gets: the real figures less the turn's reservation, on the reservation's day. */
  ledgerDay: string;
  ledgerTokens: number;
  ledgerVoiceSeconds: number;
  conversationsStarted: number;
  failedReplies: number;
  securityLocks: number;
}

export function turnUsageValues(u: TurnUsageRecord): TurnUsageValues {
  const tokens = u.promptTokens + u.completionTokens;
  const voiceSeconds = u.voiceSecondsHeard + u.voiceSecondsSpoken;
  return {
    usageUserId: u.userId,
    usageAgentId: u.agentId,
    usageAgentName: u.agentName,
    usageConversationId: u.conversationId,
    usageProvider: u.provider,
    usageModel: u.model,
    promptTokens: u.promptTokens,
    completionTokens: u.completionTokens,
    tokensEstimated: u.tokensEstimated,
    firstTokenMs: u.firstTokenMs,
    totalMs: u.totalMs,
    outcome: u.outcome,
    startedConversation: u.startedConversation,
    voiceSecondsHeard: u.voiceSecondsHeard,
    voiceSecondsSpoken: u.voiceSecondsSpoken,
    toolCalls: u.toolCalls,
    usageLanguage: u.language,
    at: u.at.toISOString(),
    usageDay: utcDay(u.at),
    usageMonthStart: startOfUtcMonth(u.at),
    tokens,
    voiceSeconds,
    ledgerDay: u.reserved?.day ?? utcDay(u.at),
    ledgerTokens: tokens - (u.reserved?.tokens ?? 0),
    ledgerVoiceSeconds: voiceSeconds - (u.reserved?.voiceSeconds ?? 0),
    conversationsStarted: u.startedConversation ? 1 : 0,
    failedReplies: u.outcome === "failed" ? 1 : 0,
    securityLocks: u.outcome === "blocked" ? 1 : 0,
  };
}

/** The first-token bucket column the record counts in, if any: part of the statement's shape. */
export function firstTokenColumn(u: TurnUsageRecord): string | null {
  return u.firstTokenMs === null ? null : (FIRST_TOKEN_COLUMN_NAMES[firstTokenBucket(u.firstTokenMs)] ?? null);
}

/** The CTEs, from values or their slots (db/named-statement.ts); `bucket` from firstTokenColumn. */
export function turnUsageCtes(v: SqlValues<TurnUsageValues>, bucket: string | null): SQL {
  const bucketColumn = bucket ? sql`, ${sql.identifier(bucket)}` : sql``;
  const bucketValue = bucket ? sql`, 1` : sql``;
  const bucketUpdate = bucket ? sql`, ${sql.identifier(bucket)} = usage_daily.${sql.identifier(bucket)} + 1` : sql``;
  const day = v.usageDay;
  const monthStart = v.usageMonthStart;
  const tokens = v.tokens;
  const voiceSeconds = v.voiceSeconds;
  return sql`who as (
      select u.company_id, c.name, c.tokens_per_month, c.voice_minutes_per_month,
             coalesce((select kind from conversations where id = ${v.usageConversationId}), 'text') as kind,
             coalesce((select g.channel from guests g where g.conversation_id = ${v.usageConversationId} limit 1), 'app') as channel
      from users u join companies c on c.id = u.company_id where u.id = ${v.usageUserId}
    ),
    rec as (
      insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, channel, provider,
        model, prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
        voice_seconds_heard, voice_seconds_spoken, tool_calls, language, created_at)
      select who.company_id, ${v.usageUserId}, ${v.usageAgentId}, ${v.usageAgentName}, ${v.usageConversationId}, who.kind, who.channel, ${v.usageProvider},
        ${v.usageModel}, ${v.promptTokens}, ${v.completionTokens}, ${v.tokensEstimated}, ${v.firstTokenMs}, ${v.totalMs},
        ${v.outcome}, ${v.startedConversation}, ${v.voiceSecondsHeard}::float8, ${v.voiceSecondsSpoken}::float8, ${v.toolCalls}::int, ${v.usageLanguage},
        ${v.at}::timestamptz
      from who returning id
    ),
    rolled as (
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        web_messages, api_messages, prompt_tokens, completion_tokens, voice_seconds, failed_replies, security_locks, tool_calls ${bucketColumn})
      select ${day}::date, who.company_id, ${v.usageUserId}, ${v.usageAgentId}, who.kind, ${v.usageAgentName},
        ${v.conversationsStarted}, 1, (who.channel = 'web')::int, (who.channel = 'api')::int, ${v.promptTokens}, ${v.completionTokens}, ${voiceSeconds}::float8,
        ${v.failedReplies}, ${v.securityLocks}, ${v.toolCalls}::int ${bucketValue}
      from who
      on conflict (day, company_id, user_id, agent_id, kind) do update set
        agent_name = excluded.agent_name,
        conversations = usage_daily.conversations + excluded.conversations,
        messages = usage_daily.messages + 1,
        web_messages = usage_daily.web_messages + excluded.web_messages,
        api_messages = usage_daily.api_messages + excluded.api_messages,
        prompt_tokens = usage_daily.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = usage_daily.completion_tokens + excluded.completion_tokens,
        voice_seconds = usage_daily.voice_seconds + excluded.voice_seconds,
        failed_replies = usage_daily.failed_replies + excluded.failed_replies,
        security_locks = usage_daily.security_locks + excluded.security_locks,
        tool_calls = usage_daily.tool_calls + excluded.tool_calls ${bucketUpdate}
      returning 1
    ),
    month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds
      from company_usage cu join who on who.company_id = cu.company_id where cu.day >= ${monthStart}::date
    ),
    ledger as (
      insert into company_usage (company_id, day, tokens, voice_seconds)
      select who.company_id, ${v.ledgerDay}::date, greatest(${v.ledgerTokens}::bigint, 0), greatest(${v.ledgerVoiceSeconds}::float8, 0)
      from who
      where ${v.ledgerTokens}::bigint <> 0 or ${v.ledgerVoiceSeconds}::float8 <> 0
      on conflict (company_id, day) do update set
        tokens = greatest(company_usage.tokens + ${v.ledgerTokens}::bigint, 0),
        voice_seconds = greatest(company_usage.voice_seconds + ${v.ledgerVoiceSeconds}::float8, 0)
      returning 1
    ),
    crossing as (
      select who.company_id, who.name, 'tokensPerMonth' as quota, (month.tokens + ${v.ledgerTokens}::bigint)::float8 as used,
             who.tokens_per_month::float8 as quota_limit
      from who, month where who.tokens_per_month is not null and ${tokens}::bigint > 0
        and (month.tokens + ${v.ledgerTokens}::bigint) * 100 >= who.tokens_per_month * ${WARNING_PERCENT}
      union all
      select who.company_id, who.name, 'voiceMinutesPerMonth', (month.voice_seconds + ${v.ledgerVoiceSeconds}::float8) / 60,
             who.voice_minutes_per_month::float8
      from who, month where who.voice_minutes_per_month is not null and ${voiceSeconds}::float8 > 0
        and (month.voice_seconds + ${v.ledgerVoiceSeconds}::float8) / 60 * 100 >= who.voice_minutes_per_month::bigint * ${WARNING_PERCENT}
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
