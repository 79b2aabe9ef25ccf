/** Agents: the owner's CRUD, sharing with the company, an admin's transfer, the per-company limit, and who may see the system prompt. */
import type { Agent, AgentCreate, AgentPatch } from "../../contracts/agents.js";
import { AgentCreateSchema } from "../../contracts/agents.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import { agents } from "../db/schema.js";
import { apiError } from "../http/http-error.js";
import { countAgentsOfCompany, lockCompanyOfUser } from "../companies/queries.js";
import { toAgent, toTemplate, type AgentRow } from "./agent-view.js";
import {
  deleteAgentRow,
  findAgentVisibleTo,
  findAgentWithOwner,
  findUserForOwnership,
  firstAdminId,
  listAgentsVisibleTo,
  listTemplates,
  transferAgentRow,
  updateAgentRow,
} from "./queries.js";
import { AGENT_NOT_FOUND } from "../../contracts/errors.js";
import { recordAudit } from "../audit/audit-log.js";

export interface AgentDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

export { AGENT_NOT_FOUND };

/** OWNER_EMAIL names the owner; without it, the first admin of the instance is the owner. */
export async function isInstanceOwner(deps: AgentDeps, user: UserRow): Promise<boolean> {
  if (deps.config.OWNER_EMAIL) return user.email === deps.config.OWNER_EMAIL.trim().toLowerCase();
  if (!user.isAdmin) return false;
  return (await firstAdminId(deps.db)) === user.id;
}

export async function listAgents(deps: AgentDeps, user: UserRow): Promise<Agent[]> {
  const rows = await listAgentsVisibleTo(deps.db, user.id);
  return rows.map(({ agent, ownerName }) =>
    toAgent(agent, { withSystemPrompt: false, ownerName, canManage: mayManage(user, agent) }),
  );
}

/**
 * Who may change an agent (edit, delete, visibility): its owner, or an admin who can see it.
 * Knowledge stays with its owner (server/knowledge/service.ts answers a colleague 404).
 */
function mayManage(user: UserRow, agent: AgentRow): boolean {
  return agent.userId === user.id || user.isAdmin;
}

/** The agent if the user may see it (own, or shared with their company); 404 otherwise, never 403. */
async function visibleAgent(deps: AgentDeps, user: UserRow, id: string) {
  const row = await findAgentVisibleTo(deps.db, user.id, id);
  if (!row) throw apiError("AGENT_NOT_FOUND");
  return row;
}

/**
 * A colleague who can see a shared agent but not manage it gets 403, not 404: the agent is on
 * their screen, so "not found" would be a lie. Anyone who cannot see it still gets 404.
 */
async function manageableAgent(deps: AgentDeps, user: UserRow, id: string) {
  const row = await visibleAgent(deps, user, id);
  if (!mayManage(user, row.agent)) throw apiError("AGENT_NOT_YOURS");
  return row;
}

async function view(deps: AgentDeps, user: UserRow, agent: AgentRow, ownerName: string): Promise<Agent> {
  return toAgent(agent, {
    withSystemPrompt: await isInstanceOwner(deps, user),
    ownerName,
    canManage: mayManage(user, agent),
  });
}

export async function getAgent(deps: AgentDeps, user: UserRow, id: string): Promise<Agent> {
  const { agent, ownerName } = await visibleAgent(deps, user, id);
  return view(deps, user, agent, ownerName);
}

export async function createAgent(
  deps: AgentDeps,
  user: UserRow,
  input: ReturnType<typeof AgentCreateSchema.parse>,
): Promise<{ id: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The company row's lock makes creations within one company take turns (the limit is its own).
    const company = await lockCompanyOfUser(tx, user.id);
    if (!company) throw new Error(`user ${user.id} has no company`);
    if ((await countAgentsOfCompany(tx, company.id)) >= company.agentLimit) {
      throw apiError("AGENT_LIMIT_REACHED", { limit: company.agentLimit });
    }
    const [row] = await tx
      .insert(agents)
      .values({ ...input, description: input.description || null, userId: user.id, createdAt: now, updatedAt: now })
      .returning({ id: agents.id });
    return row;
  });
}

export async function updateAgent(deps: AgentDeps, user: UserRow, id: string, patch: AgentPatch): Promise<Agent> {
  const { ownerName } = await manageableAgent(deps, user, id);
  const [row] = await updateAgentRow(deps.db, id, { ...patch, updatedAt: deps.clock.now() });
  return view(deps, user, row, ownerName);
}

/** Conversations keep their agentName and lose only the link (ON DELETE SET NULL), so admins can still read them. */
export async function deleteAgent(deps: AgentDeps, user: UserRow, id: string): Promise<void> {
  await manageableAgent(deps, user, id);
  await deleteAgentRow(deps.db, id);
}

/**
 * An admin hands an agent (and the knowledge added to it) to another approved user of the
 * owner's company, audited. Any agent, shared or private: this is how an admin rescues the
 * agents of someone who left. Naming the current owner changes nothing and records nothing.
 */
export async function transferAgent(deps: AgentDeps, admin: UserRow, id: string, userId: string): Promise<Agent> {
  const found = await findAgentWithOwner(deps.db, id);
  if (!found) throw apiError("AGENT_NOT_FOUND");
  if (userId === found.agent.userId) return view(deps, admin, found.agent, found.ownerName);
  const receiver = await findUserForOwnership(deps.db, userId);
  const eligible =
    receiver &&
    receiver.approvalStatus === "approved" &&
    !receiver.deletedAt &&
    receiver.companyId !== null &&
    receiver.companyId === found.ownerCompanyId;
  if (!eligible) throw apiError("NOT_A_COLLEAGUE");
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [moved] = await transferAgentRow(tx, id, receiver.id, now);
    await recordAudit(tx, admin, "agent.transfer", { type: "agent", id }, now, {
      agentName: moved.name,
      from: found.agent.userId,
      to: receiver.id,
    });
    return moved;
  });
  return view(deps, admin, row, receiver.fullName);
}

export async function getTemplates(deps: AgentDeps) {
  return (await listTemplates(deps.db)).map(toTemplate);
}

export type { AgentCreate };
