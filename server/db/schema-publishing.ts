/**
 * Publishing (issue 25): an agent's public settings, the guests who talk to it without an
 * account, and the turns they sent (what the per-guest and per-address rate limits count).
 * A guest's conversation is an ordinary conversations row owned by the agent's owner, so the
 * engine, quotas, the security lock and the admin's reading work on it unchanged; `guests`
 * says whose browser it belongs to. Kept beside schema.ts, which never imports it back.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents, conversations, createdAt } from "./schema.js";

export const agentPublishing = pgTable("agent_publishing", {
  agentId: uuid("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  slug: text("slug").notNull().unique(),
  /** Origins (scheme://host[:port]) whose pages may embed the widget. */
  allowedOrigins: jsonb("allowed_origins")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  greeting: text("greeting").notNull(),
  voice: boolean("voice").notNull().default(false),
  guestMessagesPerHour: integer("guest_messages_per_hour").notNull(),
  themeColor: text("theme_color").notNull(),
  themePosition: text("theme_position").notNull(),
  /** agent_tools ids a guest's turn may call; none by default. */
  guestToolIds: jsonb("guest_tool_ids")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** One browser's guest session of one published agent; its token names this row. */
export const guests = pgTable(
  "guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    /** "web" (the public page, the widget) or "api". */
    channel: text("channel").notNull().default("web"),
    /** Set by the guest's first turn. */
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    /** The page the guest was on when the session began (the widget's host page). */
    pageUrl: text("page_url"),
    /** The Origin header of the session's request; null on the public page of this host. */
    origin: text("origin"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("guests_agent_idx").on(t.agentId, t.createdAt), index("guests_conversation_idx").on(t.conversationId)],
);

/** A guest's admitted turn, counted by the hourly limits (per guest and per address). */
export const guestTurns = pgTable(
  "guest_turns",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("guest_turns_guest_idx").on(t.guestId, t.createdAt),
    index("guest_turns_address_idx").on(t.agentId, t.address, t.createdAt),
  ],
);

export const publishingSchema = { agentPublishing, guests, guestTurns };
