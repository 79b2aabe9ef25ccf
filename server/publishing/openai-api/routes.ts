/**
 * The OpenAI-compatible API (issue 25): POST /v1/chat/completions (JSON, or chunk frames with
 * `stream: true`) and GET /v1/models, with `Authorization: Bearer <api key>`. Registered in a
 * scope of its own whose error handler answers OpenAI's `{ error: { message, type, code } }`
 * shape, so /v1 clients read refusals as OpenAI's, and the rest of the app keeps its own.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ChatCompletionRequestSchema,
  ChatCompletionSchema,
  ModelListSchema,
  OpenAiErrorSchema,
} from "../../../contracts/openai-compatible.js";
import type { FeatureDeps } from "../../feature-deps.js";
import { abortWhenClientLeaves } from "../../http/client-leaves.js";
import { errorAnswer } from "../../http/error-handler.js";
import { apiError, type HttpError } from "../../http/http-error.js";
import { eventStreamResponse } from "../../http/openapi.js";
import { PUBLIC } from "../../http/route-access.js";
import { gatherCompletion, streamCompletion } from "./completion-relay.js";
import { openAiError } from "./completion-wire.js";
import type { KeyHolder } from "./queries.js";
import { beginCompletion, keyHolderOf, listModels } from "./service.js";

const REFUSALS = { "4xx": OpenAiErrorSchema, "5xx": OpenAiErrorSchema };

export async function registerOpenAiApiRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const answer = errorAnswer(error, request);
      return reply.status(answer.status).headers(answer.headers).send(openAiError(answer.status, answer.body));
    });
    registerRoutes(scope, deps);
  });
}

function registerRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The key is checked before the body: a client without a good key learns nothing else.
  const holders = new WeakMap<FastifyRequest, KeyHolder>();
  const checkKey = async (request: FastifyRequest) => {
    holders.set(request, await keyHolderOf(deps, request.headers.authorization, request.log));
  };
  const holderOf = (request: FastifyRequest): KeyHolder => {
    const holder = holders.get(request);
    if (!holder) throw apiError("INVALID_API_KEY");
    return holder;
  };

  api.get(
    "/v1/models",
    { ...PUBLIC, onRequest: checkKey, schema: { response: { 200: ModelListSchema, ...REFUSALS } } },
    async (request) => listModels(holderOf(request)),
  );

  api.post(
    "/v1/chat/completions",
    {
      ...PUBLIC,
      onRequest: checkKey,
      schema: {
        body: ChatCompletionRequestSchema,
        response: {
          200: eventStreamResponse(
            "A chat.completion, or with stream: true chat.completion.chunk frames ending in data: [DONE]",
            ChatCompletionSchema,
          ),
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const signal = abortWhenClientLeaves(request, reply);
      const begun = await beginCompletion(deps, holderOf(request), request.body, {
        address: request.ip,
        signal,
        log: request.log,
      });
      const now = deps.clock.now();
      if (!request.body.stream) return gatherCompletion(begun, now);
      const includeUsage = request.body.stream_options?.include_usage === true;
      return streamCompletion(request, reply, begun, { now, includeUsage, signal });
    },
  );
}
