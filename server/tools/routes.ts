/** /api/agents/{id}/tools… and /api/admin/tool-policy (issue 24). An agent the caller cannot see is 404. */
import { ADMIN_ONLY, SIGNED_IN } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AGENT_NOT_FOUND } from "../../contracts/errors.js";
import {
  ToolCreateSchema,
  ToolPatchSchema,
  ToolPolicySchema,
  ToolSchema,
  ToolTestResultSchema,
} from "../../contracts/tools.js";
import { OpenApiImportResultSchema, OpenApiImportSchema } from "../../contracts/tools-openapi.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { NO_CONTENT } from "../http/openapi.js";
import { readToolPolicy, updateToolPolicy } from "./policy-service.js";
import { errorBody } from "../../contracts/errors.js";
import { importOpenApiTools } from "./openapi-import-service.js";
import { addTool, changeTool, listTools, removeTool, testTool } from "./service.js";

const AgentParams = z.object({ id: z.uuid({ error: AGENT_NOT_FOUND }) });
const ToolParams = AgentParams.extend({ toolId: z.uuid({ error: errorBody("TOOL_NOT_FOUND").message }) });

export function registerToolRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/agents/:id/tools",
    { ...SIGNED_IN, schema: { params: AgentParams, response: { 200: z.array(ToolSchema) } } },
    async (request) => listTools(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/agents/:id/tools",
    { ...SIGNED_IN, schema: { params: AgentParams, body: ToolCreateSchema, response: { 201: ToolSchema } } },
    async (request, reply) => {
      const created = await addTool(deps, signedInUser(request), request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  // A dry run lists what the document would make (200); otherwise the chosen tools are made (201).
  api.post(
    "/api/agents/:id/tools/openapi",
    {
      ...SIGNED_IN,
      schema: {
        params: AgentParams,
        body: OpenApiImportSchema,
        response: { 200: OpenApiImportResultSchema, 201: OpenApiImportResultSchema },
      },
    },
    async (request, reply) => {
      const result = await importOpenApiTools(deps, signedInUser(request), request.params.id, request.body);
      return reply.status(request.body.dryRun ? 200 : 201).send(result);
    },
  );

  api.patch(
    "/api/agents/:id/tools/:toolId",
    { ...SIGNED_IN, schema: { params: ToolParams, body: ToolPatchSchema, response: { 200: ToolSchema } } },
    async (request) => changeTool(deps, signedInUser(request), request.params.id, request.params.toolId, request.body),
  );

  api.delete(
    "/api/agents/:id/tools/:toolId",
    { ...SIGNED_IN, schema: { params: ToolParams, response: { 204: NO_CONTENT } } },
    async (request, reply) => {
      await removeTool(deps, signedInUser(request), request.params.id, request.params.toolId);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/agents/:id/tools/:toolId/test",
    { ...SIGNED_IN, schema: { params: ToolParams, response: { 200: ToolTestResultSchema } } },
    async (request) => testTool(deps, signedInUser(request), request.params.id, request.params.toolId),
  );

  api.get("/api/admin/tool-policy", { ...ADMIN_ONLY, schema: { response: { 200: ToolPolicySchema } } }, async () =>
    readToolPolicy(deps.db),
  );

  api.put(
    "/api/admin/tool-policy",
    { ...ADMIN_ONLY, schema: { body: ToolPolicySchema, response: { 200: ToolPolicySchema } } },
    async (request) => updateToolPolicy(deps, signedInUser(request), request.body),
  );
}
