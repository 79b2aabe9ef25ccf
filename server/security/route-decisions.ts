/**
 * The authorization decisions of every API route: its access, a request that its rightful
 * caller would send, and what that caller gets. The matrix derives every other cell from the
 * access (401 signed out, 403 for non-admins on admin routes, 404 for another user's
 * object), so a route needs an entry here before the matrix passes; the hostile-input test
 * starts its generated bodies from the same requests.
 */
import { type Access } from "../http/route-access.js";
import { signupPayload } from "../test-support/factories.js";
import { agentPayload } from "../test-support/agent-factory.js";
import { AUDIO_DATA_URL, type OwnedObjects, type SecurityWorld } from "./security-world.js";

export interface CellRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface RouteDecision {
  access: Access;
  /**
   * The request, naming `objects`: the caller's own on user routes (or another user's, in the
   * "another user's object" cell); admin routes name the world's objects directly.
   */
  request(world: SecurityWorld, objects: OwnedObjects): CellRequest | Promise<CellRequest>;
  /** What the rightful caller gets: the owner on user routes, an admin on admin routes, anyone on public ones. */
  allowed: number;
  /** The request names an object (in the path or the body), so another user's copy must be refused. */
  namesObject?: boolean;
  /** Public routes that answer "who are you?" refuse people without a session with this. */
  withoutSession?: number;
  /** A user route on which admins may read anyone's object (the owner's answer, not 404). */
  adminReads?: boolean;
  /** Wipes the data the other cells read: its cells run after every other route's. */
  runsLast?: boolean;
  /** Writes or spends something that generated input must not repeat blindly (the hostile-input test skips its sample body). */
  destructive?: boolean;
  /**
   * The route's caller is named by a header of the sample (the /v1 API's key), not a session:
   * generated input carries it too, or every case would stop at the key check.
   */
  credentialInHeaders?: boolean;
}

const text = (message: string) => ({ message });
/** Tools created by the matrix's cells so far (each needs its own name). */
let toolNames = 0;

