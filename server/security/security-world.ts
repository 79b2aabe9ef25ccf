/**
 * The accounts and objects the security tests act on, made through the real API: an admin,
 * an ordinary user with their own agent and conversations, another user whose every object
 * carries CANARY (so a leak shows up as that string in a body), sessions of admins who were
 * then set pending or denied, and a spare account for the admin actions to target.
 */
import { conversationTakeovers } from "../db/schema-takeover.js";
import { and, eq } from "drizzle-orm";
import { messages, users } from "../db/schema.js";
import { toolCalls } from "../db/schema-tools.js";
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
  /** The user's message in that text conversation (a message the branch route can name). */
  textMessageId: string;
  voiceConversationId: string;
  /** The agent's reply in that voice conversation (a message a voice route can name). */
  voiceReplyId: string;
  /** A recorded tool call of the text conversation, no longer waiting for a decision (approve/deny answer 409). */
  toolCallId: string;
  /**
   * An agent for a delete to name: a new one each time for the ordinary user, whose deletes
   * succeed; always the same one for the other user, whose agents nobody else can delete.
   */
  agentToDelete(): Promise<string>;
  /** A pasted-text document of `agentId`. */
  knowledgeDocumentId: string;
  /** A document for a delete to name, made the same way as agentToDelete's agents. */
  knowledgeToDelete(): Promise<{ agentId: string; id: string }>;
  /** A built-in tool of `agentId` (its test needs no network). */
  toolId: string;
  /** A tool for a delete to name, made the same way as agentToDelete's agents. */
  toolToDelete(): Promise<{ agentId: string; id: string }>;
  /** An API key of `agentId` for a revocation to name, made the same way as agentToDelete's agents. */
  apiKeyToRevoke(): Promise<{ agentId: string; id: string }>;
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
  /** An agent of the ordinary user published for guests (issue 25), a guest's token and an API key for it. */
  guest: { slug: string; token: string; apiKey: string };
  /** A new session of `who`, so that a cell which ends a session does not end anyone else's. */
  freshCookie(who: "user" | "admin" | "pending" | "denied"): Promise<string>;
  /** Hands every held conversation back to its agent, so a takeover cell starts as the first would (issue 26). */
  clearHolds(): Promise<void>;
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
  const othersApiKey = await otherObjects.apiKeyToRevoke();
  const saved = await call(t, other, `/api/voice-conversations/${otherObjects.voiceConversationId}/save-audio`, {
    audioData: AUDIO_DATA_URL,
  });
  const report = await call(t, other, "/api/error-report", { errorType: "bug", severity: "low", message: CANARY });

  const guest = await publishForGuests(t, user);
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
      toolToDelete: async () => ({ agentId: otherObjects.agentId, id: otherObjects.toolId }),
      apiKeyToRevoke: async () => othersApiKey,
      voiceAudioId: saved.id,
      errorReportId: report.id,
    },
    guest,
    targetUserId: target.id,
    othersCompanyId: await companyIdOf(t, other.id),
    login: { email: loginUser.email, password: loginUser.password },
    async clearHolds() {
      await t.deps.db.db.delete(conversationTakeovers);
    },
    async freshCookie(who) {
      const id = await createSession(t.deps.db.db, t.config.sessionSecret, ids[who], t.clock.now());
      return `sid=${id}`;
    },
  };
}

/** A separate agent, so the publishing cells (which unpublish the user's own agent) leave it published. */
async function publishForGuests(t: TestApp, owner: MadeUser): Promise<SecurityWorld["guest"]> {
  const agentId = await makeAgent(t, owner.cookie, { name: "Published" });
  const slug = "matrix-guests";
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/agents/${agentId}/publishing`,
    headers: { cookie: owner.cookie },
    payload: { enabled: true, slug, allowedOrigins: [], greeting: "Hi", voice: false, guestMessagesPerHour: 1000 },
  });
  if (res.statusCode !== 200) throw new Error(`publishing failed ${res.statusCode}: ${res.body}`);
  const session = await t.app.inject({ method: "POST", url: `/api/public/${slug}/sessions`, payload: {} });
  const key = await t.app.inject({
    method: "POST",
    url: `/api/agents/${agentId}/api-keys`,
    headers: { cookie: owner.cookie },
    payload: { name: "Matrix app" },
  });
  return { slug, token: (session.json() as { token: string }).token, apiKey: (key.json() as { key: string }).key };
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
  const [question] = await t.deps.db.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, chat.conversationId), eq(messages.role, "user")));
  const knowledge = await call(t, owner, `/api/agents/${agentId}/knowledge`, { title: "Notes", text: description });
  const tool = await call(t, owner, `/api/agents/${agentId}/tools`, { kind: "builtin", name: "search_knowledge" });
  // Written directly: a call is recorded only by a turn whose model asked for it, and the world's model is offline.
  const [toolCall] = await t.deps.db.db
    .insert(toolCalls)
    .values({
      conversationId: chat.conversationId,
      messageId: question.id,
      name: "search_knowledge",
      arguments: JSON.stringify({ query: message }),
      outcome: "ok",
      resultSummary: message,
    })
    .returning({ id: toolCalls.id });
  let disposableTools = 0;
  return {
    agentId,
    textConversationId: chat.conversationId,
    textMessageId: question.id,
    voiceConversationId: voice.id,
    voiceReplyId: reply.id,
    toolCallId: toolCall.id,
    agentToDelete: () => makeAgent(t, owner.cookie, { name: "Disposable", description }),
    knowledgeDocumentId: knowledge.id,
    knowledgeToDelete: async () => {
      const made = await call(t, owner, `/api/agents/${agentId}/knowledge`, { title: "Disposable", text: description });
      return { agentId, id: made.id };
    },
    toolId: tool.id,
    toolToDelete: async () => {
      disposableTools += 1;
      const made = await call(t, owner, `/api/agents/${agentId}/tools`, {
        kind: "http",
        name: `disposable_${disposableTools}`,
        description: "A tool to delete",
        method: "GET",
        url: "https://api.example.com/status",
      });
      return { agentId, id: made.id };
    },
    apiKeyToRevoke: async () => {
      const made = await call(t, owner, `/api/agents/${agentId}/api-keys`, {
        name: `Disposable ${description}`.slice(0, 80),
      });
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
    tools: await get(`/api/agents/${world.others.agentId}/tools`),
    apiKeys: await get(`/api/agents/${world.others.agentId}/api-keys`),
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
