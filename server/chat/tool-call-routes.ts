/** The record of a conversation's tool calls, and a person's yes or no to one that waits (issue 24). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ToolCallStepSchema } from "../../contracts/tool-calls.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { ADMIN_ONLY, SIGNED_IN } from "../http/route-access.js";
import { decideToolCall, listOwnToolCalls, listToolCallsForAdmin } from "./tool-call-service.js";

// Ids are checked by the service, so a malformed one is a 404 like any unknown id.
const ConversationParams = z.object({ id: z.string().max(100) });
const ToolCallParams = ConversationParams.extend({ callId: z.string().max(100) });

export function registerToolCallRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/conversations/:id/tool-calls",
    { ...SIGNED_IN, schema: { params: ConversationParams, response: { 200: z.array(ToolCallStepSchema) } } },
    async (request) => listOwnToolCalls(deps, signedInUser(request), request.params.id),
  );
  for (const [verb, decision] of [
    ["approve", "approved"],
    ["deny", "denied"],
  ] as const) {
    api.post(
      `/api/conversations/:id/tool-calls/:callId/${verb}`,
      { ...SIGNED_IN, schema: { params: ToolCallParams, response: { 200: ToolCallStepSchema } } },
      async (request) =>
        decideToolCall(deps, signedInUser(request), request.params.id, request.params.callId, decision),
    );
  }
  api.get(
    "/api/admin/conversation/:id/tool-calls",
    { ...ADMIN_ONLY, schema: { params: ConversationParams, response: { 200: z.array(ToolCallStepSchema) } } },
    async (request) => listToolCallsForAdmin(deps, request.params.id),
  );
}
