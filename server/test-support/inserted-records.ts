/**
 * Test data the admin screens read but other features write (agents, conversations, voice
 * audio, company warnings), inserted directly so admin tests do not depend on chat or voice.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { agents, companyWarnings, conversations, messages, voiceAudio } from "../db/schema.js";
import { auditLog } from "../db/schema-records.js";

export async function insertAgent(db: Db, userId: string, name = "Ava"): Promise<{ id: string; name: string }> {
  const [row] = await db.insert(agents).values({ userId, name, gender: "female", type: "sales" }).returning();
  return { id: row.id, name: row.name };
}

export async function insertConversation(
  db: Db,
  fields: {
    userId: string;
    agentName?: string;
    kind?: "text" | "voice";
    lockedUntil?: Date;
    updatedAt?: Date;
    durationSeconds?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(conversations)
    .values({
      userId: fields.userId,
      agentName: fields.agentName ?? "Ava",
      kind: fields.kind ?? "text",
      title: fields.kind === "voice" ? "Voice conversation - 6/1/2026" : "Pricing question",
      messageCount: 2,
      lockedUntil: fields.lockedUntil ?? null,
      durationSeconds: fields.durationSeconds ?? 0,
      updatedAt: fields.updatedAt ?? new Date(),
    })
    .returning({ id: conversations.id });
  await db.insert(messages).values([
    {
      conversationId: row.id,
      role: "user",
      content: "Hello there",
      language: fields.kind === "voice" ? "fr-FR" : null,
      createdAt: new Date("2026-06-01T09:00:00Z"),
    },
    {
      conversationId: row.id,
      role: "assistant",
      content: "Bonjour!",
      language: fields.kind === "voice" ? "fr-FR" : null,
      createdAt: new Date("2026-06-01T09:00:01Z"),
    },
  ]);
  return row.id;
}

export async function insertVoiceAudio(
  db: Db,
  conversationId: string,
  bytes: Buffer,
  mimeType = "audio/wav",
): Promise<string> {
  const [row] = await db
    .insert(voiceAudio)
    .values({ conversationId, mimeType, data: bytes })
    .returning({ id: voiceAudio.id });
  return row.id;
}

export async function insertCompanyWarning(db: Db, companyKey: string, agentName: string): Promise<void> {
  await db.insert(companyWarnings).values({ companyKey, agentName, rule: "ignore-instructions" });
}

export async function auditRows(db: Db, action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}
