/** The audit trail's routes (spec section 7): a page of entries, or all of them as CSV. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AuditPageSchema, AuditQuerySchema } from "../../contracts/usage.js";
import type { FeatureDeps } from "../feature-deps.js";
import { CSV_DOWNLOAD, sendCsv } from "../http/csv.js";
import { ADMIN_ONLY } from "../http/route-access.js";
import { auditCsv, auditPage } from "./service.js";

export function registerAuditRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/audit",
    { ...ADMIN_ONLY, schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => auditPage(deps.db, request.query),
  );
  api.get(
    "/api/admin/audit.csv",
    { ...ADMIN_ONLY, schema: { querystring: AuditQuerySchema, response: CSV_DOWNLOAD } },
    async (request, reply) => sendCsv(reply, "audit-trail.csv", await auditCsv(deps.db, request.query)),
  );
}
