/**
 * The analytics read's shared parts, and the read straight from the daily roll-ups of a range,
 * grouped five ways (by day, company, user, agent, and the total): used when an agent is asked
 * for, and as the reference the closed-period read (analytics-closed-read.ts, decision 155) must
 * equal. It never reads messages or usage records.
 *
 * One pass over the roll-up rows fills two hash tables: per day, and per (company, user, agent)
 * pair. Company, user, agent and total are then summed from the pairs (about a thousand rows,
 * not tens of thousands): five grouping sets over every row cost two and a half times the CPU
 * (bench/README.md, "Analytics and quotas", 2026-11-27). Active users are distinct, so not a
 * sum: per company and in total they are counted from the pairs; per day apart, from the
 * primary key's (day, …, user_id) alone, an index-only scan.
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

/** The summed figures: each roll-up column summed once per row, then its sums summed per grouping. */
const SUMMED = [
  ["conversations", sql`d.conversations`],
  ["messages", sql`d.messages`],
  ["text_messages", sql`d.messages * (d.kind = 'text')::int`],
  ["voice_messages", sql`d.messages * (d.kind = 'voice')::int`],
  ["web_messages", sql`d.web_messages`],
  ["api_messages", sql`d.api_messages`],
  // float8 sums: a bigint's sum would accumulate as numeric, several times slower.
  ["prompt_tokens", sql`d.prompt_tokens::float8`],
  ["completion_tokens", sql`d.completion_tokens::float8`],
  // Calls' wall length, not the quota's estimated heard + spoken seconds (voice/queries.ts recordDuration).
  ["voice_seconds", sql`d.call_seconds`],
  ["failed_replies", sql`d.failed_replies`],
  ["security_locks", sql`d.security_locks`],
  ["tool_calls", sql`d.tool_calls`],
  ...FIRST_TOKEN_COLUMN_NAMES.map((name) => [name, sql`d.${sql.identifier(name)}`] as const),
] as const;

export const SUMMED_NAMES = SUMMED.map(([name]) => name);

/** Each summed figure over `d` (usage_daily rows), named as the roll-ups name it. */
export const firstPass = sql.join(
  SUMMED.map(([name, value]) => sql`sum(${value}) as ${sql.identifier(name)}`),
  sql`, `,
);
/** The same as float8: summed again, a bigint's sum would accumulate as numeric. */
export const firstPassFloat = sql.join(
  SUMMED.map(([name, value]) => sql`sum(${value})::float8 as ${sql.identifier(name)}`),
  sql`, `,
);
/** The alias's figures as float8, for the same reason. */
export const floatColumnsOf = (alias: string) =>
  sql.join(
    SUMMED_NAMES.map((name) => sql`${sql.identifier(alias)}.${sql.identifier(name)}::float8`),
    sql`, `,
  );
/** Each summed figure over the alias's rows of already-summed figures. */
export const sumsOf = (alias: string) =>
  sql.join(
    SUMMED_NAMES.map((name) => sql`sum(${sql.identifier(alias)}.${sql.identifier(name)}) as ${sql.identifier(name)}`),
    sql`, `,
  );
/** The alias's summed figures, as they are. */
export const columnsOf = (alias: string) =>
  sql.join(
    SUMMED_NAMES.map((name) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`),
    sql`, `,
  );
const bucketArray = sql.join(
  FIRST_TOKEN_COLUMN_NAMES.map((name) => sql`agg.${sql.identifier(name)}::int`),
  sql`, `,
);

function whereOf(f: AnalyticsFilter): SQL {
  const filters: SQL[] = [sql`d.day between ${f.from}::date and ${f.to}::date`];
  if (f.companyId) filters.push(sql`d.company_id = ${f.companyId}`);
  if (f.agentId) filters.push(sql`d.agent_id = ${f.agentId}`);
  return sql.join(filters, sql` and `);
}

/**
 * The five groupings from two CTEs the caller writes: `days` (day, active_users, sums) and
 * `pairs` (company_id, user_id, agent_id, agent_name, sums). `extra` adds select-list columns.
 */
export function groupedFromDaysAndPairs(extra: SQL = sql``): SQL {
  return sql`agg as (
      select 'day' as grouping, b.day, null::uuid as company_id, null::uuid as user_id, null::uuid as agent_id,
        null::text as agent_company_id, null::text as agent_name, b.active_users, ${columnsOf("b")}
      from days b
      union all
      select
        case
          when grouping(p.company_id) = 0 then 'company'
          when grouping(p.user_id) = 0 then 'user'
          when grouping(p.agent_id) = 0 then 'agent'
          else 'total'
        end,
        null::date, p.company_id, p.user_id, p.agent_id,
        -- An agent's company: the one its turns were counted under (text sorts where uuid cannot).
        min(p.company_id::text), max(p.agent_name),
        -- A user row's active users is 1, and so is an agent's (an agent has one owner).
        count(distinct p.user_id)::int, ${sumsOf("p")}
      from pairs p
      group by grouping sets ((p.company_id), (p.user_id), (p.agent_id), ())
    )
    select agg.*, array[${bucketArray}] as buckets, to_char(agg.day, 'YYYY-MM-DD') as day_text,
      coalesce(c.name, ac.name, uc.name) as company_name, u.full_name, u.email ${extra}
    from agg
    left join companies c on c.id = agg.company_id
    left join companies ac on agg.grouping = 'agent' and ac.id = agg.agent_company_id::uuid
    left join users u on u.id = agg.user_id
    left join companies uc on uc.id = u.company_id`;
}

/** The sums and active users grouped five ways, straight from the range's daily rows; the day's active users read beside them (on PostgreSQL on a second connection). */
export async function aggregateDailyRows(db: Db, f: AnalyticsFilter): Promise<AggregateRow[]> {
  const [sums, activeByDay] = await Promise.all([sumUsage(db, f), countActiveUsersByDay(db, f)]);
  return sums.map((row) =>
    row.grouping === "day" ? { ...row, activeUsers: activeByDay.get(row.day ?? "") ?? 0 } : row,
  );
}

async function countActiveUsersByDay(db: Db, f: AnalyticsFilter): Promise<Map<string, number>> {
  const result: unknown = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, count(distinct d.user_id)::int as n
    from usage_daily d where ${whereOf(f)} group by d.day`);
  return new Map(rowsOf(result).map((row) => [String(row.day), num(row.n)]));
}

async function sumUsage(db: Db, f: AnalyticsFilter): Promise<AggregateRow[]> {
  const result: unknown = await db.execute(sql`
    with base as (
      select grouping(d.day) as by_pair, d.day, d.company_id, d.user_id, d.agent_id,
        max(d.agent_name) as agent_name, ${firstPass}
      from usage_daily d
      where ${whereOf(f)}
      group by grouping sets ((d.day), (d.company_id, d.user_id, d.agent_id))
    ),
    pairs as materialized (select * from base where by_pair = 1),
    days as (select b.day, 0 as active_users, ${columnsOf("b")} from base b where b.by_pair = 0),
    ${groupedFromDaysAndPairs()}`);
  return rowsOf(result).map(toAggregateRow);
}

/** node-postgres and PGlite both answer with { rows: [...] }. */
export const rowsOf = (result: unknown) => (result as { rows?: Record<string, unknown>[] }).rows ?? [];
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toAggregateRow(row: Record<string, unknown>): AggregateRow {
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
    activeUsers: num(row.active_users),
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
