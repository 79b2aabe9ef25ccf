/**
 * Usage SQL: the quota admission that the chat turn's statement embeds, the one statement that
 * meters a finished turn (record, daily roll-up, ledger, warnings), and the reads of a
 * company's use. The ledger (company_usage) has one row per company and UTC day; month figures
 * are the sum of at most 31 of its rows.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  QUOTA_WARNING_PERCENT as WARNING_PERCENT,
  type QuotaName,
  type QuotaUse,
  type Quotas,
} from "../../contracts/usage.js";
import { TOOL_CALL_OUTCOMES_THAT_RAN } from "../../contracts/tool-calls.js";
import type { Db } from "../db/connect.js";
import { namedStatementRows, shapedRows } from "../db/named-statement.js";
import { startOfUtcMonth, utcDay } from "./periods.js";
import {
  firstTokenColumn,
  monthWarningsColumn,
  readMonthWarnings,
  turnUsageCtes,
  turnUsageValues,
} from "./turn-usage-sql.js";

/** Every turn runs one or two of these: prepared on PostgreSQL, like the turn's own statements. */
function rowsOf(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return namedStatementRows(db, "usage", query);
}

const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const toLimit = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface AdmissionParams {
  /** The user (or the slot of a shaped statement that holds it; see db/named-statement.ts). */
  userId: unknown;
  /** The turn's UTC day and the first day of its month, as admissionDates gives them (or slots). */
  day: unknown;
  monthStart: unknown;
  /** SQL of the turn's kind ('text' or 'voice'). */
  kind: SQL;
  /** SQL that is true when the rest of the statement will store the turn (agent active, not locked…). */
  gate: SQL;
  /** The turn's estimated tokens and (for a voice turn) seconds of speech, reserved when admitted (or slots). */
  reserveTokens: unknown;
  reserveVoiceSeconds: unknown;
}

/** The periods a turn at `now` is admitted in: values for AdmissionParams and admissionReport. */
export function admissionDates(now: Date): { day: string; monthStart: string } {
  return { day: utcDay(now), monthStart: startOfUtcMonth(now) };
}

/**
 * CTEs (quota_company, quota_month, quota_admitted, quota_warned) that admit one turn against
 * its company's quotas by adding one message, and the turn's estimated tokens and voice seconds,
 * to today's ledger row. ON CONFLICT DO UPDATE locks that row and re-reads its latest version,
 * so of 50 turns racing for the last 10 messages exactly 10 see `messages < limit`; and as each
 * admitted turn's reservation is in that row, a racing turn sees it too, so a month quota is
 * overrun by at most one turn's estimate (the turn settles to its real figure when it ends,
 * turn-usage-sql.ts). Earlier days' rows change only as turns settle: their snapshot suffices.
 * The statement's own writes must require a row in quota_admitted.
 */
export function admissionCtes(p: AdmissionParams): SQL {
  const { day, monthStart } = p;
  const limitOf = sql`(select c.messages_per_day from companies c where c.id = company_usage.company_id)`;
  const tokenLimit = sql`(select qc.tokens_per_month from quota_company qc)`;
  const voiceLimit = sql`(select qc.voice_minutes_per_month from quota_company qc)`;
  const earlier = sql`(select qm.earlier_tokens from quota_month qm)`;
  const earlierVoice = sql`(select qm.earlier_voice_seconds from quota_month qm)`;
  return sql`quota_company as (
      select c.id, c.name, c.messages_per_day, c.tokens_per_month, c.voice_minutes_per_month
      from users u join companies c on c.id = u.company_id where u.id = ${p.userId}
    ),
    quota_month as (
      select coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds,
             coalesce(sum(cu.tokens) filter (where cu.day <> ${day}::date), 0)::bigint as earlier_tokens,
             coalesce(sum(cu.voice_seconds) filter (where cu.day <> ${day}::date), 0)::float8 as earlier_voice_seconds
      from company_usage cu join quota_company qc on qc.id = cu.company_id
      where cu.day >= ${monthStart}::date
        and (qc.tokens_per_month is not null or qc.voice_minutes_per_month is not null)
    ),
    quota_reserved as (
      select case when qc.tokens_per_month is null then 0 else ${p.reserveTokens}::bigint end as tokens,
        case when qc.voice_minutes_per_month is null or ${p.kind} <> 'voice' then 0 else ${p.reserveVoiceSeconds}::float8 end
          as voice_seconds
      from quota_company qc
    ),
    quota_admitted as (
      insert into company_usage (company_id, day, messages, tokens, voice_seconds)
      select qc.id, ${day}::date, 1, qr.tokens, qr.voice_seconds
      from quota_company qc, quota_month qm, quota_reserved qr
      where ${p.gate}
        and (qc.messages_per_day is null or qc.messages_per_day > 0)
        and (qc.tokens_per_month is null or qm.tokens < qc.tokens_per_month)
        and (qc.voice_minutes_per_month is null or ${p.kind} <> 'voice'
             or qm.voice_seconds < qc.voice_minutes_per_month * 60.0)
      on conflict (company_id, day) do update set
        messages = company_usage.messages + 1,
        tokens = company_usage.tokens + excluded.tokens,
        voice_seconds = company_usage.voice_seconds + excluded.voice_seconds
      where (${limitOf} is null or company_usage.messages < ${limitOf})
        and (${tokenLimit} is null or ${earlier} + company_usage.tokens < ${tokenLimit})
        and (${voiceLimit} is null or ${p.kind} <> 'voice'
             or ${earlierVoice} + company_usage.voice_seconds < ${voiceLimit} * 60.0)
      returning messages
    ),
    quota_warned as (
      insert into quota_warnings (company_id, quota, period_start)
      select qc.id, 'messagesPerDay', ${day}::date from quota_company qc, quota_admitted qa
      where qc.messages_per_day is not null and qa.messages * 100 >= qc.messages_per_day::bigint * ${WARNING_PERCENT}
      on conflict do nothing returning 1
    )`;
}

