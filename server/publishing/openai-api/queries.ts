/**
 * The /v1 API's statements (issue 25): the key a bearer token names, with its agent, the
 * agent's publishing and owner, in one read; the key's last-used time; and a turn admitted
 * against the key's hourly allowance, in one statement (decision 108).
 */
import { and, eq, getTableColumns, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { namedStatementRows } from "../../db/named-statement.js";
import { agents, users } from "../../db/schema.js";
import { apiKeys } from "../../db/schema-api-keys.js";
import { agentPublishing } from "../../db/schema-publishing.js";
import type { AgentRow } from "../../agents/agent-view.js";
import type { UserRow } from "../../auth/user-view.js";
import type { PublishingRow } from "../queries.js";

export interface KeyHolder {
  key: { id: string; name: string };
  agent: AgentRow;
  /** Null when the agent is not published (or not any more). */
  publishing: PublishingRow | null;
  /** Null once the owner may no longer sign in: the agent then answers no one. */
  owner: UserRow | null;
}

/** The live key whose hash this is, with what it reaches. */
export async function findKeyHolder(db: Db, keyHash: string): Promise<KeyHolder | null> {
  const { passwordHash: _hash, ...ownerColumns } = getTableColumns(users);
  const [row] = await db
    .select({
      key: { id: apiKeys.id, name: apiKeys.name },
      agent: agents,
      publishing: agentPublishing,
      owner: ownerColumns,
    })
    .from(apiKeys)
    .innerJoin(agents, eq(agents.id, apiKeys.agentId))
    .leftJoin(agentPublishing, and(eq(agentPublishing.agentId, agents.id), eq(agentPublishing.enabled, true)))
    .leftJoin(users, and(eq(users.id, agents.userId), eq(users.approvalStatus, "approved"), isNull(users.deletedAt)))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  return { key: row.key, agent: row.agent, publishing: row.publishing, owner: row.owner };
}

/** Sets the key's last-used time unless it was set within the last `withinMs` (one write a minute, not one a request). */
export async function touchApiKey(db: Db, keyId: string, now: Date, withinMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - withinMs))),
      ),
    );
}

export interface ApiTurnAdmission {
  admitted: boolean;
  /** The oldest turn counted (epoch ms): the allowance frees a turn an hour after it. */
  oldestMs: number | null;
}

/**
 * Admits a turn of the key when it sent fewer than `limit` since `since`, recording it. The
 * key's turns are guest turns of the key's own guests row (channel "api", the key's id), so
 * the agent's records hold them like any guest's; the row expires as it is made, so no guest
 * token can ever name it. One statement: the guest row (made on first use), the count and the
 * record.
 */
export async function admitApiTurn(
  db: Db,
  p: { keyId: string; agentId: string; now: Date; since: Date; limit: number; address: string },
): Promise<ApiTurnAdmission> {
  const now = p.now.toISOString();
  const rows = await namedStatementRows(
    db,
    "api_turn_admission",
    sql`with guest as (
          insert into guests (id, agent_id, channel, created_at, expires_at)
          values (${p.keyId}::uuid, ${p.agentId}::uuid, 'api', ${now}::timestamptz, ${now}::timestamptz)
          on conflict (id) do nothing
        ), counted as (
          select count(*)::int as n, (extract(epoch from min(created_at)) * 1000)::float8 as oldest_ms
          from guest_turns where guest_id = ${p.keyId}::uuid and created_at >= ${p.since.toISOString()}::timestamptz
        ), admitted as (
          insert into guest_turns (agent_id, guest_id, address, created_at)
          select ${p.agentId}::uuid, ${p.keyId}::uuid, ${p.address}, ${now}::timestamptz
          from counted where n < ${p.limit}
          returning id
        )
        select exists (select 1 from admitted) as admitted, counted.oldest_ms from counted`,
  );
  const row = rows[0] ?? {};
  return {
    admitted: row.admitted === true,
    oldestMs: row.oldest_ms === null || row.oldest_ms === undefined ? null : Number(row.oldest_ms),
  };
}
