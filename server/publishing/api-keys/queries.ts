/** The api_keys table's statements for the keys' owners: list, count, insert, revoke, and their audit entries. */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { apiKeys } from "../../db/schema-api-keys.js";
import { auditLog } from "../../db/schema-records.js";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The agent's keys still in force, oldest first. */
export function listLiveApiKeys(db: Db, agentId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.agentId, agentId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function countLiveApiKeys(db: Db, agentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.agentId, agentId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row;
}

/** Revokes the agent's live key `id`; null when there is none (unknown, another agent's, already revoked). */
export async function revokeApiKeyRow(db: Db, agentId: string, id: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.agentId, agentId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function insertApiKeyAudit(
  db: Db,
  actor: { id: string; email: string },
  action: "api_key.create" | "api_key.revoke",
  key: ApiKeyRow,
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: "api_key",
    targetId: key.id,
    // Never the key or its hash: the name and prefix say which key it was.
    detail: { agentId: key.agentId, name: key.name, prefix: key.prefix },
    createdAt: at,
  });
}