export const ROUTE_DECISIONS: Record<string, RouteDecision> = {
  // Public: the same answer whoever asks.
  "POST /api/signup": {
    access: "public",
    allowed: 201,
    request: () => ({ url: "/api/signup", payload: signupPayload() }),
  },
  "POST /api/login": { access: "public", allowed: 200, request: (w) => ({ url: "/api/login", payload: w.login }) },
  "POST /api/logout": { access: "public", allowed: 200, request: () => ({ url: "/api/logout" }) },
  "GET /api/logout": { access: "public", allowed: 302, request: () => ({ url: "/api/logout" }) },
  "GET /api/login": { access: "public", allowed: 302, request: () => ({ url: "/api/login" }) },
  // The API's description, like the web app's own JavaScript that calls the same routes (decision in docs).
  "GET /api/openapi.json": { access: "public", allowed: 200, request: () => ({ url: "/api/openapi.json" }) },
  // Public so that the web app can ask; its answer to someone without a session is the 401 itself.
  // Same password again: nothing changes but the user's other sessions end, the world's own
  // among them (other cells make objects with it), so it runs last.
  "POST /api/auth/password": {
    access: "user",
    allowed: 200,
    destructive: true,
    runsLast: true,
    request: (w) => ({
      url: "/api/auth/password",
      payload: { currentPassword: w.user.password, newPassword: w.user.password },
    }),
  },
  "GET /api/auth/user": {
    access: "public",
    allowed: 200,
    withoutSession: 401,
    request: () => ({ url: "/api/auth/user" }),
  },

  // Signed-in users, on their own objects.
  "GET /api/agents": { access: "user", allowed: 200, request: () => ({ url: "/api/agents" }) },
  "GET /api/agents/:id": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}` }),
  },
  "POST /api/agents": {
    access: "user",
    allowed: 201,
    request: () => ({ url: "/api/agents", payload: agentPayload({ name: "Matrix Agent" }) }),
  },
  "PATCH /api/agents/:id": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}`, payload: { personality: "Calm" } }),
  },
  "DELETE /api/agents/:id": {
    access: "user",
    allowed: 204,
    namesObject: true,
    destructive: true,
    request: async (_w, o) => ({ url: `/api/agents/${await o.agentToDelete()}` }),
  },
  // Handing the agent to its current owner: answered with the agent, nothing changes.
  "POST /api/agents/:id/owner": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/agents/${w.others.agentId}/owner`, payload: { userId: w.other.id } }),
  },
  "GET /api/agents/:id/knowledge": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/knowledge` }),
  },
  "POST /api/agents/:id/knowledge": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/agents/${o.agentId}/knowledge`,
      payload: { title: "Matrix notes", text: "Refunds are paid within 14 days." },
    }),
  },
  "DELETE /api/agents/:id/knowledge/:docId": {
    access: "user",
    allowed: 204,
    namesObject: true,
    destructive: true,
    request: async (_w, o) => {
      const document = await o.knowledgeToDelete();
      return { url: `/api/agents/${document.agentId}/knowledge/${document.id}` };
    },
  },
  "POST /api/agents/:id/knowledge/:docId/reindex": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/knowledge/${o.knowledgeDocumentId}/reindex` }),
  },
  "GET /api/agents/:id/tools": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/tools` }),
  },
  // A new name each time: names are unique within an agent.
  "POST /api/agents/:id/tools": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/agents/${o.agentId}/tools`,
      payload: {
        kind: "http",
        name: `matrix_${(toolNames += 1)}`,
        description: "Look up an order",
        method: "GET",
        url: "https://api.example.com/orders/{id}",
        parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        headers: { Authorization: "Bearer matrix-secret-token" },
        approval: "ask",
      },
    }),
  },
  // Imports a one-operation document; a new operationId each time, as names are unique within an agent.
  "POST /api/agents/:id/tools/openapi": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/agents/${o.agentId}/tools/openapi`,
      payload: {
        document: {
          openapi: "3.0.3",
          info: { title: "Orders", version: "1" },
          servers: [{ url: "https://api.example.com/v1" }],
          paths: {
            "/orders/{id}": {
              get: {
                operationId: `matrix_import_${(toolNames += 1)}`,
                summary: "Look up an order",
                parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              },
            },
          },
        },
        headers: { Authorization: "Bearer matrix-secret-token" },
      },
    }),
  },
  "PATCH /api/agents/:id/tools/:toolId": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/tools/${o.toolId}`, payload: { approval: "auto" } }),
  },
  "DELETE /api/agents/:id/tools/:toolId": {
    access: "user",
    allowed: 204,
    namesObject: true,
    destructive: true,
    request: async (_w, o) => {
      const tool = await o.toolToDelete();
      return { url: `/api/agents/${tool.agentId}/tools/${tool.id}` };
    },
  },
  "POST /api/agents/:id/tools/:toolId/test": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/tools/${o.toolId}/test` }),
  },
  // Publishing (issue 25): the agent's owner (or an admin who can see it) reads and changes it.
  "GET /api/agents/:id/publishing": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/publishing` }),
  },
  "PUT /api/agents/:id/publishing": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/agents/${o.agentId}/publishing`,
      payload: {
        enabled: false,
        slug: `matrix-${o.agentId.slice(0, 8)}`,
        allowedOrigins: ["https://shop.example.com"],
        greeting: "Hello",
        voice: false,
        guestMessagesPerHour: 20,
      },
    }),
  },
  // The guests' channel (issue 25): anyone, no account; the agent's slug and a guest token decide.
  "GET /api/public/:slug": { access: "public", allowed: 200, request: (w) => ({ url: `/api/public/${w.guest.slug}` }) },
  "OPTIONS /api/public/:slug/sessions": {
    access: "public",
    allowed: 204,
    request: (w) => ({ url: `/api/public/${w.guest.slug}/sessions` }),
  },
  "OPTIONS /api/public/:slug/chat": {
    access: "public",
    allowed: 204,
    request: (w) => ({ url: `/api/public/${w.guest.slug}/chat` }),
  },
  "POST /api/public/:slug/sessions": {
    access: "public",
    allowed: 200,
    request: (w) => ({ url: `/api/public/${w.guest.slug}/sessions`, payload: { token: w.guest.token } }),
  },
  // Spends the company's quota and the guest's allowance: generated input must not repeat it blindly.
  "POST /api/public/:slug/chat": {
    access: "public",
    allowed: 200,
    destructive: true,
    request: (w) => ({
      url: `/api/public/${w.guest.slug}/chat`,
      headers: { authorization: `Bearer ${w.guest.token}` },
      payload: text("Where is my parcel?"),
    }),
  },
  // The OpenAI-compatible API (issue 25): anyone holding the agent's API key; the key decides.
  "GET /v1/models": {
    access: "public",
    allowed: 200,
    credentialInHeaders: true,
    request: (w) => ({ url: "/v1/models", headers: { authorization: `Bearer ${w.guest.apiKey}` } }),
  },
  // Spends the company's quota and the key's hourly allowance (generated input runs into its 429s).
  "POST /v1/chat/completions": {
    access: "public",
    allowed: 200,
    destructive: true,
    credentialInHeaders: true,
    request: (w) => ({
      url: "/v1/chat/completions",
      headers: { authorization: `Bearer ${w.guest.apiKey}` },
      payload: { model: w.guest.slug, messages: [{ role: "user", content: "Where is my parcel?" }] },
    }),
  },
  "GET /api/agents/:id/api-keys": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/api-keys` }),
  },
  "POST /api/agents/:id/api-keys": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/api-keys`, payload: { name: "Matrix app" } }),
  },
  "DELETE /api/agents/:id/api-keys/:keyId": {
    access: "user",
    allowed: 204,
    namesObject: true,
    destructive: true,
    request: async (_w, o) => {
      const key = await o.apiKeyToRevoke();
      return { url: `/api/agents/${key.agentId}/api-keys/${key.id}` };
    },
  },
  "GET /api/knowledge/uploads": { access: "user", allowed: 200, request: () => ({ url: "/api/knowledge/uploads" }) },
  "GET /api/agent-templates": { access: "user", allowed: 200, request: () => ({ url: "/api/agent-templates" }) },
  "GET /api/dashboard": { access: "user", allowed: 200, request: () => ({ url: "/api/dashboard" }) },
  "GET /api/usage": { access: "user", allowed: 200, request: () => ({ url: "/api/usage" }) },
  "POST /api/chat/:agentId": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/chat/${o.agentId}`, payload: text("What does the plan cost?") }),
  },
  "GET /api/conversations": { access: "user", allowed: 200, request: () => ({ url: "/api/conversations" }) },
  "GET /api/conversations/:id/messages": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/messages` }),
  },
  "GET /api/conversations/:id/tool-calls": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/tool-calls` }),
  },
  // The recorded call waits for nothing: its owner is told so (409), anyone else finds no call (404).
  "POST /api/conversations/:id/tool-calls/:callId/approve": {
    access: "user",
    allowed: 409,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/tool-calls/${o.toolCallId}/approve` }),
  },
  "POST /api/conversations/:id/tool-calls/:callId/deny": {
    access: "user",
    allowed: 409,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/tool-calls/${o.toolCallId}/deny` }),
  },
  // Shows the branch through the conversation's one user message: the view other cells read stays the same.
  "PUT /api/conversations/:id/branch": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/conversations/${o.textConversationId}/branch`,
      payload: { messageId: o.textMessageId },
    }),
  },
  "GET /api/conversations/search": {
    access: "user",
    allowed: 200,
    request: () => ({ url: "/api/conversations/search?q=plan" }),
  },
  // Unpinning: nothing changes that other cells read.
  "PATCH /api/conversations/:id": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}`, payload: { pinned: false } }),
  },
  // Outcomes (issue 26): admins read and correct anyone's, as they read every conversation.
  "GET /api/agents/:id/outcome-fields": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({ url: `/api/agents/${o.agentId}/outcome-fields` }),
  },
  "PUT /api/agents/:id/outcome-fields": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({
      url: `/api/agents/${o.agentId}/outcome-fields`,
      payload: { fields: [{ name: "email", type: "email", description: "The person's email" }] },
    }),
  },
  "GET /api/conversations/:id/outcome": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/outcome` }),
  },
  // A person in the loop (issue 26): the agent's owner (here the conversation's own user too) and
  // admins may hold a conversation; each cell starts with nobody holding it. Writing into a
  // conversation one does not hold is a 409, which shows the caller got past the 404.
  "GET /api/live-conversations": { access: "user", allowed: 200, request: () => ({ url: "/api/live-conversations" }) },
  "GET /api/live-conversations/events": {
    access: "user",
    allowed: 200,
    request: () => ({ url: "/api/live-conversations/events?once=true" }),
  },
  "GET /api/live-conversations/:id": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/live-conversations/${o.textConversationId}` }),
  },
  "GET /api/admin/live-conversations": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/live-conversations" }),
  },
  "POST /api/conversations/:id/takeover": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: async (w, o) => {
      await w.clearHolds();
      return { url: `/api/conversations/${o.textConversationId}/takeover` };
    },
  },
  "POST /api/conversations/:id/human-messages": {
    access: "user",
    allowed: 409,
    namesObject: true,
    adminReads: true,
    request: async (w, o) => {
      await w.clearHolds();
      return { url: `/api/conversations/${o.textConversationId}/human-messages`, payload: { text: "Hello" } };
    },
  },
  "POST /api/conversations/:id/release": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: async (w, o) => {
      await w.clearHolds();
      return { url: `/api/conversations/${o.textConversationId}/release` };
    },
  },
  "GET /api/conversations/:id/takeover": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/takeover` }),
  },
  "GET /api/conversations/:id/live": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/live?once=true` }),
  },
  "PATCH /api/conversations/:id/outcome": {
    access: "user",
    allowed: 200,
    namesObject: true,
    adminReads: true,
    request: (_w, o) => ({
      url: `/api/conversations/${o.textConversationId}/outcome`,
      payload: { success: "unclear" },
    }),
  },
  // A soft delete: the conversation's messages still answer, and restore (below) brings it back.
  "DELETE /api/conversations/:id": {
    access: "user",
    allowed: 204,
    namesObject: true,
    destructive: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}` }),
  },
  "POST /api/conversations/:id/restore": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/conversations/${o.textConversationId}/restore` }),
  },
  "GET /api/voice/capabilities": { access: "user", allowed: 200, request: () => ({ url: "/api/voice/capabilities" }) },
  "POST /api/tts": { access: "user", allowed: 200, request: () => ({ url: "/api/tts", payload: { text: "Hello" } }) },
  // No speech-to-text server is configured in tests: the documented 503 sends the browser to its own recogniser.
  "POST /api/stt": {
    access: "user",
    allowed: 503,
    request: () => ({ url: "/api/stt", payload: { audioData: AUDIO_DATA_URL } }),
  },
  "POST /api/voice-conversations": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({ url: "/api/voice-conversations", payload: { agentId: o.agentId } }),
  },
  "GET /api/voice-conversations/:id/messages": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/voice-conversations/${o.voiceConversationId}/messages` }),
  },
  "POST /api/voice-conversations/:id/chat": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/voice-conversations/${o.voiceConversationId}/chat`, payload: text("Hi there") }),
  },
  "POST /api/voice-conversations/:id/turn": {
    access: "user",
    allowed: 200,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/voice-conversations/${o.voiceConversationId}/turn`, payload: text("Hi there") }),
  },
  "POST /api/voice-conversations/:id/save-audio": {
    access: "user",
    allowed: 201,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/voice-conversations/${o.voiceConversationId}/save-audio`,
      payload: { audioData: AUDIO_DATA_URL },
    }),
  },
  "POST /api/voice-conversations/:id/messages/:messageId/interrupted": {
    access: "user",
    allowed: 204,
    namesObject: true,
    request: (_w, o) => ({
      url: `/api/voice-conversations/${o.voiceConversationId}/messages/${o.voiceReplyId}/interrupted`,
      payload: { spokenText: "Hi" },
    }),
  },
  "POST /api/voice-conversations/:id/end": {
    access: "user",
    allowed: 204,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/voice-conversations/${o.voiceConversationId}/end` }),
  },
  "GET /api/voice-conversations/:id/realtime": {
    access: "user",
    // The test app has no Realtime provider (REALTIME_BASE_URL): the owner's upgrade is answered 503.
    allowed: 503,
    namesObject: true,
    request: (_w, o) => ({ url: `/api/voice-conversations/${o.voiceConversationId}/realtime` }),
  },
  "POST /api/error-report": {
    access: "user",
    allowed: 201,
    request: () => ({ url: "/api/error-report", payload: { errorType: "bug", severity: "low", message: "Broken" } }),
  },

  // Administrators.
  "GET /api/admin/users": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/users?search=&page=1" }),
  },
  "GET /api/admin/users/:id": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}` }),
  },
  "POST /api/admin/users/:id/approve": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}/approve`, payload: { approved: true } }),
  },
  "POST /api/admin/users/:id/reset-password": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({
      url: `/api/admin/users/${w.targetUserId}/reset-password`,
      payload: { newPassword: "another-secret" },
    }),
  },
  "POST /api/admin/users/:id/unlock": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}/unlock` }),
  },
  // Already not an admin: answered with the user, nothing changes (promoting a pending user is refused).
  "POST /api/admin/users/:id/admin": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}/admin`, payload: { isAdmin: false } }),
  },
  "GET /api/admin/users/:id/deletion": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}/deletion` }),
  },
  // The target is gone afterwards, so the admin routes that read it run first.
  "DELETE /api/admin/users/:id": {
    access: "admin",
    allowed: 200,
    destructive: true,
    runsLast: true,
    request: (w) => ({ url: `/api/admin/users/${w.targetUserId}`, payload: { agents: "delete" } }),
  },
  "GET /api/admin/stats": { access: "admin", allowed: 200, request: () => ({ url: "/api/admin/stats" }) },
  "GET /api/admin/tool-policy": { access: "admin", allowed: 200, request: () => ({ url: "/api/admin/tool-policy" }) },
  "PUT /api/admin/tool-policy": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: () => ({
      url: "/api/admin/tool-policy",
      payload: {
        allowedHosts: ["api.example.com"],
        allowPrivateNetworks: false,
        maxCallsPerTurn: 6,
        callsPerCompanyPerDay: null,
      },
    }),
  },
  "GET /api/admin/companies": { access: "admin", allowed: 200, request: () => ({ url: "/api/admin/companies" }) },
  "PATCH /api/admin/companies/:id": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/admin/companies/${w.othersCompanyId}`, payload: { agentLimit: 12 } }),
  },
  "GET /api/admin/analytics": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/analytics?from=2026-05-01&to=2026-06-30" }),
  },
  "GET /api/admin/analytics.csv": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/analytics.csv?table=users&from=2026-05-01&to=2026-06-30" }),
  },
  "GET /api/admin/audit": { access: "admin", allowed: 200, request: () => ({ url: "/api/admin/audit?page=1" }) },
  "GET /api/admin/audit.csv": { access: "admin", allowed: 200, request: () => ({ url: "/api/admin/audit.csv" }) },
  "GET /api/admin/outcome-analytics": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/outcome-analytics?from=2026-01-01&to=2026-12-31" }),
  },
  "GET /api/admin/outcome-analytics.csv": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/outcome-analytics.csv?table=agents&from=2026-01-01&to=2026-12-31" }),
  },
  "GET /api/admin/conversations": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/conversations" }),
  },
  "GET /api/admin/conversation/:id": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/conversation/${w.others.textConversationId}` }),
  },
  "GET /api/admin/conversation/:id/messages": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/conversation/${w.others.textConversationId}/messages` }),
  },
  "GET /api/admin/conversation/:id/tool-calls": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/conversation/${w.others.textConversationId}/tool-calls` }),
  },
  "GET /api/admin/voice-conversations": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/voice-conversations" }),
  },
  "GET /api/admin/voice-conversations/:id/messages": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/voice-conversations/${w.others.voiceConversationId}/messages` }),
  },
  "GET /api/admin/voice-audio/:id": {
    access: "admin",
    allowed: 200,
    request: (w) => ({ url: `/api/admin/voice-audio/${w.others.voiceAudioId}` }),
  },
  "GET /api/admin/error-reports": {
    access: "admin",
    allowed: 200,
    request: () => ({ url: "/api/admin/error-reports?filter=all" }),
  },
  "PATCH /api/admin/error-reports/:id/resolve": {
    access: "admin",
    allowed: 200,
    destructive: true,
    request: (w) => ({ url: `/api/admin/error-reports/${w.others.errorReportId}/resolve` }),
  },
  "POST /api/admin/reset-all": {
    access: "admin",
    allowed: 200,
    runsLast: true,
    destructive: true,
    request: () => ({ url: "/api/admin/reset-all", payload: { confirm: "RESET" } }),
  },
  // Prometheus metrics: route patterns and counts, no user data, but they show who is busy and when.
  "GET /metrics": { access: "admin", allowed: 200, request: () => ({ url: "/metrics" }) },
  // The live admin channel; 101 is the WebSocket upgrade.
  "GET /ws-admin": { access: "admin", allowed: 101, request: () => ({ url: "/ws-admin" }) },
};
