/**
 * An agent's API keys (issue 25): created, listed and revoked by whoever may change the agent —
 * its owner, or an admin who can see it (agents/service.ts); a colleague who sees a shared agent
 * gets 403, anyone else 404. The key is answered once, at creation; every change is audited with
 * the key's name and prefix, never the key.
 */
import { API_KEYS_PER_AGENT_MAX, type ApiKey, type ApiKeyCreated } from "../../../contracts/api-keys.js";
import type { UserRow } from "../../auth/user-view.js";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/connect.js";
import { findAgentVisibleTo } from "../../agents/queries.js";
import { apiError } from "../../http/http-error.js";
import { newApiKey } from "./key-material.js";
import {
  countLiveApiKeys,
  insertApiKey,
  insertApiKeyAudit,
  listLiveApiKeys,
  revokeApiKeyRow,
  type ApiKeyRow,
} from "./queries.js";

export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
}

async function manageableAgent(deps: ApiKeyDeps, user: UserRow, agentId: string): Promise<void> {
  const visible = await findAgentVisibleTo(deps.db, user.id, agentId);
  if (!visible) throw apiError("AGENT_NOT_FOUND");
  if (visible.agent.userId !== user.id && !user.isAdmin) throw apiError("API_KEYS_NOT_YOURS");
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(deps: ApiKeyDeps, user: UserRow, agentId: string): Promise<ApiKey[]> {
  await manageableAgent(deps, user, agentId);
  return (await listLiveApiKeys(deps.db, agentId)).map(toApiKey);
}

export async function createApiKey(
  deps: ApiKeyDeps,
  user: UserRow,
  agentId: string,
  name: string,
): Promise<ApiKeyCreated> {
  await manageableAgent(deps, user, agentId);
  const material = newApiKey();
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // Two creations racing past the count could make one key too many; the cap is a courtesy
    // limit on clutter, not a security boundary, so a plain count is enough.
    if ((await countLiveApiKeys(tx, agentId)) >= API_KEYS_PER_AGENT_MAX) {
      throw apiError("TOO_MANY_API_KEYS", { limit: API_KEYS_PER_AGENT_MAX });
    }
    const created = await insertApiKey(tx, {
      agentId,
      createdBy: user.id,
      name,
      prefix: material.prefix,
      keyHash: material.hash,
      createdAt: now,
    });
    await insertApiKeyAudit(tx, user, "api_key.create", created, now);
    return created;
  });
  return { id: row.id, name: row.name, key: material.key };
}

export async function revokeApiKey(deps: ApiKeyDeps, user: UserRow, agentId: string, keyId: string): Promise<void> {
  await manageableAgent(deps, user, agentId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeApiKeyRow(tx, agentId, keyId, now);
    if (!revoked) throw apiError("API_KEY_NOT_FOUND");
    await insertApiKeyAudit(tx, user, "api_key.revoke", revoked, now);
  });
}
