/** Chat HTTP routes (spec section 7: /api/chat/{agentId}, /api/conversations…). Filled in by the chat feature. */
import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";

export function registerChatRoutes(_app: FastifyInstance, _deps: FeatureDeps): void {}
