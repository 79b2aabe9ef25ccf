/**
 * Error reports (spec section 7): any signed-in user submits one; admins list them and mark
 * them resolved (review.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ErrorReportCreatedSchema,
  ErrorReportCreateSchema,
  ErrorReportSchema,
  ReportFilterSchema,
} from "../../contracts/reports.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { IdParams } from "../http/ids.js";
import { ADMIN_ONLY, SIGNED_IN } from "../http/route-access.js";
import { listErrorReports, resolveErrorReport } from "./review.js";
import { submitErrorReport } from "./service.js";

export function registerReportRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    "/api/error-report",
    { ...SIGNED_IN, schema: { body: ErrorReportCreateSchema, response: { 201: ErrorReportCreatedSchema } } },
    async (request, reply) => {
      const created = await submitErrorReport(deps, signedInUser(request).id, request.body);
      return reply.status(201).send({ id: created.id, message: "Report submitted" });
    },
  );

  api.get(
    "/api/admin/error-reports",
    { ...ADMIN_ONLY, schema: { querystring: ReportFilterSchema, response: { 200: z.array(ErrorReportSchema) } } },
    async (request) => listErrorReports(deps, request.query.filter),
  );
  api.patch(
    "/api/admin/error-reports/:id/resolve",
    { ...ADMIN_ONLY, schema: { params: IdParams, response: { 200: ErrorReportSchema } } },
    async (request) => resolveErrorReport(deps, signedInUser(request), request.params.id),
  );
}
