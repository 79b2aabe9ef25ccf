/**
 * Conversation outcomes (issue 26): the fields each agent tracks, and what each conversation
 * came to. Kept beside schema.ts (which it extends and which never imports it back); the
 * migrations are generated from it with the other schema files.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { OutcomeField, OutcomeMethod, OutcomeValue, OutcomeVerdict } from "../../contracts/outcomes.js";
import { agents, conversations, users } from "./schema.js";

/** An agent's own outcome fields; an agent without a row tracks its template's. */
export const agentOutcomeFields = pgTable("agent_outcome_fields", {
  agentId: uuid("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  fields: jsonb("fields").$type<OutcomeField[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const conversationOutcomes = pgTable(
  "conversation_outcomes",
  {
    conversationId: uuid("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Copied from the conversation so analytics group by agent without another join. */
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    success: text("success").$type<OutcomeVerdict>().notNull(),
    /**
     * "model", "offline", "failed" (the model answered malformed twice; values are offline), or
     * "pending" (a person wrote an outcome down before any extraction).
     */
    method: text("method").$type<OutcomeMethod>().notNull(),
    /** What the extraction found, by field name. */
    extracted: jsonb("extracted").$type<Record<string, OutcomeValue>>().notNull(),
    unfilled: jsonb("unfilled").$type<string[]>().notNull(),
    /** A person's corrections, kept beside the extracted values and never overwritten by a later extraction. */
    personFields: jsonb("person_fields").$type<Record<string, OutcomeValue>>().notNull().default({}),
    personSummary: text("person_summary"),
    personSuccess: text("person_success").$type<OutcomeVerdict>(),
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
    /** The conversation's message count when extracted: more messages since → extract again. */
    messageCount: integer("message_count").notNull(),
    /** Null while pending. */
    extractedAt: timestamp("extracted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("conversation_outcomes_agent_idx").on(t.agentId, t.extractedAt)],
);
export const outcomesSchema = { agentOutcomeFields, conversationOutcomes };
