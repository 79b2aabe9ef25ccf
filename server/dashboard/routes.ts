/** GET /api/dashboard: the four stat cards' figures for the signed-in user. */
import type { FastifyInstance } from "fastify";
import { signedInUser, SIGNED_IN } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { dashboardStats } from "./service.js";

export function registerDashboardRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  app.get("/api/dashboard", SIGNED_IN, async (request) => dashboardStats(deps.db, signedInUser(request).id));
}
