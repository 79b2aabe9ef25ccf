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
  /** Starts (or joins) the chunk's download; safe to call any number of times. */
  load: () => Promise<unknown>;
  component: LazyExoticComponent<ComponentType>;
}

/** Pages export named components; React.lazy wants a module with a default export. */
function lazyPage(loadComponent: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= loadComponent().then((component) => ({ default: component })));
  return { load, component: lazy(load) };
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
  landing: lazyPage(() => import("./pages/landing").then((m) => m.LandingPage)),
  login: lazyPage(() => import("./pages/login").then((m) => m.LoginPage)),
  signup: lazyPage(() => import("./pages/signup").then((m) => m.SignupPage)),
};

export const signedOutRoutes: PageRoute[] = [
  { path: "/", ...signedOutPages.landing },
  { path: "/login", ...signedOutPages.login },
  { path: "/signup", ...signedOutPages.signup },
];

const pages = {
  dashboard: lazyPage(() => import("./pages/dashboard").then((m) => m.DashboardPage)),
  agents: lazyPage(() => import("./pages/agents").then((m) => m.AgentsPage)),
  agentDetail: lazyPage(() => import("./pages/agent-detail").then((m) => m.AgentDetailPage)),
  chat: lazyPage(() => import("./pages/chat").then((m) => m.ChatPage)),
  createAgentSimple: lazyPage(() => import("./pages/create-agent-simple").then((m) => m.CreateAgentSimplePage)),
  createAgent: lazyPage(() => import("./pages/create-agent").then((m) => m.CreateAgentPage)),
  templates: lazyPage(() => import("./pages/templates").then((m) => m.TemplatesPage)),
  adminPanel: lazyPage(() => import("./pages/admin-panel").then((m) => m.AdminPanelPage)),
  adminUsers: lazyPage(() => import("./pages/admin-users").then((m) => m.AdminUsersPage)),
  adminCompanies: lazyPage(() => import("./pages/admin-companies").then((m) => m.AdminCompaniesPage)),
  adminVoiceConversations: lazyPage(() =>
    import("./pages/admin-voice-conversations").then((m) => m.AdminVoiceConversationsPage),
  ),
  adminConversations: lazyPage(() => import("./pages/admin-conversations").then((m) => m.AdminConversationsPage)),
  adminConversationDetail: lazyPage(() =>
    import("./pages/admin-conversation-detail").then((m) => m.AdminConversationDetailPage),
  ),
  adminErrorReports: lazyPage(() => import("./pages/admin-error-reports").then((m) => m.AdminErrorReportsPage)),
  adminUserDetail: lazyPage(() => import("./pages/admin-user-detail").then((m) => m.AdminUserDetailPage)),
  adminReset: lazyPage(() => import("./pages/admin-reset").then((m) => m.AdminResetPage)),
  adminAnalytics: lazyPage(() => import("./pages/admin-analytics").then((m) => m.AdminAnalyticsPage)),
  adminAudit: lazyPage(() => import("./pages/admin-audit").then((m) => m.AdminAuditPage)),
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
export const notFoundPage = lazyPage(() => import("./pages/not-found").then((m) => m.NotFoundPage));