/** The select-list expression reporting the admission, read back by readAdmission. */
export const admissionReport = (day: unknown): SQL => sql`(select json_build_object(
    'companyId', qc.id, 'companyName', qc.name,
    'messagesPerDay', qc.messages_per_day, 'tokensPerMonth', qc.tokens_per_month,
    'voiceMinutesPerMonth', qc.voice_minutes_per_month,
    'tokensThisMonth', qm.tokens, 'voiceSecondsThisMonth', qm.voice_seconds,
    'messagesToday', (select cu.messages from company_usage cu where cu.company_id = qc.id and cu.day = ${day}::date),
    'admittedAs', (select messages from quota_admitted),
    'warned', exists (select 1 from quota_warned),
    'reservedTokens', (select tokens from quota_reserved), 'reservedVoiceSeconds', (select voice_seconds from quota_reserved),
    'day', ${day}::text
  ) from quota_company qc, quota_month qm)`;

export interface Admission {
  companyId: string;
  companyName: string;
  quotas: Quotas;
  /** Use as the statement saw it; messagesToday counts this turn when it was admitted. */
  used: QuotaUse;
  admitted: boolean;
  /** This turn crossed the warning threshold of messagesPerDay (reported once per day). */
  warned: boolean;
  /** What an admitted turn reserved against the month quotas, settled when it is metered. */
  reserved: QuotaReservation;
}

/** A turn's reservation: in the ledger row of `day` until the turn's usage record settles it. */
export interface QuotaReservation {
  tokens: number;
  voiceSeconds: number;
  /** The UTC day ("YYYY-MM-DD") whose ledger row holds it. */
  day: string;
}

export function readAdmission(value: unknown): Admission | null {
  const raw: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const admittedAs = r.admittedAs === null || r.admittedAs === undefined ? null : Number(r.admittedAs);
  return {
    companyId: String(r.companyId),
    companyName: String(r.companyName),
    quotas: {
      messagesPerDay: toLimit(r.messagesPerDay),
      tokensPerMonth: toLimit(r.tokensPerMonth),
      voiceMinutesPerMonth: toLimit(r.voiceMinutesPerMonth),
    },
    used: {
      messagesToday: admittedAs ?? toNumber(r.messagesToday),
      tokensThisMonth: toNumber(r.tokensThisMonth),
      voiceMinutesThisMonth: toNumber(r.voiceSecondsThisMonth) / 60,
    },
    admitted: admittedAs !== null,
    warned: r.warned === true,
    reserved:
      admittedAs === null
        ? { tokens: 0, voiceSeconds: 0, day: String(r.day) }
        : { tokens: toNumber(r.reservedTokens), voiceSeconds: toNumber(r.reservedVoiceSeconds), day: String(r.day) },
  };
}

/** Admission on its own, for turns that store their messages step by step (the locking turn). */
export async function admitTurn(
  db: Db,
  p: { userId: string; now: Date; kind: SQL; reserve?: { tokens: number; voiceSeconds: number } },
): Promise<Admission | null> {
  const dates = admissionDates(p.now);
  const [row] = await rowsOf(
    db,
    sql`with ${admissionCtes({
      userId: p.userId,
      kind: p.kind,
      ...dates,
      gate: sql`true`,
      reserveTokens: p.reserve?.tokens ?? 0,
      reserveVoiceSeconds: p.reserve?.voiceSeconds ?? 0,
    })}
        select ${admissionReport(dates.day)} as quota`,
  );
  return readAdmission(row?.quota);
}

