/**
 * Admin reading of everyone's conversations, text and voice, with their messages and saved
 * audio. Reading the messages of another user's conversation is audited, once per admin per viewing.
 */
import { asc, desc, eq } from "drizzle-orm";
import {
  ADMIN_LIST_LIMIT,
  type AdminAudioClip,
  type AdminConversation,
  type AdminMessage,
  type AdminVoiceConversation,
  type AdminVoiceMessage,
  type AdminVoiceMessages,
} from "../../contracts/admin.js";
import type { UserRow } from "../auth/user-view.js";
import { conversations, messages, users, voiceAudio } from "../db/schema.js";
import { apiError } from "../http/http-error.js";
import { allVersions } from "./message-tree.js";
import { recordAuditOncePerWindow } from "../audit/audit-log.js";
import type { DataDeps } from "../feature-deps.js";
import { isUuid } from "../http/ids.js";

const conversationColumns = {
  id: conversations.id,
  kind: conversations.kind,
  title: conversations.title,
  userId: conversations.userId,
  userName: users.fullName,
  userEmail: users.email,
  agentName: conversations.agentName,
  messageCount: conversations.messageCount,
  lockedUntil: conversations.lockedUntil,
  durationSeconds: conversations.durationSeconds,
  deletedAt: conversations.deletedAt,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
};

interface ConversationRow {
  id: string;
  kind: "text" | "voice";
  title: string;
  userId: string;
  userName: string;
  userEmail: string;
  agentName: string;
  messageCount: number;
  lockedUntil: Date | null;
  durationSeconds: number;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAdminConversation(row: ConversationRow, now: Date): AdminVoiceConversation {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    agentName: row.agentName,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    securityLock: Boolean(row.lockedUntil && row.lockedUntil > now),
    lockedUntil: row.lockedUntil ? row.lockedUntil.toISOString() : null,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    duration: row.durationSeconds,
  };
}

function selectConversations(deps: DataDeps) {
  return deps.db.select(conversationColumns).from(conversations).innerJoin(users, eq(users.id, conversations.userId));
}

/** Latest activity first: what an admin watching live wants on top. */
export async function listConversations(deps: DataDeps, kind: "text"): Promise<AdminConversation[]>;
export async function listConversations(deps: DataDeps, kind: "voice"): Promise<AdminVoiceConversation[]>;
export async function listConversations(deps: DataDeps, kind: "text" | "voice"): Promise<AdminConversation[]> {
  const rows = await selectConversations(deps)
    .where(eq(conversations.kind, kind))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(ADMIN_LIST_LIMIT);
  const now = deps.clock.now();
  return rows.map((row) => {
    const conversation = toAdminConversation(row, now);
    if (kind === "voice") return conversation;
    const { duration: _duration, ...text } = conversation;
    return text;
  });
}

export async function getConversation(
  deps: DataDeps,
  id: string,
  kind?: "text" | "voice",
): Promise<AdminVoiceConversation> {
  const [row] = isUuid(id) ? await selectConversations(deps).where(eq(conversations.id, id)).limit(1) : [];
  if (!row || (kind && row.kind !== kind)) throw apiError("CONVERSATION_NOT_FOUND");
  return toAdminConversation(row, deps.clock.now());
}

type MessageRow = typeof messages.$inferSelect;

/**
 * One audit row per admin per conversation per viewing (decision 106): the detail page refetches
 * the messages on every live update and reconnect, and those refetches are the same reading.
 * Ten minutes covers a viewing with its refetches; a return after a break is a new row.
 */
export const CONVERSATION_READ_WINDOW_MS = 10 * 60_000;

async function readMessageRows(deps: DataDeps, actor: UserRow, conversation: AdminConversation): Promise<MessageRow[]> {
  const rows = await deps.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  // An admin reading their own conversation is not an event worth recording.
  if (conversation.userId !== actor.id) {
    await recordAuditOncePerWindow(
      deps.db,
      actor,
      "conversation.read",
      { type: "conversation", id: conversation.id },
      deps.clock.now(),
      CONVERSATION_READ_WINDOW_MS,
      { kind: conversation.kind, ownerEmail: conversation.userEmail },
    );
  }
  return rows;
}

/** Every stored message, oldest first, each with its place among its versions (message-tree.ts). */
function withVersions(rows: MessageRow[]): { row: MessageRow; versionIndex: number; versionCount: number }[] {
  return allVersions(rows).map(({ row, siblingIds }) => ({
    row,
    versionIndex: siblingIds.indexOf(row.id) + 1,
    versionCount: siblingIds.length,
  }));
}

function toAdminMessage({
  row: m,
  versionIndex,
  versionCount,
}: {
  row: MessageRow;
  versionIndex: number;
  versionCount: number;
}): AdminMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    role: m.role,
    content: m.content,
    status: m.status,
    language: m.language,
    timestamp: m.createdAt.toISOString(),
    versionIndex,
    versionCount,
  };
}

export async function listMessages(deps: DataDeps, actor: UserRow, id: string): Promise<AdminMessage[]> {
  const rows = await readMessageRows(deps, actor, await getConversation(deps, id));
  return withVersions(rows).map(toAdminMessage);
}

export async function listVoiceMessages(deps: DataDeps, actor: UserRow, id: string): Promise<AdminVoiceMessages> {
  const conversation = await getConversation(deps, id, "voice");
  const [rows, clips] = await Promise.all([
    readMessageRows(deps, actor, conversation),
    deps.db
      .select({
        id: voiceAudio.id,
        messageId: voiceAudio.messageId,
        mimeType: voiceAudio.mimeType,
        durationMs: voiceAudio.durationMs,
        createdAt: voiceAudio.createdAt,
      })
      .from(voiceAudio)
      .where(eq(voiceAudio.conversationId, id))
      .orderBy(asc(voiceAudio.createdAt), asc(voiceAudio.id)),
  ]);
  const audio: AdminAudioClip[] = clips.map((c) => ({
    id: c.id,
    mimeType: c.mimeType,
    createdAt: c.createdAt.toISOString(),
    url: `/api/admin/voice-audio/${c.id}`,
    messageId: c.messageId,
    durationMs: c.durationMs,
  }));
  const voiceMessages: AdminVoiceMessage[] = withVersions(rows).map((versioned) => ({
    ...toAdminMessage(versioned),
    ...voiceFacts(versioned.row, audio),
  }));
  return { messages: voiceMessages, audio };
}

function voiceFacts(m: MessageRow, audio: AdminAudioClip[]) {
  return {
    interrupted: m.interrupted,
    stages: m.stages ?? null,
    audio: audio.filter((clip) => clip.messageId === m.id),
  };
}

export async function readVoiceAudio(deps: DataDeps, id: string): Promise<{ mimeType: string; data: Buffer }> {
  const [row] = isUuid(id)
    ? await deps.db
        .select({ mimeType: voiceAudio.mimeType, data: voiceAudio.data })
        .from(voiceAudio)
        .where(eq(voiceAudio.id, id))
        .limit(1)
    : [];
  if (!row) throw apiError("AUDIO_NOT_FOUND");
  // Only audio types are served as such: a stored value is never allowed to make this an HTML page.
  const mimeType = /^audio\/[a-z0-9.+-]+(;\s*[a-z0-9=.+-]+)*$/i.test(row.mimeType)
    ? row.mimeType
    : "application/octet-stream";
  return { mimeType, data: row.data };
}
