/** POST /api/error-report (spec section 7). */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorReportCreatedSchema, ErrorReportCreateSchema } from "../../contracts/reports.js";
import { signedInUser } from "../auth/guards.js";
import { submitErrorReport, type ReportDeps } from "./service.js";

export function registerReportRoutes(app: FastifyInstance, deps: ReportDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/error-report",
      { ...SIGNED_IN, schema: { body: ErrorReportCreateSchema, response: { 201: ErrorReportCreatedSchema } } },
      async (request, reply) => {
        const created = await submitErrorReport(deps, signedInUser(request).id, request.body);
        return reply.status(201).send({ id: created.id, message: "Report submitted" });
      },
    );
}
