/** The signed-in route table (spec section 2). One page file per screen in web/pages/. */
import type { ComponentType } from "react";
import { DashboardPage } from "./pages/dashboard";
import { PlaceholderPage } from "./pages/placeholder";

export interface SignedInRoute {
  path: string;
  component: ComponentType;
}

export const signedInRoutes: SignedInRoute[] = [
  { path: "/", component: DashboardPage },
  { path: "/agents", component: PlaceholderPage },
  { path: "/agents/:id", component: PlaceholderPage },
  { path: "/chat", component: PlaceholderPage },
  { path: "/chat/:agentId", component: PlaceholderPage },
  { path: "/create", component: PlaceholderPage },
  { path: "/create-agent-simple", component: PlaceholderPage },
  { path: "/create-agent", component: PlaceholderPage },
  { path: "/templates", component: PlaceholderPage },
  { path: "/admin", component: PlaceholderPage },
  { path: "/admin-users", component: PlaceholderPage },
  { path: "/admin-companies", component: PlaceholderPage },
  { path: "/admin-voice-conversations", component: PlaceholderPage },
  { path: "/admin-conversations", component: PlaceholderPage },
  { path: "/admin/conversation/:id", component: PlaceholderPage },
  { path: "/admin-error-reports", component: PlaceholderPage },
  { path: "/admin/users/:id", component: PlaceholderPage },
  { path: "/admin-reset", component: PlaceholderPage },
];
