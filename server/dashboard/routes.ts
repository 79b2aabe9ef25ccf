/** GET /api/dashboard: the four stat cards' figures for the signed-in user. */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DashboardStatsSchema } from "../../contracts/dashboard.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { dashboardStats } from "./service.js";

export function registerDashboardRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/dashboard", { ...SIGNED_IN, schema: { response: { 200: DashboardStatsSchema } } }, async (request) =>
      dashboardStats(deps.db, signedInUser(request).id),
    );
}
