/** POST /api/admin/reset-all (spec section 7): every user but the acting admin, and their data, gone. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ResetAllResultSchema, ResetAllSchema } from "../../contracts/admin.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { ADMIN_ONLY } from "../http/route-access.js";
import { resetAll } from "./service.js";

export function registerResetRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/admin/reset-all",
      { ...ADMIN_ONLY, schema: { body: ResetAllSchema, response: { 200: ResetAllResultSchema } } },
      async (request) => resetAll(deps, signedInUser(request)),
    );
}
