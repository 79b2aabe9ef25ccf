/** Company Management's routes (spec section 7): the companies, and an admin's edit of a limit or quota. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CompanyEntrySchema, CompanyLimitsSchema } from "../../contracts/admin.js";
import { CompanyPatchSchema } from "../../contracts/usage.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { IdParams } from "../http/ids.js";
import { ADMIN_ONLY } from "../http/route-access.js";
import { editCompany, listCompanies } from "./service.js";

export function registerCompanyRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/companies",
    { ...ADMIN_ONLY, schema: { response: { 200: z.array(CompanyEntrySchema) } } },
    async () => listCompanies(deps.db),
  );
  api.patch(
    "/api/admin/companies/:id",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: CompanyPatchSchema, response: { 200: CompanyLimitsSchema } } },
    async (request) => editCompany(deps, signedInUser(request), request.params.id, request.body),
  );
}
