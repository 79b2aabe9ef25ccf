/**
 * The one table of the web app's pages (spec section 2): which page each path shows, signed in
 * and signed out. Everything else derives from it — the web router (web/routes.ts), the page
 * module the server names in a signed-in visitor's first document
 * (server/http/signed-in-page-modules.ts) and the build's chunk rules
 * (web-build/signed-in-chunks.ts). Adding a page is one line here and its file in web/pages/.
 * Plain data, no zod: the build and the first page load read it.
 */

/** Each page's source file relative to web/, as Vite's build manifest names its chunk. */
export const PAGE_MODULES = {
  landing: "pages/landing.tsx",
  login: "pages/login.tsx",
  signup: "pages/signup.tsx",
  notFound: "pages/not-found.tsx",
  dashboard: "pages/dashboard.tsx",
  agents: "pages/agents.tsx",
  agentDetail: "pages/agent-detail.tsx",
  chat: "pages/chat.tsx",
  createAgentSimple: "pages/create-agent-simple.tsx",
  createAgent: "pages/create-agent.tsx",
  templates: "pages/templates.tsx",
  account: "pages/account.tsx",
  adminPanel: "pages/admin-panel.tsx",
  adminUsers: "pages/admin-users.tsx",
  adminCompanies: "pages/admin-companies.tsx",
  adminVoiceConversations: "pages/admin-voice-conversations.tsx",
  adminConversations: "pages/admin-conversations.tsx",
  adminConversationDetail: "pages/admin-conversation-detail.tsx",
  adminErrorReports: "pages/admin-error-reports.tsx",
  adminUserDetail: "pages/admin-user-detail.tsx",
  adminReset: "pages/admin-reset.tsx",
  adminAnalytics: "pages/admin-analytics.tsx",
  adminAudit: "pages/admin-audit.tsx",
  adminToolPolicy: "pages/admin-tool-policy.tsx",
  live: "pages/live.tsx",
  liveConversation: "pages/live-conversation.tsx",
} as const;

export type PageName = keyof typeof PAGE_MODULES;

export interface PagePath {
  /** A wouter path: `:name` stands for one segment. */
  path: string;
  page: PageName;
}

/** What a visitor without a session sees; any other path sends them to the login page. */
export const SIGNED_OUT_PAGES: PagePath[] = [
  { path: "/", page: "landing" },
  { path: "/login", page: "login" },
  { path: "/signup", page: "signup" },
];

/** What a signed-in person sees, in matching order. */
export const SIGNED_IN_PAGES: PagePath[] = [
  { path: "/", page: "dashboard" },
  { path: "/agents", page: "agents" },
  { path: "/agents/:id", page: "agentDetail" },
  { path: "/chat", page: "chat" },
  { path: "/chat/:agentId", page: "chat" },
  { path: "/create", page: "createAgentSimple" },
  { path: "/create-agent-simple", page: "createAgentSimple" },
  { path: "/create-agent", page: "createAgent" },
  { path: "/templates", page: "templates" },
  { path: "/account", page: "account" },
  { path: "/live", page: "live" },
  { path: "/live/:id", page: "liveConversation" },
  { path: "/admin", page: "adminPanel" },
  { path: "/admin-users", page: "adminUsers" },
  { path: "/admin-companies", page: "adminCompanies" },
  { path: "/admin-voice-conversations", page: "adminVoiceConversations" },
  { path: "/admin-conversations", page: "adminConversations" },
  { path: "/admin/conversation/:id", page: "adminConversationDetail" },
  { path: "/admin-error-reports", page: "adminErrorReports" },
  { path: "/admin/users/:id", page: "adminUserDetail" },
  { path: "/admin-reset", page: "adminReset" },
  { path: "/admin-analytics", page: "adminAnalytics" },
  { path: "/admin-audit", page: "adminAudit" },
  { path: "/admin-tool-policy", page: "adminToolPolicy" },
];

/** What a signed-in path no entry matches shows. */
export const NOT_FOUND_PAGE: PageName = "notFound";

/** Pages a visitor without a session may load: the build keeps every signed-in chunk away from them. */
export const SIGNED_OUT_PAGE_MODULES: string[] = [
  ...new Set([...SIGNED_OUT_PAGES.map(({ page }) => PAGE_MODULES[page]), PAGE_MODULES[NOT_FOUND_PAGE]]),
];

/** Paths that show a signed-out page whether or not the visitor is signed in ("/" is not one: it is the dashboard then). */
export const ALWAYS_SIGNED_OUT_PATHS: string[] = SIGNED_OUT_PAGES.map(({ path }) => path).filter(
  (path) => !SIGNED_IN_PAGES.some((signedIn) => signedIn.path === path),
);

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = path.split("/");
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part === have[i]))
  );
}

/** The page a signed-in person sees at `path` (no query string). */
export function signedInPageAt(path: string): PageName {
  return SIGNED_IN_PAGES.find((route) => matches(route.path, path))?.page ?? NOT_FOUND_PAGE;
}
