/**
 * An agent's publishing settings (issue 25): read and changed by whoever may change the agent
 * (its owner, or an admin who can see it — agents/service.ts), each change audited. An agent
 * never published answers the defaults it would be published with, under a slug made from its
 * name, so the settings screen has something to show before the first save.
 */
import {
  DEFAULT_GREETING,
  DEFAULT_THEME_COLOR,
  GUEST_MESSAGES_PER_HOUR_DEFAULT,
  type Publishing,
  type PublishingUpdate,
} from "../../contracts/publishing.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import {
  approvalsOfAgentTools,
  findAgentForPublishing,
  findPublishing,
  savePublishing,
  slugTakenByAnother,
  type PublishingRow,
} from "./queries.js";
import { recordAudit } from "../audit/audit-log.js";

export interface PublishingDeps {
  db: Db;
  clock: Clock;
  /** Told when an agent stops being published, so open guest streams end (guest-streams.ts). */
  onUnpublished?: (agentId: string) => Promise<void> | void;
}

/** A slug from the agent's name and the start of its id: readable, and unlikely to be taken. */
export function suggestedSlug(name: string, agentId: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return `${words || "agent"}-${agentId.slice(0, 6)}`;
}

export function toPublishing(row: PublishingRow): Publishing {
  return {
    enabled: row.enabled,
    slug: row.slug,
    allowedOrigins: row.allowedOrigins,
    greeting: row.greeting,
    voice: row.voice,
    guestMessagesPerHour: row.guestMessagesPerHour,
    themeColor: row.themeColor,
    themePosition: row.themePosition === "bottom-left" ? "bottom-left" : "bottom-right",
    guestToolIds: row.guestToolIds,
  };
}

function defaults(agent: { id: string; name: string }): Publishing {
  return {
    enabled: false,
    slug: suggestedSlug(agent.name, agent.id),
    allowedOrigins: [],
    greeting: DEFAULT_GREETING,
    voice: false,
    guestMessagesPerHour: GUEST_MESSAGES_PER_HOUR_DEFAULT,
    themeColor: DEFAULT_THEME_COLOR,
    themePosition: "bottom-right",
    guestToolIds: [],
  };
}

/** A colleague who sees a shared agent gets 403 (it is on their screen); anyone who cannot see it, 404. */
async function manageableAgent(deps: PublishingDeps, user: UserRow, agentId: string) {
  const agent = await findAgentForPublishing(deps.db, user.id, agentId);
  if (!agent) throw apiError("AGENT_NOT_FOUND");
  if (agent.ownerId !== user.id && !user.isAdmin) throw apiError("PUBLISHING_NOT_YOURS");
  return agent;
}

export async function getPublishing(deps: PublishingDeps, user: UserRow, agentId: string): Promise<Publishing> {
  const agent = await manageableAgent(deps, user, agentId);
  const row = await findPublishing(deps.db, agentId);
  return row ? toPublishing(row) : defaults(agent);
}

export async function putPublishing(
  deps: PublishingDeps,
  user: UserRow,
  agentId: string,
  update: PublishingUpdate,
): Promise<Publishing> {
  await manageableAgent(deps, user, agentId);
  if (await slugTakenByAnother(deps.db, update.slug, agentId)) throw apiError("SLUG_TAKEN", { slug: update.slug });
  const toolIds = [...new Set(update.guestToolIds)];
  const tools = await approvalsOfAgentTools(deps.db, agentId, toolIds);
  if (tools.length !== toolIds.length) throw apiError("GUEST_TOOL_UNKNOWN");
  // A guest's turn has nobody to approve a call, so only tools that run on their own are offered.
  if (tools.some((tool) => tool.approval !== "auto")) throw apiError("GUEST_TOOL_ASKS");
  const before = await findPublishing(deps.db, agentId);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const saved = await savePublishing(tx, { agentId, ...update, guestToolIds: toolIds }, now);
    await recordAudit(tx, user, "agent.publishing", { type: "agent", id: agentId }, now, {
      enabled: saved.enabled,
      slug: saved.slug,
      allowedOrigins: saved.allowedOrigins,
      wasEnabled: before?.enabled ?? false,
    });
    return saved;
  });
  // A slug change moves the agent's address too: guests on the old one are cut off like an unpublish.
  const cut = before?.enabled === true && (!row.enabled || before.slug !== row.slug);
  if (cut) await deps.onUnpublished?.(agentId);
  return toPublishing(row);
}
