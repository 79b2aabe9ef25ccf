/**
 * The /v1 API's statements (issue 25): the key a bearer token names, with its agent, the
 * agent's publishing and owner and its turns of the last hour, in one read; the key's last-used
 * time; and the record of an admitted turn, written beside the turn (decision 108, amended by
 * 152: a commit of its own before the turn cost a disk flush on the path to the first token).
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { namedStatementRows, shapedRows, type Slots } from "../../db/named-statement.js";
import { rowFromJson } from "../../db/row-from-json.js";
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

/**
 * The live key whose hash this is, with what it reaches and its turns since `since`. Every /v1
 * request makes this read before its turn, so it is one statement built once and prepared
 * (issue 25: /v1 within 2 ms of /api/chat, whose session comes from a cache); the rows of the
 * agent, its publishing and its owner come back as json. The key's own guests row has the key's
 * id (recordApiTurn), so its turns are found by the index on (guest, time).
 */
export async function findKeyHolder(db: Db, keyHash: string, since: Date): Promise<KeyHolder | null> {
  const [row] = await shapedRows(
    db,
    "api_key_holder",
    (v: Slots<{ keyHash: string; since: string }>) =>
      sql`select k.id as key_id, k.name as key_name, row_to_json(a) as agent, row_to_json(p) as publishing,
                 to_jsonb(u) - 'password_hash' as owner,
                 (select count(*) from guest_turns t where t.guest_id = k.id and t.created_at >= ${v.since}::timestamptz)::int as recent_count,
                 (select extract(epoch from min(t.created_at)) * 1000 from guest_turns t
                   where t.guest_id = k.id and t.created_at >= ${v.since}::timestamptz)::float8 as oldest_ms
          from api_keys k
          join agents a on a.id = k.agent_id
          left join agent_publishing p on p.agent_id = a.id and p.enabled
          left join users u on u.id = a.user_id and u.approval_status = 'approved' and u.deleted_at is null
          where k.key_hash = ${v.keyHash} and k.revoked_at is null
          limit 1`,
    { keyHash, since: since.toISOString() },
  );
  if (!row) return null;
  const agent = rowFromJson(agents, row.agent);
  if (!agent) return null;
  const ownerRow = rowFromJson(users, row.owner);
  let owner: UserRow | null = null;
  if (ownerRow) {
    const { passwordHash: _hash, ...rest } = ownerRow;
    owner = rest;
  }
  return {
    key: { id: String(row.key_id), name: String(row.key_name) },
    agent,
    publishing: rowFromJson(agentPublishing, row.publishing),
    owner,
    recentTurns: {
      count: Number(row.recent_count),
      oldestMs: row.oldest_ms === null || row.oldest_ms === undefined ? null : Number(row.oldest_ms),
    },
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
