/**
 * Company Management: each company with its users, agents, prompt-injection warnings, agent
 * limit and quotas, and the admin's edits of the limit and quotas (each one audited).
 */
import type { CompanyAgent, CompanyEntry, CompanyLimits, CompanyUser, CompanyWarning } from "../../contracts/admin.js";
import { QUOTA_NAMES, type CompanyPatch, type Quotas } from "../../contracts/usage.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import { isUuid } from "../http/ids.js";
import {
  findCompany,
  listAgentsOldestFirst,
  listCompanyRows,
  listUsersOldestFirst,
  listWarningsOfCompanies,
  updateCompany,
  type CompanyRow,
} from "./queries.js";
import { recordAudit } from "../audit/audit-log.js";

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

export function quotasOf(row: CompanyRow): Quotas {
  return {
    messagesPerDay: row.messagesPerDay,
    tokensPerMonth: row.tokensPerMonth,
    voiceMinutesPerMonth: row.voiceMinutesPerMonth,
  };
}

interface CompanyDraft {
  row: CompanyRow;
  users: UserRow[];
  agents: CompanyAgent[];
  warnings: CompanyWarning[];
}

/** Companies that have users (a system reset leaves the others, with their settings, unlisted). */
export async function listCompanies(db: Db): Promise<CompanyEntry[]> {
  const [companyRows, userRows] = await Promise.all([listCompanyRows(db), listUsersOldestFirst(db)]);
  const byId = new Map<string, CompanyDraft>(
    companyRows.map((row) => [row.id, { row, users: [], agents: [], warnings: [] }]),
  );
  const draftOfUser = new Map<string, CompanyDraft>();
  for (const user of userRows) {
    const draft = user.companyId ? byId.get(user.companyId) : undefined;
    if (!draft) continue;
    draft.users.push(user);
    draftOfUser.set(user.id, draft);
  }
  const drafts = [...byId.values()].filter((draft) => draft.users.length > 0);
  if (drafts.length === 0) return [];

  const byKey = new Map(drafts.map((draft) => [draft.row.key, draft]));
  const [agentRows, warningRows] = await Promise.all([
    listAgentsOldestFirst(db),
    listWarningsOfCompanies(db, [...byKey.keys()]),
  ]);
  for (const agent of agentRows) {
    draftOfUser.get(agent.userId)?.agents.push({ ...agent, createdAt: agent.createdAt.toISOString() });
  }
  for (const warning of warningRows) {
    byKey.get(warning.companyKey)?.warnings.push({
      agentName: warning.agentName,
      timestamp: warning.createdAt.toISOString(),
    });
  }

  return drafts
    .map((draft) => ({
      id: draft.row.id,
      companyName: draft.row.name,
      user: toCompanyUser(draft.users[0]),
      users: draft.users.map(toCompanyUser),
      agents: draft.agents,
      totalAgents: draft.agents.length,
      agentLimit: draft.row.agentLimit,
      quotas: quotasOf(draft.row),
      knowledgeMegabytes: draft.row.knowledgeMegabytes,
      warnings: draft.warnings,
    }))
    .sort((a, b) => a.companyName.localeCompare(b.companyName, "en", { sensitivity: "base" }));
}

export interface CompanyDeps {
  db: Db;
  clock: Clock;
}

/** PATCH /api/admin/companies/{id}: changes the agent limit, quotas and knowledge storage, one audit entry per change. */
export async function editCompany(
  deps: CompanyDeps,
  actor: UserRow,
  id: string,
  patch: CompanyPatch,
): Promise<CompanyLimits> {
  if (!isUuid(id)) throw apiError("INVALID_INPUT", { message: "id must be a company id (a UUID)" });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await findCompany(tx, id);
    if (!before) throw apiError("COMPANY_NOT_FOUND");
    const after = (await updateCompany(tx, id, patch, now)) ?? before;
    const target = { type: "company", id };
    if (patch.agentLimit !== undefined && patch.agentLimit !== before.agentLimit) {
      await recordAudit(tx, actor, "company.agent_limit", target, now, {
        companyName: before.name,
        from: before.agentLimit,
        to: after.agentLimit,
      });
    }
    for (const quota of QUOTA_NAMES) {
      if (patch[quota] === undefined || patch[quota] === before[quota]) continue;
      await recordAudit(tx, actor, "company.quota", target, now, {
        companyName: before.name,
        quota,
        from: before[quota],
        to: after[quota],
      });
    }
    if (patch.knowledgeMegabytes !== undefined && patch.knowledgeMegabytes !== before.knowledgeMegabytes) {
      // Lowering it below what the company holds refuses new uploads only; nothing is deleted.
      await recordAudit(tx, actor, "company.knowledge_storage", target, now, {
        companyName: before.name,
        from: before.knowledgeMegabytes,
        to: after.knowledgeMegabytes,
      });
    }
    return {
      id: after.id,
      companyName: after.name,
      agentLimit: after.agentLimit,
      quotas: quotasOf(after),
      knowledgeMegabytes: after.knowledgeMegabytes,
    };
  });
}