/**
 * Gives back an admitted turn that was then not stored (its conversation was locked meanwhile):
 * its message and its reservation (a bare date: one that reserved nothing, admitted that day).
 */
export async function releaseAdmission(db: Db, companyId: string, admitted: QuotaReservation | Date): Promise<void> {
  const reserved = admitted instanceof Date ? { tokens: 0, voiceSeconds: 0, day: utcDay(admitted) } : admitted;
  await db.execute(
    sql`update company_usage set messages = greatest(messages - 1, 0),
          tokens = greatest(tokens - ${reserved.tokens}::bigint, 0),
          voice_seconds = greatest(voice_seconds - ${reserved.voiceSeconds}::float8, 0)
        where company_id = ${companyId} and day = ${reserved.day}::date`,
  );
}

/** One finished turn, as metered. */
export interface TurnUsageRecord {
  userId: string;
  agentId: string;
  agentName: string;
  conversationId: string;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
  firstTokenMs: number | null;
  totalMs: number;
  outcome: "complete" | "partial" | "failed" | "blocked";
  startedConversation: boolean;
  voiceSecondsHeard: number;
  voiceSecondsSpoken: number;
  /** Tool calls the turn ran: those that reached their tool (decision 148). */
  toolCalls: number;
  language: string | null;
  at: Date;
  /** What the turn reserved at admission: the ledger gets the difference to the real figures. */
  reserved?: QuotaReservation | null;
}

export interface MonthWarning {
  quota: QuotaName;
  companyId: string;
  companyName: string;
  used: number;
  limit: number;
}

/** Meters a finished turn on its own (turn-usage-sql.ts): one statement. */
export async function insertTurnUsage(db: Db, u: TurnUsageRecord): Promise<MonthWarning[]> {
  const bucket = firstTokenColumn(u);
  const [row] = await shapedRows(
    db,
    `usage_record_${bucket ?? "none"}`,
    (v) => sql`with ${turnUsageCtes(v, bucket)} select ${monthWarningsColumn} as warnings`,
    turnUsageValues(u),
  );
  return readMonthWarnings(row?.warnings);
}

/**
 * The company's tool calls on `now`'s UTC day and the tool policy's cap on them. Counted from the
 * calls' record as the cap itself counts them (tool-loop.ts), so the figure a member sees is the
 * one that refuses: a call under way counts, a denied or refused one does not (decision 148).
 */
export async function readToolCallUse(
  db: Db,
  companyId: string,
  now: Date,
): Promise<{ today: number; perDay: number | null }> {
  const ran = sql.join(
    TOOL_CALL_OUTCOMES_THAT_RAN.map((outcome) => sql`${outcome}`),
    sql`, `,
  );
  const [row] = await rowsOf(
    db,
    sql`select (select tp.calls_per_company_per_day from tool_policy tp where tp.id = 1) as per_day,
          (select count(*) from tool_calls tc where tc.company_id = ${companyId}
             and tc.created_at >= ${`${utcDay(now)}T00:00:00Z`}::timestamptz and tc.outcome in (${ran}))::int as today`,
  );
  return { today: toNumber(row?.today), perDay: toLimit(row?.per_day) };
}

/** A company's quotas and what it has used in the periods that contain `now`. */
export async function readCompanyUse(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ companyId: string; companyName: string; quotas: Quotas; used: QuotaUse } | null> {
  const [row] = await rowsOf(
    db,
    sql`select c.id, c.name, c.messages_per_day, c.tokens_per_month, c.voice_minutes_per_month,
          coalesce((select cu.messages from company_usage cu where cu.company_id = c.id and cu.day = ${utcDay(now)}::date), 0) as messages_today,
          coalesce(sum(cu.tokens), 0)::bigint as tokens, coalesce(sum(cu.voice_seconds), 0)::float8 as voice_seconds
        from users u join companies c on c.id = u.company_id
        left join company_usage cu on cu.company_id = c.id and cu.day >= ${startOfUtcMonth(now)}::date
        where u.id = ${userId}
        group by c.id`,
  );
  if (!row) return null;
  return {
    companyId: String(row.id),
    companyName: String(row.name),
    quotas: {
      messagesPerDay: toLimit(row.messages_per_day),
      tokensPerMonth: toLimit(row.tokens_per_month),
      voiceMinutesPerMonth: toLimit(row.voice_minutes_per_month),
    },
    used: {
      messagesToday: toNumber(row.messages_today),
      tokensThisMonth: toNumber(row.tokens),
      voiceMinutesThisMonth: toNumber(row.voice_seconds) / 60,
    },
  };
}
