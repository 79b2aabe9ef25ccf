/**
 * Outcome routes (issue 26): GET/PUT /api/agents/{id}/outcome-fields and
 * GET/PATCH /api/conversations/{id}/outcome. Ids are checked by the service, so a malformed
 * one is a 404 like any unknown id.
 */
import { SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AgentOutcomeFieldsSchema,
  AgentOutcomeFieldsUpdateSchema,
  ConversationOutcomePatchSchema,
  ConversationOutcomeSchema,
} from "../../contracts/outcomes.js";
import { signedInUser } from "../auth/guards.js";
import { getOutcome, getOutcomeFields, patchOutcome, putOutcomeFields, type OutcomeDeps } from "./service.js";

const IdParams = z.object({ id: z.string().max(100) });

export function registerOutcomeRoutes(app: FastifyInstance, deps: OutcomeDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/agents/:id/outcome-fields",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: AgentOutcomeFieldsSchema } } },
    async (request) => getOutcomeFields(deps, signedInUser(request), request.params.id),
  );
  api.put(
    "/api/agents/:id/outcome-fields",
    {
      ...SIGNED_IN,
      schema: { params: IdParams, body: AgentOutcomeFieldsUpdateSchema, response: { 200: AgentOutcomeFieldsSchema } },
    },
    async (request) => putOutcomeFields(deps, signedInUser(request), request.params.id, request.body.fields),
  );
  api.get(
    "/api/conversations/:id/outcome",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: ConversationOutcomeSchema } } },
    async (request) => getOutcome(deps, signedInUser(request), request.params.id),
  );
  api.patch(
    "/api/conversations/:id/outcome",
    {
      ...SIGNED_IN,
      schema: { params: IdParams, body: ConversationOutcomePatchSchema, response: { 200: ConversationOutcomeSchema } },
    },
    async (request) => patchOutcome(deps, signedInUser(request), request.params.id, request.body),
  );
}
