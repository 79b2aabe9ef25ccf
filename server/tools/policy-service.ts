/** The admin's tool policy (issue 24): read by every toolbox and connection test, changed by admins, audited. */
import { DEFAULT_TOOL_POLICY, type ToolPolicy } from "../../contracts/tools.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { insertToolAudit, readToolPolicyRow, writeToolPolicyRow, type ToolPolicyRow } from "./queries.js";

function toPolicy(row: ToolPolicyRow | null): ToolPolicy {
  if (!row) return { ...DEFAULT_TOOL_POLICY };
  return {
    allowedHosts: row.allowedHosts,
    allowPrivateNetworks: row.allowPrivateNetworks,
    maxCallsPerTurn: row.maxCallsPerTurn,
    callsPerCompanyPerDay: row.callsPerCompanyPerDay,
  };
}

export async function readToolPolicy(db: Db): Promise<ToolPolicy> {
  return toPolicy(await readToolPolicyRow(db));
}

export async function updateToolPolicy(
  deps: { db: Db; clock: Clock },
  admin: { id: string; email: string },
  policy: ToolPolicy,
): Promise<ToolPolicy> {
  const now = deps.clock.now();
  const allowedHosts = [...new Set(policy.allowedHosts)];
  return deps.db.transaction(async (tx) => {
    const before = await readToolPolicy(tx);
    const row = await writeToolPolicyRow(tx, { ...policy, allowedHosts, updatedAt: now });
    const after = toPolicy(row);
    await insertToolAudit(tx, admin, "tool_policy.update", { type: "tool_policy", id: "1" }, now, { before, after });
    return after;
  });
}
