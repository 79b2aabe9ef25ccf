/**
 * API keys (issue 25): the keys an app presents to the OpenAI-compatible `/v1` API, one agent
 * each. Only a SHA-256 of the key is stored (decision 120): a key is 32 random bytes, so a fast
 * hash cannot be reversed by guessing, and a lookup stays one indexed equality. A revoked key
 * keeps its row (revoked_at set) so its name and dates stay readable beside the audit entries.
 * Kept beside schema.ts, which never imports it back.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents, createdAt, users } from "./schema.js";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    /** Who created it; null once that account is gone (the key keeps working for the agent). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** The key's first characters (contracts/api-keys.ts API_KEY_SHOWN_CHARS), shown in lists. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text("key_hash").notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute by the key's use (api-keys/queries.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_agent_idx").on(t.agentId, t.createdAt)],
);

export const apiKeysSchema = { apiKeys };
