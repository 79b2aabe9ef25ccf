/**
 * The analytics read: one pass over the daily roll-ups of a range, grouped five ways at once
 * (GROUPING SETS: by day, company, user, agent, and the total). It never reads messages or
 * usage records, so its cost grows with days × active (user, agent) pairs, not with turns.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { FIRST_TOKEN_COLUMN_NAMES } from "../db/first-token-buckets.js";

export interface AnalyticsFilter {
  from: string;
  to: string;
  companyId?: string;
  agentId?: string;
}

export type Grouping = "day" | "company" | "user" | "agent" | "total";

export interface AggregateRow {
  grouping: Grouping;
  day: string | null;
  companyId: string | null;
  companyName: string | null;
  userId: string | null;
  fullName: string | null;
  email: string | null;
  agentId: string | null;
  agentName: string | null;
  conversations: number;
  messages: number;
  textMessages: number;
  voiceMessages: number;
  webMessages: number;
  apiMessages: number;
  activeUsers: number;
  promptTokens: number;
  completionTokens: number;
  voiceSeconds: number;
  failedReplies: number;
  securityLocks: number;
  toolCalls: number;
  firstTokenBuckets: number[];
}

const bucketSums = sql.join(
  FIRST_TOKEN_COLUMN_NAMES.map((name) => sql`sum(d.${sql.identifier(name)})::int`),
  sql`, `,
);

function whereOf(f: AnalyticsFilter): SQL {
  const filters: SQL[] = [sql`d.day between ${f.from}::date and ${f.to}::date`];
  if (f.companyId) filters.push(sql`d.company_id = ${f.companyId}`);
  if (f.agentId) filters.push(sql`d.agent_id = ${f.agentId}`);
  return sql.join(filters, sql` and `);
}

/**
 * The sums, grouped five ways, and the active users (distinct, so not a sum) counted apart:
 * a distinct count inside the grouping sets would force a sort per set instead of one hash
 * pass. On PostgreSQL the two run side by side on two connections. A user row's active
 * users is 1, and so is an agent's (an agent has one owner).
 */
export async function aggregateUsage(db: Db, f: AnalyticsFilter): Promise<AggregateRow[]> {
  const [sums, active] = await Promise.all([sumUsage(db, f), countActiveUsers(db, f)]);
  const activeOf = new Map(active.map((row) => [`${row.grouping}:${row.key ?? ""}`, row.n]));
  return sums.map((row) => {
    const key = row.grouping === "day" ? row.day : row.grouping === "company" ? row.companyId : null;
    const counted = activeOf.get(`${row.grouping}:${key ?? ""}`);
    return { ...row, activeUsers: counted ?? (row.grouping === "user" || row.grouping === "agent" ? 1 : 0) };
  });
}

async function countActiveUsers(
  db: Db,
  f: AnalyticsFilter,
): Promise<{ grouping: Grouping; key: string | null; n: number }[]> {
  const result: unknown = await db.execute(sql`
    with active as materialized (
      select d.day, d.company_id, d.user_id from usage_daily d where ${whereOf(f)} group by 1, 2, 3
    )
    select case when grouping(day) = 0 then 'day' when grouping(company_id) = 0 then 'company' else 'total' end as grouping,
      coalesce(to_char(day, 'YYYY-MM-DD'), company_id::text) as key, count(distinct user_id)::int as n
    from active group by grouping sets ((day), (company_id), ())`);
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  return rows.map((row) => ({ grouping: row.grouping as Grouping, key: text(row.key), n: num(row.n) }));
}

async function sumUsage(db: Db, f: AnalyticsFilter): Promise<AggregateRow[]> {
  const result: unknown = await db.execute(sql`
    with agg as (
      select
        case
          when grouping(d.day) = 0 then 'day'
          when grouping(d.company_id) = 0 then 'company'
          when grouping(d.user_id) = 0 then 'user'
          when grouping(d.agent_id) = 0 then 'agent'
          else 'total'
        end as grouping,
        d.day, d.company_id, d.user_id, d.agent_id,
        -- An agent's company: the one its turns were counted under (text sorts where uuid cannot).
        min(d.company_id::text) as agent_company_id,
        max(d.agent_name) as agent_name,
        sum(d.conversations)::int as conversations,
        sum(d.messages)::int as messages,
        coalesce(sum(d.messages) filter (where d.kind = 'text'), 0)::int as text_messages,
        coalesce(sum(d.messages) filter (where d.kind = 'voice'), 0)::int as voice_messages,
        sum(d.web_messages)::int as web_messages,
        sum(d.api_messages)::int as api_messages,
        sum(d.prompt_tokens)::float8 as prompt_tokens,
        sum(d.completion_tokens)::float8 as completion_tokens,
        -- Calls' wall length, not the quota's estimated heard + spoken seconds (voice/queries.ts recordDuration).
        sum(d.call_seconds)::float8 as voice_seconds,
        sum(d.failed_replies)::int as failed_replies,
        sum(d.security_locks)::int as security_locks,
        sum(d.tool_calls)::int as tool_calls,
        array[${bucketSums}] as buckets
      from usage_daily d
      where ${whereOf(f)}
      group by grouping sets ((d.day), (d.company_id), (d.user_id), (d.agent_id), ())
    )
    select agg.*, to_char(agg.day, 'YYYY-MM-DD') as day_text,
      coalesce(c.name, ac.name, uc.name) as company_name, u.full_name, u.email
    from agg
    left join companies c on c.id = agg.company_id
    left join companies ac on agg.grouping = 'agent' and ac.id = agg.agent_company_id::uuid
    left join users u on u.id = agg.user_id
    left join companies uc on uc.id = u.company_id`);
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  return rows.map(toAggregateRow);
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function toAggregateRow(row: Record<string, unknown>): AggregateRow {
  const buckets: unknown = typeof row.buckets === "string" ? parsePgArray(row.buckets) : row.buckets;
  return {
    grouping: row.grouping as Grouping,
    day: text(row.day_text),
    companyId: text(row.company_id) ?? (row.grouping === "agent" ? text(row.agent_company_id) : null),
    companyName: text(row.company_name),
    userId: text(row.user_id),
    fullName: text(row.full_name),
    email: text(row.email),
    agentId: text(row.agent_id),
    agentName: text(row.agent_name),
    conversations: num(row.conversations),
    messages: num(row.messages),
    textMessages: num(row.text_messages),
    voiceMessages: num(row.voice_messages),
    webMessages: num(row.web_messages),
    apiMessages: num(row.api_messages),
    activeUsers: 0,
    promptTokens: num(row.prompt_tokens),
    completionTokens: num(row.completion_tokens),
    voiceSeconds: num(row.voice_seconds),
    failedReplies: num(row.failed_replies),
    securityLocks: num(row.security_locks),
    toolCalls: num(row.tool_calls),
    firstTokenBuckets: Array.isArray(buckets) ? buckets.map(num) : [],
  };
}

/** "{1,2,3}" as a driver without array parsing would hand it over. */
function parsePgArray(value: string): number[] {
  return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}
