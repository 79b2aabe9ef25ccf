/** Plain (db, params) queries the voice feature needs beyond the chat feature's own. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, conversations, voiceAudio } from "../db/schema.js";

/** Each voice conversation counts as one call of its agent (the agent detail's call count). */
export async function incrementCallsSent(db: Db, agentId: string): Promise<void> {
  await db
    .update(agents)
    .set({ callsSent: sql`${agents.callsSent} + 1` })
    .where(eq(agents.id, agentId));
}

/** Raises the stored duration, never lowers it: two instances may record out of order. */
export async function recordDuration(db: Db, conversationId: string, seconds: number): Promise<void> {
  await db
    .update(conversations)
    .set({ durationSeconds: sql`greatest(${conversations.durationSeconds}, ${Math.max(0, Math.floor(seconds))})` })
    .where(eq(conversations.id, conversationId));
}

export async function insertVoiceAudio(
  db: Db,
  values: { conversationId: string; mimeType: string; data: Buffer; createdAt: Date },
): Promise<{ id: string }> {
  const [row] = await db.insert(voiceAudio).values(values).returning({ id: voiceAudio.id });
  return row;
}
