/** GET /api/usage: the signed-in user's company, its quotas and what it used this day and month. */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { UsageSummarySchema } from "../../contracts/usage.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { usageSummary } from "./service.js";

export function registerUsageRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/usage", { ...SIGNED_IN, schema: { response: { 200: UsageSummarySchema } } }, async (request) =>
      usageSummary(deps, signedInUser(request)),
    );
}
