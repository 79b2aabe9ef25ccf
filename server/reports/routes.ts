/** POST /api/error-report (spec section 7). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorReportCreateSchema } from "../../contracts/reports.js";
import { signedInUser, type Guards } from "../auth/guards.js";
import { submitErrorReport, type ReportDeps } from "./service.js";

export function registerReportRoutes(app: FastifyInstance, deps: ReportDeps & { guards: Guards }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/error-report",
      { schema: { body: ErrorReportCreateSchema }, preHandler: deps.guards.requireUser },
      async (request, reply) => {
        const created = await submitErrorReport(deps, signedInUser(request).id, request.body);
        return reply.status(201).send({ id: created.id, message: "Report submitted" });
      },
    );
}
