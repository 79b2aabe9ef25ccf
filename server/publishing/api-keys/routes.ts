/** /api/agents/{id}/api-keys… (issue 25): an agent's keys for the /v1 API. An agent the caller cannot see is 404. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeySchema } from "../../../contracts/api-keys.js";
import { AGENT_NOT_FOUND, errorBody } from "../../../contracts/errors.js";
import { signedInUser } from "../../auth/guards.js";
import type { FeatureDeps } from "../../feature-deps.js";
import { NO_CONTENT } from "../../http/openapi.js";
import { SIGNED_IN } from "../../http/route-access.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.js";

const AgentParams = z.object({ id: z.uuid({ error: AGENT_NOT_FOUND }) });
const KeyParams = AgentParams.extend({ keyId: z.uuid({ error: errorBody("API_KEY_NOT_FOUND").message }) });

export function registerApiKeyRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/agents/:id/api-keys",
    { ...SIGNED_IN, schema: { params: AgentParams, response: { 200: z.array(ApiKeySchema) } } },
    async (request) => listApiKeys(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/agents/:id/api-keys",
    {
      ...SIGNED_IN,
      schema: { params: AgentParams, body: ApiKeyCreateSchema, response: { 201: ApiKeyCreatedSchema } },
    },
    async (request, reply) => {
      const created = await createApiKey(deps, signedInUser(request), request.params.id, request.body.name);
      return reply.status(201).send(created);
    },
  );

  api.delete(
    "/api/agents/:id/api-keys/:keyId",
    { ...SIGNED_IN, schema: { params: KeyParams, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await revokeApiKey(deps, signedInUser(request), request.params.id, request.params.keyId);
      return reply.status(204).send();
    },
  );
}
