/**
 * The route table (spec section 2). One page file per screen in web/pages/, each loaded as its
 * own chunk the first time it is shown: a visitor on the landing page never downloads the
 * admin screens, and the chat page's Markdown renderer arrives with the chat page only.
 */
import type { QueryClient } from "@tanstack/react-query";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { usageQuery } from "./features/analytics/usage-queries";
import { conversationListQuery } from "./features/chat/chat-queries";
import { agentListQuery, agentQuery } from "./lib/agent-queries";
import { dashboardStatsQuery } from "./lib/dashboard-queries";

export interface LazyPage {
  /**
   * The page's source file relative to web/, as Vite's build manifest names its chunk: the server
   * names that chunk in the page it sends a signed-in visitor (server/http/signed-in-page-modules.ts).
   */
  module: string;
  /** Starts (or joins) the chunk's download; safe to call any number of times. */
  load: () => Promise<unknown>;
  component: LazyExoticComponent<ComponentType>;
}

/** Pages export named components; React.lazy wants a module with a default export. */
function lazyPage(module: string, loadComponent: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= loadComponent().then((component) => ({ default: component })));
  return { module, load, component: lazy(load) };
}

export interface PageRoute extends LazyPage {
  path: string;
  /**
   * Starts the page's first requests beside its chunk's download, once signed in: rendered from
   * the chunk, they would start only after it arrived (Lighthouse measured the dashboard and chat
   * waiting on that chain).
   */
  prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>) => void;
}

const prefetchDashboard: PageRoute["prefetch"] = (queryClient) => {
  void queryClient.prefetchQuery(dashboardStatsQuery);
  void queryClient.prefetchQuery(agentListQuery);
  void queryClient.prefetchQuery(conversationListQuery);
  void queryClient.prefetchQuery(usageQuery);
};

const prefetchChat: PageRoute["prefetch"] = (queryClient, { agentId }) => {
  void (agentId ? queryClient.prefetchQuery(agentQuery(agentId)) : queryClient.prefetchQuery(agentListQuery));
  void queryClient.prefetchQuery(conversationListQuery);
};

export const signedOutPages = {
  landing: lazyPage("pages/landing.tsx", () => import("./pages/landing").then((m) => m.LandingPage)),
  login: lazyPage("pages/login.tsx", () => import("./pages/login").then((m) => m.LoginPage)),
  signup: lazyPage("pages/signup.tsx", () => import("./pages/signup").then((m) => m.SignupPage)),
};

export const signedOutRoutes: PageRoute[] = [
  { path: "/", ...signedOutPages.landing },
  { path: "/login", ...signedOutPages.login },
  { path: "/signup", ...signedOutPages.signup },
];

const pages = {
  dashboard: lazyPage("pages/dashboard.tsx", () => import("./pages/dashboard").then((m) => m.DashboardPage)),
  agents: lazyPage("pages/agents.tsx", () => import("./pages/agents").then((m) => m.AgentsPage)),
  agentDetail: lazyPage("pages/agent-detail.tsx", () => import("./pages/agent-detail").then((m) => m.AgentDetailPage)),
  chat: lazyPage("pages/chat.tsx", () => import("./pages/chat").then((m) => m.ChatPage)),
  createAgentSimple: lazyPage("pages/create-agent-simple.tsx", () =>
    import("./pages/create-agent-simple").then((m) => m.CreateAgentSimplePage),
  ),
  createAgent: lazyPage("pages/create-agent.tsx", () => import("./pages/create-agent").then((m) => m.CreateAgentPage)),
  templates: lazyPage("pages/templates.tsx", () => import("./pages/templates").then((m) => m.TemplatesPage)),
  adminPanel: lazyPage("pages/admin-panel.tsx", () => import("./pages/admin-panel").then((m) => m.AdminPanelPage)),
  adminUsers: lazyPage("pages/admin-users.tsx", () => import("./pages/admin-users").then((m) => m.AdminUsersPage)),
  adminCompanies: lazyPage("pages/admin-companies.tsx", () =>
    import("./pages/admin-companies").then((m) => m.AdminCompaniesPage),
  ),
  adminVoiceConversations: lazyPage("pages/admin-voice-conversations.tsx", () =>
    import("./pages/admin-voice-conversations").then((m) => m.AdminVoiceConversationsPage),
  ),
  adminConversations: lazyPage("pages/admin-conversations.tsx", () =>
    import("./pages/admin-conversations").then((m) => m.AdminConversationsPage),
  ),
  adminConversationDetail: lazyPage("pages/admin-conversation-detail.tsx", () =>
    import("./pages/admin-conversation-detail").then((m) => m.AdminConversationDetailPage),
  ),
  adminErrorReports: lazyPage("pages/admin-error-reports.tsx", () =>
    import("./pages/admin-error-reports").then((m) => m.AdminErrorReportsPage),
  ),
  adminUserDetail: lazyPage("pages/admin-user-detail.tsx", () =>
    import("./pages/admin-user-detail").then((m) => m.AdminUserDetailPage),
  ),
  adminReset: lazyPage("pages/admin-reset.tsx", () => import("./pages/admin-reset").then((m) => m.AdminResetPage)),
  adminAnalytics: lazyPage("pages/admin-analytics.tsx", () =>
    import("./pages/admin-analytics").then((m) => m.AdminAnalyticsPage),
  ),
  adminAudit: lazyPage("pages/admin-audit.tsx", () => import("./pages/admin-audit").then((m) => m.AdminAuditPage)),
};

export const signedInRoutes: PageRoute[] = [
  { path: "/", ...pages.dashboard, prefetch: prefetchDashboard },
  { path: "/agents", ...pages.agents },
  { path: "/agents/:id", ...pages.agentDetail },
  { path: "/chat", ...pages.chat, prefetch: prefetchChat },
  { path: "/chat/:agentId", ...pages.chat, prefetch: prefetchChat },
  { path: "/create", ...pages.createAgentSimple },
  { path: "/create-agent-simple", ...pages.createAgentSimple },
  { path: "/create-agent", ...pages.createAgent },
  { path: "/templates", ...pages.templates },
  { path: "/admin", ...pages.adminPanel },
  { path: "/admin-users", ...pages.adminUsers },
  { path: "/admin-companies", ...pages.adminCompanies },
  { path: "/admin-voice-conversations", ...pages.adminVoiceConversations },
  { path: "/admin-conversations", ...pages.adminConversations },
  { path: "/admin/conversation/:id", ...pages.adminConversationDetail },
  { path: "/admin-error-reports", ...pages.adminErrorReports },
  { path: "/admin/users/:id", ...pages.adminUserDetail },
  { path: "/admin-reset", ...pages.adminReset },
  { path: "/admin-analytics", ...pages.adminAnalytics },
  { path: "/admin-audit", ...pages.adminAudit },
];

/** Any signed-in path no route matches. */
export const notFoundPage = lazyPage("pages/not-found.tsx", () =>
  import("./pages/not-found").then((m) => m.NotFoundPage),
);
