/** The signed-in route table (spec section 2). One page file per screen in web/pages/. */
import type { ComponentType } from "react";
import { AdminCompaniesPage } from "./pages/admin-companies";
import { AdminConversationDetailPage } from "./pages/admin-conversation-detail";
import { AdminConversationsPage } from "./pages/admin-conversations";
import { AdminErrorReportsPage } from "./pages/admin-error-reports";
import { AdminPanelPage } from "./pages/admin-panel";
import { AdminResetPage } from "./pages/admin-reset";
import { AdminUserDetailPage } from "./pages/admin-user-detail";
import { AdminUsersPage } from "./pages/admin-users";
import { AdminVoiceConversationsPage } from "./pages/admin-voice-conversations";
import { AgentDetailPage } from "./pages/agent-detail";
import { AgentsPage } from "./pages/agents";
import { ChatPage } from "./pages/chat";
import { CreateAgentPage } from "./pages/create-agent";
import { CreateAgentSimplePage } from "./pages/create-agent-simple";
import { DashboardPage } from "./pages/dashboard";
import { TemplatesPage } from "./pages/templates";

export interface SignedInRoute {
  path: string;
  component: ComponentType;
}

export const signedInRoutes: SignedInRoute[] = [
  { path: "/", component: DashboardPage },
  { path: "/agents", component: AgentsPage },
  { path: "/agents/:id", component: AgentDetailPage },
  { path: "/chat", component: ChatPage },
  { path: "/chat/:agentId", component: ChatPage },
  { path: "/create", component: CreateAgentSimplePage },
  { path: "/create-agent-simple", component: CreateAgentSimplePage },
  { path: "/create-agent", component: CreateAgentPage },
  { path: "/templates", component: TemplatesPage },
  { path: "/admin", component: AdminPanelPage },
  { path: "/admin-users", component: AdminUsersPage },
  { path: "/admin-companies", component: AdminCompaniesPage },
  { path: "/admin-voice-conversations", component: AdminVoiceConversationsPage },
  { path: "/admin-conversations", component: AdminConversationsPage },
  { path: "/admin/conversation/:id", component: AdminConversationDetailPage },
  { path: "/admin-error-reports", component: AdminErrorReportsPage },
  { path: "/admin/users/:id", component: AdminUserDetailPage },
  { path: "/admin-reset", component: AdminResetPage },
];
