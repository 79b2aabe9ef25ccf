/**
 * The route table (spec section 2). One page file per screen in web/pages/, each loaded as its
 * own chunk the first time it is shown: a visitor on the landing page never downloads the
 * admin screens, and the chat page's Markdown renderer arrives with the chat page only.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export interface LazyPage {
  /** Starts (or joins) the chunk's download; safe to call any number of times. */
  load: () => Promise<unknown>;
  component: LazyExoticComponent<ComponentType>;
}

/** Pages export named components; React.lazy wants a default export. */
function lazyPage<M>(importPage: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= importPage().then((module) => ({ default: pick(module) })));
  return { load, component: lazy(load) };
}

export const signedOutPages = {
  landing: lazyPage(
    () => import("./pages/landing"),
    (m) => m.LandingPage,
  ),
  login: lazyPage(
    () => import("./pages/login"),
    (m) => m.LoginPage,
  ),
  signup: lazyPage(
    () => import("./pages/signup"),
    (m) => m.SignupPage,
  ),
};

export interface SignedInRoute extends LazyPage {
  path: string;
}

const chat = lazyPage(
  () => import("./pages/chat"),
  (m) => m.ChatPage,
);
const createAgentSimple = lazyPage(
  () => import("./pages/create-agent-simple"),
  (m) => m.CreateAgentSimplePage,
);

export const signedInRoutes: SignedInRoute[] = [
  {
    path: "/",
    ...lazyPage(
      () => import("./pages/dashboard"),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: "/agents",
    ...lazyPage(
      () => import("./pages/agents"),
      (m) => m.AgentsPage,
    ),
  },
  {
    path: "/agents/:id",
    ...lazyPage(
      () => import("./pages/agent-detail"),
      (m) => m.AgentDetailPage,
    ),
  },
  { path: "/chat", ...chat },
  { path: "/chat/:agentId", ...chat },
  { path: "/create", ...createAgentSimple },
  { path: "/create-agent-simple", ...createAgentSimple },
  {
    path: "/create-agent",
    ...lazyPage(
      () => import("./pages/create-agent"),
      (m) => m.CreateAgentPage,
    ),
  },
  {
    path: "/templates",
    ...lazyPage(
      () => import("./pages/templates"),
      (m) => m.TemplatesPage,
    ),
  },
  {
    path: "/admin",
    ...lazyPage(
      () => import("./pages/admin-panel"),
      (m) => m.AdminPanelPage,
    ),
  },
  {
    path: "/admin-users",
    ...lazyPage(
      () => import("./pages/admin-users"),
      (m) => m.AdminUsersPage,
    ),
  },
  {
    path: "/admin-companies",
    ...lazyPage(
      () => import("./pages/admin-companies"),
      (m) => m.AdminCompaniesPage,
    ),
  },
  {
    path: "/admin-voice-conversations",
    ...lazyPage(
      () => import("./pages/admin-voice-conversations"),
      (m) => m.AdminVoiceConversationsPage,
    ),
  },
  {
    path: "/admin-conversations",
    ...lazyPage(
      () => import("./pages/admin-conversations"),
      (m) => m.AdminConversationsPage,
    ),
  },
  {
    path: "/admin/conversation/:id",
    ...lazyPage(
      () => import("./pages/admin-conversation-detail"),
      (m) => m.AdminConversationDetailPage,
    ),
  },
  {
    path: "/admin-error-reports",
    ...lazyPage(
      () => import("./pages/admin-error-reports"),
      (m) => m.AdminErrorReportsPage,
    ),
  },
  {
    path: "/admin/users/:id",
    ...lazyPage(
      () => import("./pages/admin-user-detail"),
      (m) => m.AdminUserDetailPage,
    ),
  },
  {
    path: "/admin-reset",
    ...lazyPage(
      () => import("./pages/admin-reset"),
      (m) => m.AdminResetPage,
    ),
  },  {
    path: "/admin-analytics",
    ...lazyPage(
      () => import("./pages/admin-analytics"),
      (m) => m.AdminAnalyticsPage,
    ),
  },
  {
    path: "/admin-audit",
    ...lazyPage(
      () => import("./pages/admin-audit"),
      (m) => m.AdminAuditPage,
    ),
  },
];

/** Any signed-in path no route matches. */
export const notFoundPage = lazyPage(
  () => import("./pages/not-found"),
  (m) => m.NotFoundPage,
);
