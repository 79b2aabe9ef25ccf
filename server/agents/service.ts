/** Agents: the owner's CRUD, the per-company limit, and who may see the system prompt. */
import { eq } from "drizzle-orm";
import type { Agent, AgentCreate, AgentPatch } from "../../contracts/agents.js";
import { AgentCreateSchema } from "../../contracts/agents.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import { agents } from "../db/schema.js";
import { HttpError } from "../http/http-error.js";
import { countAgentsOfCompany, lockCompanyOfUser } from "../usage/company-queries.js";
import { toAgent, toTemplate } from "./agent-view.js";
import { findAgentOfUser, firstAdminId, listAgentsOfUser, listTemplates } from "./queries.js";
import { AGENT_NOT_FOUND } from "../../contracts/errors.js";

export interface AgentDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

export { AGENT_NOT_FOUND };
export const agentLimitMessage = (limit: number) =>
  `Your company has reached the limit of ${limit} agents. Delete an agent to create a new one.`;

/** OWNER_EMAIL names the owner; without it, the first admin of the instance is the owner. */
export async function isInstanceOwner(deps: AgentDeps, user: UserRow): Promise<boolean> {
  if (deps.config.OWNER_EMAIL) return user.email === deps.config.OWNER_EMAIL.trim().toLowerCase();
  if (!user.isAdmin) return false;
  return (await firstAdminId(deps.db)) === user.id;
}

export async function listAgents(deps: AgentDeps, user: UserRow): Promise<Agent[]> {
  const rows = await listAgentsOfUser(deps.db, user.id);
  return rows.map((row) => toAgent(row, { withSystemPrompt: false }));
}

export async function getAgent(deps: AgentDeps, user: UserRow, id: string): Promise<Agent> {
  const row = await findAgentOfUser(deps.db, user.id, id);
  if (!row) throw new HttpError(404, AGENT_NOT_FOUND);
  return toAgent(row, { withSystemPrompt: await isInstanceOwner(deps, user) });
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
      throw new HttpError(409, agentLimitMessage(company.agentLimit));
    }
    const [row] = await tx
      .insert(agents)
      .values({ ...input, description: input.description || null, userId: user.id, createdAt: now, updatedAt: now })
      .returning({ id: agents.id });
    return row;
  });
}

export async function updateAgent(deps: AgentDeps, user: UserRow, id: string, patch: AgentPatch): Promise<Agent> {
  const existing = await findAgentOfUser(deps.db, user.id, id);
  if (!existing) throw new HttpError(404, AGENT_NOT_FOUND);
  const [row] = await deps.db
    .update(agents)
    .set({ ...patch, updatedAt: deps.clock.now() })
    .where(eq(agents.id, id))
    .returning();
  return toAgent(row, { withSystemPrompt: await isInstanceOwner(deps, user) });
}

/** Conversations keep their agentName and lose only the link (ON DELETE SET NULL), so admins can still read them. */
export async function deleteAgent(deps: AgentDeps, user: UserRow, id: string): Promise<void> {
  const existing = await findAgentOfUser(deps.db, user.id, id);
  if (!existing) throw new HttpError(404, AGENT_NOT_FOUND);
  await deps.db.delete(agents).where(eq(agents.id, id));
}

export async function getTemplates(deps: AgentDeps) {
  return (await listTemplates(deps.db)).map(toTemplate);
}

export type { AgentCreate };
