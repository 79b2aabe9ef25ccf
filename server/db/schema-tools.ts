/**
 * Agents' tools and the admin's tool policy (issue 24). A tool's settings are one JSON document
 * (`config`); its header values are sealed apart (`sealed_headers`, AES-256-GCM through
 * server/tools/secret-box.ts), so `config` never holds a secret and can be read, logged in the
 * audit and answered freely.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { agents, companies, conversations, createdAt, messages, users } from "./schema.js";

/** Settings of a tool by kind; the fields that do not apply are absent. */
export interface AgentToolConfig {
  url?: string;
  method?: string;
  parameters?: Record<string, unknown>;
  /** HTTP actions made by an OpenAPI import: where each argument goes (absent: the method decides). */
  queryParameters?: string[];
  bodyParameter?: string;
  enabledTools?: string[] | null;
  /** Each saved header's name and hint ("••••1234"); the values are in sealed_headers. */
  headerHints?: { name: string; hint: string }[];
  /** What an MCP server listed when last asked, and when. */
  offered?: { name: string; description: string; parameters: Record<string, unknown> }[] | null;
  refreshedAt?: string | null;
}

export const agentTools = pgTable(
  "agent_tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    /** The agent owner's company when the tool was added (per-company caps count by it). */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** 'mcp', 'http' or 'builtin'. */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** 'auto' or 'ask'. */
    approval: text("approval").notNull().default("ask"),
    config: jsonb("config").$type<AgentToolConfig>().notNull().default({}),
    /** The headers as one sealed JSON object; null when the tool has none. */
    sealedHeaders: text("sealed_headers"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_tools_agent_name_idx").on(t.agentId, t.name),
    index("agent_tools_company_idx").on(t.companyId),
    check("agent_tools_kind", sql`${t.kind} in ('mcp', 'http', 'builtin')`),
    check("agent_tools_approval", sql`${t.approval} in ('auto', 'ask')`),
  ],
);

/** The instance's one policy for what tools may reach and how often (a single row, id 1; absent = defaults). */
export const toolPolicy = pgTable(
  "tool_policy",
  {
    id: integer("id").primaryKey().default(1),
    allowedHosts: jsonb("allowed_hosts").$type<string[]>().notNull().default([]),
    allowPrivateNetworks: boolean("allow_private_networks").notNull().default(false),
    maxCallsPerTurn: integer("max_calls_per_turn").notNull().default(6),
    /** Null: unlimited. */
    callsPerCompanyPerDay: integer("calls_per_company_per_day"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("tool_policy_one_row", sql`${t.id} = 1`)],
);

/**
 * Each tool call a turn made or was asked to make (issue 24): what was called with what, how it
 * ended, how long it took, and who let it through when it had to be approved. The chat and the
 * admin's conversation view show them as the reply's steps; the per-company daily cap counts them.
 */
export const toolCalls = pgTable(
  "tool_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The turn's user message: the reply the calls served answers it. */
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** The function the model called, as it was offered (`<server>__<tool>` for MCP). */
    name: text("name").notNull(),
    /** The model's arguments, as it sent them (JSON text, capped). */
    arguments: text("arguments").notNull(),
    /** 'awaiting_approval', 'running', 'ok', 'failed', 'denied', 'withheld' or 'refused'. */
    outcome: text("outcome").notNull(),
    resultSummary: text("result_summary").notNull().default(""),
    durationMs: integer("duration_ms"),
    /** Who approved or denied it; null for calls that needed no approval. */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tool_calls_conversation_idx").on(t.conversationId, t.createdAt),
    index("tool_calls_company_day_idx").on(t.companyId, t.createdAt),
    check(
      "tool_calls_outcome",
      sql`${t.outcome} in ('awaiting_approval', 'running', 'ok', 'failed', 'denied', 'withheld', 'refused')`,
    ),
  ],
);

export const toolsSchema = { agentTools, toolPolicy, toolCalls };
