/**
 * Company Management: users grouped into companies by their company name compared loosely
 * (trimmed, lower-cased), with the company's agents and prompt-injection warnings.
 */
import { asc, desc, inArray } from "drizzle-orm";
import type { CompanyAgent, CompanyEntry, CompanyUser, CompanyWarning } from "../../contracts/admin.js";
import { AGENT_LIMIT_PER_COMPANY } from "../../contracts/limits.js";
import { companyKey, type UserRow } from "../auth/user-view.js";
import type { Db } from "../db/connect.js";
import { agents, companyWarnings, users } from "../db/schema.js";

function toCompanyUser(row: UserRow): CompanyUser {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phoneNumber,
    companyName: row.companyName,
    address: row.address,
    isAdmin: row.isAdmin,
    approvalStatus: row.approvalStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

interface CompanyDraft {
  users: UserRow[];
  agents: CompanyAgent[];
  warnings: CompanyWarning[];
}

export async function listCompanies(db: Db): Promise<CompanyEntry[]> {
  // Earliest sign-up first, so the first user of each group is the company's first user.
  const userRows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  const byKey = new Map<string, CompanyDraft>();
  const keyOfUser = new Map<string, string>();
  for (const row of userRows) {
    const key = companyKey(row.companyName);
    keyOfUser.set(row.id, key);
    const draft = byKey.get(key) ?? { users: [], agents: [], warnings: [] };
    draft.users.push(row);
    byKey.set(key, draft);
  }
  if (byKey.size === 0) return [];

  const [agentRows, warningRows] = await Promise.all([
    db
      .select({
        id: agents.id,
        userId: agents.userId,
        name: agents.name,
        type: agents.type,
        role: agents.role,
        isActive: agents.isActive,
        createdAt: agents.createdAt,
      })
      .from(agents)
      .orderBy(asc(agents.createdAt), asc(agents.id)),
    db
      .select({
        companyKey: companyWarnings.companyKey,
        agentName: companyWarnings.agentName,
        createdAt: companyWarnings.createdAt,
      })
      .from(companyWarnings)
      .where(inArray(companyWarnings.companyKey, [...byKey.keys()]))
      .orderBy(desc(companyWarnings.createdAt)),
  ]);
  for (const agent of agentRows) {
    const key = keyOfUser.get(agent.userId);
    if (key) byKey.get(key)?.agents.push({ ...agent, createdAt: agent.createdAt.toISOString() });
  }
  for (const warning of warningRows) {
    byKey
      .get(warning.companyKey)
      ?.warnings.push({ agentName: warning.agentName, timestamp: warning.createdAt.toISOString() });
  }

  const entries: CompanyEntry[] = [];
  for (const draft of byKey.values()) {
    const first = toCompanyUser(draft.users[0]);
    entries.push({
      companyName: first.companyName.trim(),
      user: first,
      users: draft.users.map(toCompanyUser),
      agents: draft.agents,
      totalAgents: draft.agents.length,
      agentLimit: AGENT_LIMIT_PER_COMPANY,
      warnings: draft.warnings,
    });
  }
  return entries.sort((a, b) => a.companyName.localeCompare(b.companyName, "en", { sensitivity: "base" }));
}
