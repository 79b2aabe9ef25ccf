/**
 * The web router's pages: the table in contracts/pages.ts (spec section 2) with each page's
 * loader. One page file per screen in web/pages/, each loaded as its own chunk the first time it
 * is shown: a visitor on the landing page never downloads the admin screens, and the chat page's
 * Markdown renderer arrives with the chat page only.
 */
import type { QueryClient } from "@tanstack/react-query";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import {
  NOT_FOUND_PAGE,
  PAGE_MODULES,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  type PageName,
  type PagePath,
} from "../contracts/pages";
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

/** How each page of the table (contracts/pages.ts) is loaded: a missing page fails to compile. */
const PAGE_LOADERS: Record<PageName, () => Promise<ComponentType>> = {
  landing: () => import("./pages/landing").then((m) => m.LandingPage),
  login: () => import("./pages/login").then((m) => m.LoginPage),
  signup: () => import("./pages/signup").then((m) => m.SignupPage),
  notFound: () => import("./pages/not-found").then((m) => m.NotFoundPage),
  dashboard: () => import("./pages/dashboard").then((m) => m.DashboardPage),
  agents: () => import("./pages/agents").then((m) => m.AgentsPage),
  agentDetail: () => import("./pages/agent-detail").then((m) => m.AgentDetailPage),
  chat: () => import("./pages/chat").then((m) => m.ChatPage),
  createAgentSimple: () => import("./pages/create-agent-simple").then((m) => m.CreateAgentSimplePage),
  createAgent: () => import("./pages/create-agent").then((m) => m.CreateAgentPage),
  templates: () => import("./pages/templates").then((m) => m.TemplatesPage),
  account: () => import("./pages/account").then((m) => m.AccountPage),
  adminPanel: () => import("./pages/admin-panel").then((m) => m.AdminPanelPage),
  adminUsers: () => import("./pages/admin-users").then((m) => m.AdminUsersPage),
  adminCompanies: () => import("./pages/admin-companies").then((m) => m.AdminCompaniesPage),
  adminVoiceConversations: () => import("./pages/admin-voice-conversations").then((m) => m.AdminVoiceConversationsPage),
  adminConversations: () => import("./pages/admin-conversations").then((m) => m.AdminConversationsPage),
  adminConversationDetail: () => import("./pages/admin-conversation-detail").then((m) => m.AdminConversationDetailPage),
  adminErrorReports: () => import("./pages/admin-error-reports").then((m) => m.AdminErrorReportsPage),
  adminUserDetail: () => import("./pages/admin-user-detail").then((m) => m.AdminUserDetailPage),
  adminReset: () => import("./pages/admin-reset").then((m) => m.AdminResetPage),
  adminAnalytics: () => import("./pages/admin-analytics").then((m) => m.AdminAnalyticsPage),
  adminAudit: () => import("./pages/admin-audit").then((m) => m.AdminAuditPage),
  adminToolPolicy: () => import("./pages/admin-tool-policy").then((m) => m.AdminToolPolicyPage),
  live: () => import("./pages/live").then((m) => m.LivePage),
  liveConversation: () => import("./pages/live-conversation").then((m) => m.LiveConversationPage),
};

const PAGE_PREFETCH: Partial<Record<PageName, PageRoute["prefetch"]>> = {
  dashboard: prefetchDashboard,
  chat: prefetchChat,
};

/** One lazy page per page name, shared by every path that shows it. */
const lazyPages = new Map<PageName, LazyPage>();
function pageNamed(page: PageName): LazyPage {
  let lazyLoaded = lazyPages.get(page);
  if (!lazyLoaded) {
    lazyLoaded = lazyPage(PAGE_MODULES[page], PAGE_LOADERS[page]);
    lazyPages.set(page, lazyLoaded);
  }
  return lazyLoaded;
}

const toRoute = ({ path, page }: PagePath): PageRoute => ({ path, ...pageNamed(page), prefetch: PAGE_PREFETCH[page] });

export const signedOutPages = { login: pageNamed("login"), signup: pageNamed("signup") };
export const signedOutRoutes: PageRoute[] = SIGNED_OUT_PAGES.map(toRoute);
export const signedInRoutes: PageRoute[] = SIGNED_IN_PAGES.map(toRoute);
/** Any signed-in path no route matches. */
export const notFoundPage = pageNamed(NOT_FOUND_PAGE);
