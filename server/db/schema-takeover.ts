/**
 * Human takeover (issue 26): who holds a conversation instead of its agent, and when its user
 * asked for a person. A row exists only for conversations that were ever handed to a person,
 * so the hot chat path reads one small table by primary key. Kept beside schema.ts, which it
 * extends and which never imports it back.
 */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { conversations, users } from "./schema.js";

export const conversationTakeovers = pgTable(
  "conversation_takeovers",
  {
    conversationId: uuid("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The person answering instead of the agent; null while the agent answers. */
    heldBy: uuid("held_by").references(() => users.id, { onDelete: "set null" }),
    /** How the user sees them: "Sam from Acme", fixed when they took over. */
    heldByName: text("held_by_name"),
    heldSince: timestamp("held_since", { withTimezone: true, mode: "date" }),
    /** Set when the user asked for a person; cleared when someone takes over. */
    handoffRequestedAt: timestamp("handoff_requested_at", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("conversation_takeovers_handoff_idx").on(t.handoffRequestedAt)],
);
export const takeoverSchema = { conversationTakeovers };
