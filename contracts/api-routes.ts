/**
 * The one table of the HTTP API's routes: a name for each `METHOD /path`. The server registers
 * exactly these (server/http/api-routes.test.ts fails when a route is on one side only), and the
 * web app calls them by name through web/lib/api.ts, so no screen writes a path. A `:name`
 * segment is a parameter, filled by `apiUrl`. Plain data: the web bundle reads it.
 */
export const API_ROUTES = {
  // The API's own description
  openApi: "GET /api/openapi.json",
  // Accounts and sessions
  signUp: "POST /api/signup",
  signIn: "POST /api/login",
  signOut: "POST /api/logout",
  signOutLink: "GET /api/logout",
  signInPage: "GET /api/login",
  changePassword: "POST /api/auth/password",
  currentUser: "GET /api/auth/user",
  // Agents
  agents: "GET /api/agents",
  agent: "GET /api/agents/:id",
  createAgent: "POST /api/agents",
  updateAgent: "PATCH /api/agents/:id",
  deleteAgent: "DELETE /api/agents/:id",
  transferAgent: "POST /api/agents/:id/owner",
  agentTemplates: "GET /api/agent-templates",
  // Dashboard
  dashboard: "GET /api/dashboard",
  // Text chat and conversations
  chat: "POST /api/chat/:agentId",
  conversations: "GET /api/conversations",
  conversationMessages: "GET /api/conversations/:id/messages",
  chooseBranch: "PUT /api/conversations/:id/branch",
  searchConversations: "GET /api/conversations/search",
  updateConversation: "PATCH /api/conversations/:id",
  deleteConversation: "DELETE /api/conversations/:id",
  restoreConversation: "POST /api/conversations/:id/restore",
  // Voice
  voiceCapabilities: "GET /api/voice/capabilities",
  speak: "POST /api/tts",
  transcribe: "POST /api/stt",
  startVoiceConversation: "POST /api/voice-conversations",
  voiceMessages: "GET /api/voice-conversations/:id/messages",
  voiceChat: "POST /api/voice-conversations/:id/chat",
  voiceTurn: "POST /api/voice-conversations/:id/turn",
  saveVoiceAudio: "POST /api/voice-conversations/:id/save-audio",
  voiceInterrupted: "POST /api/voice-conversations/:id/messages/:messageId/interrupted",
  endVoiceConversation: "POST /api/voice-conversations/:id/end",
  realtimeCall: "GET /api/voice-conversations/:id/realtime",
  // Error reports
  reportError: "POST /api/error-report",
  errorReports: "GET /api/admin/error-reports",
  resolveErrorReport: "PATCH /api/admin/error-reports/:id/resolve",
  // Usage and outcomes
  usage: "GET /api/usage",
  outcomeFields: "GET /api/agents/:id/outcome-fields",
  saveOutcomeFields: "PUT /api/agents/:id/outcome-fields",
  outcome: "GET /api/conversations/:id/outcome",
  correctOutcome: "PATCH /api/conversations/:id/outcome",
  // Live conversations and human takeover
  liveConversations: "GET /api/live-conversations",
  liveConversationEvents: "GET /api/live-conversations/events",
  liveConversation: "GET /api/live-conversations/:id",
  allLiveConversations: "GET /api/admin/live-conversations",
  takeOver: "POST /api/conversations/:id/takeover",
  sendHumanMessage: "POST /api/conversations/:id/human-messages",
  release: "POST /api/conversations/:id/release",
  takeover: "GET /api/conversations/:id/takeover",
  conversationLive: "GET /api/conversations/:id/live",
  // Knowledge
  knowledge: "GET /api/agents/:id/knowledge",
  addKnowledge: "POST /api/agents/:id/knowledge",
  deleteKnowledge: "DELETE /api/agents/:id/knowledge/:docId",
  reindexKnowledge: "POST /api/agents/:id/knowledge/:docId/reindex",
  knowledgeUploads: "GET /api/knowledge/uploads",
  // Tools and their calls
  tools: "GET /api/agents/:id/tools",
  addTool: "POST /api/agents/:id/tools",
  importOpenApiTools: "POST /api/agents/:id/tools/openapi",
  updateTool: "PATCH /api/agents/:id/tools/:toolId",
  deleteTool: "DELETE /api/agents/:id/tools/:toolId",
  testTool: "POST /api/agents/:id/tools/:toolId/test",
  toolPolicy: "GET /api/admin/tool-policy",
  saveToolPolicy: "PUT /api/admin/tool-policy",
  toolCalls: "GET /api/conversations/:id/tool-calls",
  approveToolCall: "POST /api/conversations/:id/tool-calls/:callId/approve",
  denyToolCall: "POST /api/conversations/:id/tool-calls/:callId/deny",
  adminToolCalls: "GET /api/admin/conversation/:id/tool-calls",
  // Publishing: the public page, the widget, API keys and the OpenAI-compatible API
  publishing: "GET /api/agents/:id/publishing",
  savePublishing: "PUT /api/agents/:id/publishing",
  publicAgent: "GET /api/public/:slug",
  startGuestSession: "POST /api/public/:slug/sessions",
  guestChat: "POST /api/public/:slug/chat",
  apiKeys: "GET /api/agents/:id/api-keys",
  createApiKey: "POST /api/agents/:id/api-keys",
  revokeApiKey: "DELETE /api/agents/:id/api-keys/:keyId",
  models: "GET /v1/models",
  chatCompletions: "POST /v1/chat/completions",
  // Users, companies, analytics, audit, all conversations, reset (admins)
  users: "GET /api/admin/users",
  user: "GET /api/admin/users/:id",
  approveUser: "POST /api/admin/users/:id/approve",
  resetPassword: "POST /api/admin/users/:id/reset-password",
  unlockSignIn: "POST /api/admin/users/:id/unlock",
  setAdmin: "POST /api/admin/users/:id/admin",
  userDeletionPlan: "GET /api/admin/users/:id/deletion",
  deleteUser: "DELETE /api/admin/users/:id",
  companies: "GET /api/admin/companies",
  editCompany: "PATCH /api/admin/companies/:id",
  analytics: "GET /api/admin/analytics",
  analyticsCsv: "GET /api/admin/analytics.csv",
  outcomeAnalytics: "GET /api/admin/outcome-analytics",
  outcomeAnalyticsCsv: "GET /api/admin/outcome-analytics.csv",
  audit: "GET /api/admin/audit",
  auditCsv: "GET /api/admin/audit.csv",
  allConversations: "GET /api/admin/conversations",
  anyConversation: "GET /api/admin/conversation/:id",
  anyConversationMessages: "GET /api/admin/conversation/:id/messages",
  allVoiceConversations: "GET /api/admin/voice-conversations",
  anyVoiceMessages: "GET /api/admin/voice-conversations/:id/messages",
  voiceAudio: "GET /api/admin/voice-audio/:id",
  resetAll: "POST /api/admin/reset-all",
  adminStats: "GET /api/admin/stats",
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

type PathOf<N extends ApiRouteName> = (typeof API_ROUTES)[N] extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a route's `:name` segments, by name. */
export type ApiParams<N extends ApiRouteName> = { [K in ParamNames<PathOf<N>>]: string };
/** A query string's values; an undefined or empty one is left out (a filter not set). */
export type ApiQuery = Record<string, string | number | boolean | undefined>;
/** A route's parameters when it has any, then its query: `apiUrl("agent", { id })`, `apiUrl("users", {}, { page })`. */
export type ApiUrlArgs<N extends ApiRouteName> = [ParamNames<PathOf<N>>] extends [never]
  ? [params?: Record<string, never>, query?: ApiQuery]
  : [params: ApiParams<N>, query?: ApiQuery];

export function apiMethod(name: ApiRouteName): string {
  return API_ROUTES[name].split(" ")[0];
}

/**
 * A request to one route: its name (what it answers is `ApiResponses[N]`, api-responses.ts),
 * method and URL. What `apiRoute` gives and web/lib/api.ts's `apiRequest` sends.
 */
export interface ApiRoute<N extends ApiRouteName = ApiRouteName> {
  name: N;
  method: string;
  url: string;
}

/** The named route's method, and its URL with the parameters filled and the query appended. */
export function apiRoute<N extends ApiRouteName>(name: N, ...args: ApiUrlArgs<N>): ApiRoute<N> {
  return { name, method: apiMethod(name), url: apiUrl(name, ...args) };
}

/** The route's path with its parameters filled (each encoded) and the query appended. */
export function apiUrl<N extends ApiRouteName>(name: N, ...[params, query]: ApiUrlArgs<N>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = API_ROUTES[name].split(" ")[1].replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
