/**
 * The /v1 API's statements (issue 25): the key a bearer token names, with its agent, the
 * agent's publishing and owner and its turns of the last hour, in one read; the key's last-used
 * time; and the record of an admitted turn, written beside the turn (decision 108, amended by
 * 152: a commit of its own before the turn cost a disk flush on the path to the first token).
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
  /** The key's turns since the read's `since`, and the oldest of them (epoch ms): its hourly allowance. */
  recentTurns: { count: number; oldestMs: number | null };
}

/** The live key whose hash this is, with what it reaches and its turns since `since`. */
export async function findKeyHolder(db: Db, keyHash: string, since: Date): Promise<KeyHolder | null> {
  const { passwordHash: _hash, ...ownerColumns } = getTableColumns(users);
  // The key's own guests row has the key's id (admitApiTurn), so its turns are found by the index on (guest, time).
  const recent = sql`(select count(*) from guest_turns t where t.guest_id = ${apiKeys.id} and t.created_at >= ${since.toISOString()}::timestamptz)`;
  const oldest = sql`(select extract(epoch from min(t.created_at)) * 1000 from guest_turns t where t.guest_id = ${apiKeys.id} and t.created_at >= ${since.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      key: { id: apiKeys.id, name: apiKeys.name },
      agent: agents,
      publishing: agentPublishing,
      owner: ownerColumns,
      recentCount: sql<number>`${recent}::int`,
      oldestMs: sql<number | null>`${oldest}::float8`,
    })
    .from(apiKeys)
    .innerJoin(agents, eq(agents.id, apiKeys.agentId))
    .leftJoin(agentPublishing, and(eq(agentPublishing.agentId, agents.id), eq(agentPublishing.enabled, true)))
    .leftJoin(users, and(eq(users.id, agents.userId), eq(users.approvalStatus, "approved"), isNull(users.deletedAt)))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const oldestMs = row.oldestMs === null ? null : Number(row.oldestMs);
  return {
    key: row.key,
    agent: row.agent,
    publishing: row.publishing,
    owner: row.owner,
    recentTurns: { count: Number(row.recentCount), oldestMs },
  };
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

/**
 * Records a turn of the key, admitted against the count its holder was read with. The key's
 * turns are guest turns of the key's own guests row (channel "api", the key's id), so the
 * agent's records hold them like any guest's; the row expires as it is made, so no guest token
 * can ever name it. One statement: the guest row (made on first use) and the record. Like the
 * count-and-insert statement it replaces, requests racing at the allowance's edge may each pass.
 */
export async function recordApiTurn(
  db: Db,
  p: { keyId: string; agentId: string; now: Date; address: string },
): Promise<void> {
  const now = p.now.toISOString();
  await namedStatementRows(
    db,
    "api_turn_record",
    sql`with guest as (
          insert into guests (id, agent_id, channel, created_at, expires_at)
          values (${p.keyId}::uuid, ${p.agentId}::uuid, 'api', ${now}::timestamptz, ${now}::timestamptz)
          on conflict (id) do nothing
        )
        insert into guest_turns (agent_id, guest_id, address, created_at)
        values (${p.agentId}::uuid, ${p.keyId}::uuid, ${p.address}, ${now}::timestamptz)`,
  );
}
