/**
 * Which page module a signed-in visitor sees at each path, named as Vite's manifest names it
 * (the source path relative to web/), so the page document can name that page's chunk
 * (signed-in-document.ts). The same table as web/routes.ts's `signedInRoutes`, in the same
 * order; web/routes.test.ts fails when the two drift apart.
 */
export interface SignedInPageModule {
  /** A wouter path: `:name` stands for one segment. */
  path: string;
  module: string;
}

export const SIGNED_IN_PAGE_MODULES: SignedInPageModule[] = [
  { path: "/", module: "pages/dashboard.tsx" },
  { path: "/agents", module: "pages/agents.tsx" },
  { path: "/agents/:id", module: "pages/agent-detail.tsx" },
  { path: "/chat", module: "pages/chat.tsx" },
  { path: "/chat/:agentId", module: "pages/chat.tsx" },
  { path: "/create", module: "pages/create-agent-simple.tsx" },
  { path: "/create-agent-simple", module: "pages/create-agent-simple.tsx" },
  { path: "/create-agent", module: "pages/create-agent.tsx" },
  { path: "/templates", module: "pages/templates.tsx" },
  { path: "/admin", module: "pages/admin-panel.tsx" },
  { path: "/admin-users", module: "pages/admin-users.tsx" },
  { path: "/admin-companies", module: "pages/admin-companies.tsx" },
  { path: "/admin-voice-conversations", module: "pages/admin-voice-conversations.tsx" },
  { path: "/admin-conversations", module: "pages/admin-conversations.tsx" },
  { path: "/admin/conversation/:id", module: "pages/admin-conversation-detail.tsx" },
  { path: "/admin-error-reports", module: "pages/admin-error-reports.tsx" },
  { path: "/admin/users/:id", module: "pages/admin-user-detail.tsx" },
  { path: "/admin-reset", module: "pages/admin-reset.tsx" },
  { path: "/admin-analytics", module: "pages/admin-analytics.tsx" },
  { path: "/admin-audit", module: "pages/admin-audit.tsx" },
];

/** What a signed-in path no route matches shows. */
export const NOT_FOUND_PAGE_MODULE = "pages/not-found.tsx";

/** Paths that show a signed-out page whether or not the visitor is signed in (web/app.tsx). */
export const SIGNED_OUT_PATHS = ["/login", "/signup"];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = path.split("/");
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part === have[i]))
  );
}

/** The page module shown at `path` (no query string) once signed in. */
export function signedInPageModule(path: string): string {
  return SIGNED_IN_PAGE_MODULES.find((route) => matches(route.path, path))?.module ?? NOT_FOUND_PAGE_MODULE;
}
