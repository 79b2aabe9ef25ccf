/**
 * Usage and quotas (issue 12): the metered record of every turn, its daily roll-up, the quota
 * ledger and which warnings were sent. Kept beside schema.ts (which it extends, and which never
 * imports it back); the migrations are generated from both, with schema-knowledge.ts.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { FIRST_TOKEN_BUCKET_COLUMNS } from "./first-token-buckets.js";
import { companies, conversations, users } from "./schema.js";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * One conversation turn, text or voice, as it was metered: written when the turn ends, whatever
 * its outcome. Tokens come from the provider's own usage figures, or are counted with a
 * tokenizer (tokensEstimated) when it sent none. Offline replies use no model: 0 tokens.
 */
export const usageRecords = pgTable(
  "usage_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** No foreign key: the record outlives its agent, and keeps its name. */
    agentId: uuid("agent_id").notNull(),
    agentName: text("agent_name").notNull(),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["text", "voice"] }).notNull(),
    /** Who the turn was for (contracts/usage.ts USAGE_CHANNELS): a member in the app, or a guest on the web or the API. */
    channel: text("channel", { enum: ["app", "web", "api"] })
      .notNull()
      .default("app"),
    /** "openai-compatible" or "offline". */
    provider: text("provider").notNull(),
    /** The model asked, or "offline". */
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    tokensEstimated: boolean("tokens_estimated").notNull().default(false),
    firstTokenMs: integer("first_token_ms"),
    totalMs: integer("total_ms").notNull(),
    outcome: text("outcome", { enum: ["complete", "partial", "failed", "blocked"] }).notNull(),
    startedConversation: boolean("started_conversation").notNull().default(false),
    voiceSecondsHeard: doublePrecision("voice_seconds_heard").notNull().default(0),
    voiceSecondsSpoken: doublePrecision("voice_seconds_spoken").notNull().default(0),
    /** Tool calls the turn ran: those that reached their tool (decision 148), not the denied or refused. */
    toolCalls: integer("tool_calls").notNull().default(0),
    language: text("language"),
    createdAt: createdAt(),
  },
  (t) => [
    index("usage_records_created_idx").on(t.createdAt),
    index("usage_records_company_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * Daily roll-up of usage_records per (day, company, user, agent, kind), upserted by the same
 * statement that writes the record, so analytics reads these rows and never scans messages.
 * Time to first token is kept as a histogram (first-token-buckets.ts) so percentiles add up.
 */
export const usageDaily = pgTable(
  "usage_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id").notNull(),
    kind: text("kind", { enum: ["text", "voice"] }).notNull(),
    agentName: text("agent_name").notNull(),
    conversations: integer("conversations").notNull().default(0),
    messages: integer("messages").notNull().default(0),
    /** Of `messages`, the guests' on the public page and the widget, and through the API (issue 25). */
    webMessages: integer("web_messages").notNull().default(0),
    apiMessages: integer("api_messages").notNull().default(0),
    promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull().default(0),
    completionTokens: bigint("completion_tokens", { mode: "number" }).notNull().default(0),
    voiceSeconds: doublePrecision("voice_seconds").notNull().default(0),
    /**
     * Wall seconds of voice calls started that day: raised with each call's duration
     * (voice/queries.ts recordDuration), so analytics reads a call's length, not the sum of
     * its estimated heard and spoken seconds (the quota's figure, above).
     */
    callSeconds: integer("call_seconds").notNull().default(0),
    failedReplies: integer("failed_replies").notNull().default(0),
    securityLocks: integer("security_locks").notNull().default(0),
    /** Tool calls the day's turns ran (decision 148), raised by the statement that meters each turn. */
    toolCalls: integer("tool_calls").notNull().default(0),
    ...FIRST_TOKEN_BUCKET_COLUMNS,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.companyId, t.userId, t.agentId, t.kind] }),
    index("usage_daily_company_idx").on(t.companyId, t.day),
  ],
);

/**
 * The quota ledger: one row per company and UTC day. A turn is admitted by incrementing
 * `messages` in the statement that stores its message (server/conversations/turn-queries.ts), under the
 * row's lock, so concurrent turns cannot both take the last message of a quota.
 */
export const companyUsage = pgTable(
  "company_usage",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    messages: integer("messages").notNull().default(0),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
    voiceSeconds: doublePrecision("voice_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** Which quota warnings were sent: one per company, quota and period, however many instances race. */
export const quotaWarnings = pgTable(
  "quota_warnings",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    quota: text("quota").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("quota_warnings_once_idx").on(t.companyId, t.quota, t.periodStart)],
);

/**
 * Closed periods' sums, kept for analytics (decision 155): a day is closed two days after it
 * ends. The read fills a closed period the first time it needs it (usage_closed_periods marks
 * it filled), and a trigger on usage_daily forgets a period when a row of a day before today
 * changes (a late call length, a deletion), so what these tables hold always equals the sums of
 * the daily rows. Today's and yesterday's metering never touch them.
 */
const closedSums = () => ({
  conversations: integer("conversations").notNull().default(0),
  messages: integer("messages").notNull().default(0),
  textMessages: integer("text_messages").notNull().default(0),
  voiceMessages: integer("voice_messages").notNull().default(0),
  webMessages: integer("web_messages").notNull().default(0),
  apiMessages: integer("api_messages").notNull().default(0),
  promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull().default(0),
  completionTokens: bigint("completion_tokens", { mode: "number" }).notNull().default(0),
  /** usage_daily.call_seconds summed: analytics' voice seconds are calls' wall length. */
  voiceSeconds: bigint("voice_seconds", { mode: "number" }).notNull().default(0),
  failedReplies: integer("failed_replies").notNull().default(0),
  securityLocks: integer("security_locks").notNull().default(0),
  toolCalls: integer("tool_calls").notNull().default(0),
  ...FIRST_TOKEN_BUCKET_COLUMNS,
});

/**
 * Which closed periods the two tables below hold: "day", "month", or "prefix" (a month's first
 * days, through `start`); a day's row counts its distinct active users.
 */
export const usageClosedPeriods = pgTable(
  "usage_closed_periods",
  {
    period: text("period", { enum: ["day", "month", "prefix"] }).notNull(),
    start: date("start", { mode: "string" }).notNull(),
    activeUsers: integer("active_users").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.period, t.start] })],
);

/** A closed day's sums per company, with the company's distinct active users that day. */
export const usageClosedDays = pgTable(
  "usage_closed_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    companyId: uuid("company_id").notNull(),
    activeUsers: integer("active_users").notNull().default(0),
    ...closedSums(),
  },
  (t) => [primaryKey({ columns: [t.day, t.companyId] })],
);

/**
 * A closed month's sums per (company, user, agent), through its last day: the user and agent
 * tables' rows, summed a month at a time. The current month's closed days are kept the same
 * way through the last closed day, until a later day replaces them.
 */
export const usageClosedMonths = pgTable(
  "usage_closed_months",
  {
    month: date("month", { mode: "string" }).notNull(),
    through: date("through", { mode: "string" }).notNull(),
    companyId: uuid("company_id").notNull(),
    userId: uuid("user_id").notNull(),
    agentId: uuid("agent_id").notNull(),
    /** The greatest of the month's names for the agent, as the daily read's max(agent_name). */
    agentName: text("agent_name").notNull(),
    ...closedSums(),
  },
  (t) => [primaryKey({ columns: [t.month, t.through, t.companyId, t.userId, t.agentId] })],
);

export const usageSchema = {
  usageRecords,
  usageDaily,
  companyUsage,
  quotaWarnings,
  usageClosedPeriods,
  usageClosedDays,
  usageClosedMonths,
};
