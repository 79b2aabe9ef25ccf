/** Plain (db, params) queries for publishing (issue 25): settings, the published-agent lookup, guests and their turns. */
import { and, count, eq, getTableColumns, gte, inArray, isNull, min, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, users } from "../db/schema.js";
import { agentPublishing, guests, guestTurns } from "../db/schema-publishing.js";
import { agentTools } from "../db/schema-tools.js";
import type { AgentRow } from "../agents/agent-view.js";
import { agentVisibleToSql } from "../agents/queries.js";
import type { UserRow } from "../auth/user-view.js";

export type PublishingRow = typeof agentPublishing.$inferSelect;
export type GuestRow = typeof guests.$inferSelect;

/** The agent with its owner's company, when the user may see it (own, or shared with their company). */
export async function findAgentForPublishing(db: Db, userId: string, agentId: string) {
  const [row] = await db
    .select({ id: agents.id, name: agents.name, ownerId: agents.userId })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.userId))
    .where(and(eq(agents.id, agentId), agentVisibleToSql("agents", userId)))
    .limit(1);
  return row ?? null;
}

export async function findPublishing(db: Db, agentId: string): Promise<PublishingRow | null> {
  const [row] = await db.select().from(agentPublishing).where(eq(agentPublishing.agentId, agentId)).limit(1);
  return row ?? null;
}

/** The agent whose slug this is, when it is published (enabled); its owner is who its guests' turns run as. */
export async function findPublishedAgentBySlug(
  db: Db,
  slug: string,
): Promise<{ publishing: PublishingRow; agent: AgentRow } | null> {
  const [row] = await db
    .select({ publishing: agentPublishing, agent: agents })
    .from(agentPublishing)
    .innerJoin(agents, eq(agents.id, agentPublishing.agentId))
    .where(and(eq(agentPublishing.slug, slug), eq(agentPublishing.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** True when another agent holds the slug. */
export async function slugTakenByAnother(db: Db, slug: string, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ agentId: agentPublishing.agentId })
    .from(agentPublishing)
    .where(and(eq(agentPublishing.slug, slug), sql`${agentPublishing.agentId} <> ${agentId}`))
    .limit(1);
  return row !== undefined;
}

/** The approval setting ("auto" or "ask") of each of `toolIds` that is a tool of the agent. */
export async function approvalsOfAgentTools(
  db: Db,
  agentId: string,
  toolIds: string[],
): Promise<{ id: string; approval: string }[]> {
  if (toolIds.length === 0) return [];
  return db
    .select({ id: agentTools.id, approval: agentTools.approval })
    .from(agentTools)
    .where(and(eq(agentTools.agentId, agentId), inArray(agentTools.id, toolIds)));
}

export async function savePublishing(
  db: Db,
  values: Omit<PublishingRow, "updatedAt">,
  now: Date,
): Promise<PublishingRow> {
  const { agentId: _key, ...changes } = values;
  const [row] = await db
    .insert(agentPublishing)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: agentPublishing.agentId, set: { ...changes, updatedAt: now } })
    .returning();
  return row;
}

export async function insertGuest(
  db: Db,
  values: { agentId: string; pageUrl: string | null; origin: string | null; now: Date; expiresAt: Date },
): Promise<GuestRow> {
  const [row] = await db
    .insert(guests)
    .values({
      agentId: values.agentId,
      pageUrl: values.pageUrl,
      origin: values.origin,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row;
}

export async function findGuest(db: Db, guestId: string): Promise<GuestRow | null> {
  const [row] = await db.select().from(guests).where(eq(guests.id, guestId)).limit(1);
  return row ?? null;
}

/** The guest's first turn made its conversation: remembered unless a racing first turn got there first. */
export async function setGuestConversation(db: Db, guestId: string, conversationId: string): Promise<void> {
  await db
    .update(guests)
    .set({ conversationId })
    .where(and(eq(guests.id, guestId), sql`${guests.conversationId} is null`));
}

export interface GuestTurnCounts {
  byGuest: number;
  byAddress: number;
  /** The oldest counted turn of the guest and of the address: the limit frees a turn an hour after it. */
  oldestByGuest: Date | null;
  oldestByAddress: Date | null;
}

/** The guest's and the address's turns on this agent since `since`. */
export async function countGuestTurns(
  db: Db,
  p: { agentId: string; guestId: string; address: string; since: Date },
): Promise<GuestTurnCounts> {
  const [guest] = await db
    .select({ n: count(), oldest: min(guestTurns.createdAt) })
    .from(guestTurns)
    .where(and(eq(guestTurns.guestId, p.guestId), gte(guestTurns.createdAt, p.since)));
  const [address] = await db
    .select({ n: count(), oldest: min(guestTurns.createdAt) })
    .from(guestTurns)
    .where(
      and(eq(guestTurns.agentId, p.agentId), eq(guestTurns.address, p.address), gte(guestTurns.createdAt, p.since)),
    );
  return { byGuest: guest.n, byAddress: address.n, oldestByGuest: guest.oldest, oldestByAddress: address.oldest };
}

export async function insertGuestTurn(
  db: Db,
  p: { agentId: string; guestId: string; address: string; now: Date },
): Promise<void> {
  await db.insert(guestTurns).values({ agentId: p.agentId, guestId: p.guestId, address: p.address, createdAt: p.now });
}

/** The agent's owner as the turn runs as, while they may still sign in (approved, not deleted). */
export async function findActiveOwner(db: Db, userId: string): Promise<UserRow | null> {
  const { passwordHash: _hash, ...columns } = getTableColumns(users);
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.approvalStatus, "approved"), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}
