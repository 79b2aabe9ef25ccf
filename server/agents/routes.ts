/** /api/agents… and /api/agent-templates (spec section 7). An agent the caller cannot see is 404. */
import { ADMIN_ONLY, SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AgentCreatedSchema,
  AgentCreateSchema,
  AgentOwnerChangeSchema,
  AgentPatchSchema,
  AgentSchema,
  AgentTemplateSchema,
} from "../../contracts/agents.js";
import { NO_CONTENT } from "../http/openapi.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import {
  AGENT_NOT_FOUND,
  createAgent,
  deleteAgent,
  getAgent,
  getTemplates,
  listAgents,
  transferAgent,
  updateAgent,
} from "./service.js";

const IdParams = z.object({ id: z.uuid({ error: AGENT_NOT_FOUND }) });

export function registerAgentRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/api/agents", { ...SIGNED_IN, schema: { response: { 200: z.array(AgentSchema) } } }, async (request) =>
    listAgents(deps, signedInUser(request)),
  );

  api.get(
    "/api/agents/:id",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 200: AgentSchema } } },
    async (request) => getAgent(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/agents",
    { ...SIGNED_IN, schema: { body: AgentCreateSchema, response: { 201: AgentCreatedSchema } } },
    async (request, reply) => {
      const created = await createAgent(deps, signedInUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  api.patch(
    "/api/agents/:id",
    { ...SIGNED_IN, schema: { params: IdParams, body: AgentPatchSchema, response: { 200: AgentSchema } } },
    async (request) => updateAgent(deps, signedInUser(request), request.params.id, request.body),
  );

  api.delete(
    "/api/agents/:id",
    { ...SIGNED_IN, schema: { params: IdParams, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await deleteAgent(deps, signedInUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/agents/:id/owner",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: AgentOwnerChangeSchema, response: { 200: AgentSchema } } },
    async (request) => transferAgent(deps, signedInUser(request), request.params.id, request.body.userId),
  );

  api.get(
    "/api/agent-templates",
    { ...SIGNED_IN, schema: { response: { 200: z.array(AgentTemplateSchema) } } },
    async () => getTemplates(deps),
  );
}
