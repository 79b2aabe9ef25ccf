/**
 * The pages the web benchmark measures, each with the lazy modules (keys of Vite's manifest,
 * relative to web/) that web/app.tsx and web/routes.tsx load for it on a first visit, and the
 * goal from issue 10 ("First page"). Keep in step with the route table when a page moves.
 */
import type { RouteLoad } from "./route-bytes.js";

const SIGNED_IN_APP = "signed-in-app.tsx";

export const MEASURED_ROUTES: RouteLoad[] = [
  { name: "landing", path: "/", lazyModules: ["pages/landing.tsx"], goalKb: 110 },
  { name: "login", path: "/login", lazyModules: ["pages/login.tsx"], goalKb: 110 },
  { name: "dashboard", path: "/", lazyModules: [SIGNED_IN_APP, "pages/dashboard.tsx"] },
  { name: "chat", path: "/chat/:agentId", lazyModules: [SIGNED_IN_APP, "pages/chat.tsx"], goalKb: 200 },
  { name: "agents", path: "/agents", lazyModules: [SIGNED_IN_APP, "pages/agents.tsx"] },
  { name: "admin panel", path: "/admin", lazyModules: [SIGNED_IN_APP, "pages/admin-panel.tsx"] },
];
