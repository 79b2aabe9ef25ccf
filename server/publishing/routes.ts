/** GET/PUT /api/agents/{id}/publishing (issue 25). An agent the caller cannot see is 404. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AGENT_NOT_FOUND } from "../../contracts/errors.js";
import { PublishingSchema, PublishingUpdateSchema } from "../../contracts/publishing.js";
import { signedInUser } from "../auth/guards.js";
import { SIGNED_IN } from "../http/route-access.js";
import { getPublishing, putPublishing, type PublishingDeps } from "./service.js";

const IdParams = z.object({ id: z.uuid({ error: AGENT_NOT_FOUND }) });

export function registerPublishingRoutes(app: FastifyInstance, deps: PublishingDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/agents/:id/publishing",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: PublishingSchema } } },
    async (request) => getPublishing(deps, signedInUser(request), request.params.id),
  );
  api.put(
    "/api/agents/:id/publishing",
    { ...SIGNED_IN, schema: { params: IdParams, body: PublishingUpdateSchema, response: { 200: PublishingSchema } } },
    async (request) => putPublishing(deps, signedInUser(request), request.params.id, request.body),
  );
}
