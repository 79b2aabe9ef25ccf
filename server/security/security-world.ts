/**
 * The accounts and objects the security tests act on, made through the real API: an admin,
 * an ordinary user with their own agent and conversations, another user whose every object
 * carries CANARY (so a leak shows up as that string in a body), sessions of admins who were
 * then set pending or denied, and a spare account for the admin actions to target.
 */
import { and, eq } from "drizzle-orm";
import { messages, users } from "../db/schema.js";
import { createSession } from "../auth/sessions.js";
import { makeAgent } from "../test-support/agent-factory.js";
import { makeOwner, makeUser, signupPayload, type MadeUser } from "../test-support/factories.js";
import type { TestApp } from "../test-support/test-app.js";

/** Appears only in the other user's data; no body served to anyone but an admin may contain it. */
export const CANARY = "CANARY-q7x3-other-users-secret";

/** A tiny but well-formed audio data URL (a WAV header). */
export const AUDIO_DATA_URL = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

/** Objects one user owns. */
export interface OwnedObjects {
  agentId: string;
  textConversationId: string;
  voiceConversationId: string;
  /** The agent's reply in that voice conversation (a message a voice route can name). */
  voiceReplyId: string;
  /**
   * An agent for a delete to name: a new one each time for the ordinary user, whose deletes
   * succeed; always the same one for the other user, whose agents nobody else can delete.
   */
  agentToDelete(): Promise<string>;
  /** A pasted-text document of `agentId`. */
  knowledgeDocumentId: string;
  /** A document for a delete to name, made the same way as agentToDelete's agents. */
  knowledgeToDelete(): Promise<{ agentId: string; id: string }>;
}

export interface SecurityWorld {
  admin: MadeUser;
  user: MadeUser;
  other: MadeUser;
  own: OwnedObjects;
  others: OwnedObjects & { voiceAudioId: string; errorReportId: string };
  /** A pending account the admin routes approve, reset and read. */
  targetUserId: string;
  /** The other user's company, which the admin's company routes edit. */
  othersCompanyId: string;
  /** Credentials that sign in (for the login route's cells). */
  login: { email: string; password: string };
  /** A new session of `who`, so that a cell which ends a session does not end anyone else's. */
  freshCookie(who: "user" | "admin" | "pending" | "denied"): Promise<string>;
}

export async function buildSecurityWorld(t: TestApp): Promise<SecurityWorld> {
  const admin = await makeOwner(t, { companyName: "Admin House" });
  const user = await makeUser(t, { admin: false, companyName: "User Company" });
  const other = await makeUser(t, { admin: false, companyName: "Other Company", fullName: `Olga ${CANARY}` });
  // Pending and denied accounts cannot sign in: these signed in first and were set aside
  // later. They are admins, so that the admin flag is shown not to outweigh the status.
  const pending = await makeUser(t, { admin: true });
  const denied = await makeUser(t, { admin: true });
  await setStatus(t, pending.id, "pending");
  await setStatus(t, denied.id, "denied");
  const target = await makeUser(t, { admin: false, status: "pending" });
  const loginPayload = signupPayload();
  const loginUser = await makeUser(t, { ...loginPayload, admin: false });

  const own = await makeObjects(t, user, "Hello there");
  const otherObjects = await makeObjects(t, other, `My secret is ${CANARY}`, { name: `Ava ${CANARY}` });
  const othersSpareAgent = await makeAgent(t, other.cookie, { name: "Spare", description: CANARY });
  const saved = await call(t, other, `/api/voice-conversations/${otherObjects.voiceConversationId}/save-audio`, {
    audioData: AUDIO_DATA_URL,
  });
  const report = await call(t, other, "/api/error-report", { errorType: "bug", severity: "low", message: CANARY });

  const ids = { user: user.id, admin: admin.id, pending: pending.id, denied: denied.id };
  return {
    admin,
    user,
    other,
    own,
    others: {
      ...otherObjects,
      agentToDelete: async () => othersSpareAgent,
      knowledgeToDelete: async () => ({ agentId: otherObjects.agentId, id: otherObjects.knowledgeDocumentId }),
      voiceAudioId: saved.id,
      errorReportId: report.id,
    },
    targetUserId: target.id,
    othersCompanyId: await companyIdOf(t, other.id),
    login: { email: loginUser.email, password: loginUser.password },
    async freshCookie(who) {
      const id = await createSession(t.deps.db.db, t.config.sessionSecret, ids[who], t.clock.now());
      return `sid=${id}`;
    },
  };
}

async function companyIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.deps.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  if (!row?.companyId) throw new Error(`user ${userId} has no company`);
  return row.companyId;
}

async function setStatus(t: TestApp, id: string, status: "pending" | "denied"): Promise<void> {
  await t.deps.db.db.update(users).set({ approvalStatus: status }).where(eq(users.id, id));
}

async function makeObjects(
  t: TestApp,
  owner: MadeUser,
  message: string,
  agentFields: { name?: string } = {},
): Promise<OwnedObjects> {
  const description = `Agent of ${owner.email}: ${message}`;
  const agentId = await makeAgent(t, owner.cookie, { ...agentFields, description });
  const chat = await call(t, owner, `/api/chat/${agentId}`, { message });
  const voice = await call(t, owner, "/api/voice-conversations", { agentId, title: message });
  await call(t, owner, `/api/voice-conversations/${voice.id}/chat`, { message });
  const [reply] = await t.deps.db.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, voice.id), eq(messages.role, "assistant")));
  const knowledge = await call(t, owner, `/api/agents/${agentId}/knowledge`, { title: "Notes", text: description });
  return {
    agentId,
    textConversationId: chat.conversationId,
    voiceConversationId: voice.id,
    voiceReplyId: reply.id,
    agentToDelete: () => makeAgent(t, owner.cookie, { name: "Disposable", description }),
    knowledgeDocumentId: knowledge.id,
    knowledgeToDelete: async () => {
      const made = await call(t, owner, `/api/agents/${agentId}/knowledge`, { title: "Disposable", text: description });
      return { agentId, id: made.id };
    },
  };
}

async function call(
  t: TestApp,
  caller: MadeUser,
  url: string,
  payload: object,
): Promise<{ id: string; conversationId: string }> {
  const res = await t.app.inject({ method: "POST", url, headers: { cookie: caller.cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`${url} failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The other user's objects as they see them: equal before and after the cells, or someone changed them. */
export async function othersSnapshot(t: TestApp, world: SecurityWorld): Promise<unknown> {
  const cookie = world.other.cookie;
  const get = async (url: string) => (await t.app.inject({ method: "GET", url, headers: { cookie } })).json();
  return {
    agents: await get("/api/agents"),
    knowledge: await get(`/api/agents/${world.others.agentId}/knowledge`),
    messages: await get(`/api/conversations/${world.others.textConversationId}/messages`),
    conversations: await get("/api/conversations"),
  };
}

/** What an admin sees of the accounts and reports the admin routes change. */
export async function adminView(t: TestApp, world: SecurityWorld): Promise<unknown> {
  const cookie = world.admin.cookie;
  const get = async (url: string) => (await t.app.inject({ method: "GET", url, headers: { cookie } })).json();
  return {
    target: await get(`/api/admin/users/${world.targetUserId}`),
    users: await get("/api/admin/users"),
    reports: await get("/api/admin/error-reports?filter=all"),
    conversations: await get("/api/admin/conversations"),
  };
}
