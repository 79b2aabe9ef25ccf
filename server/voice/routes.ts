/** Voice HTTP routes (spec section 7: /api/tts, /api/stt, /api/voice-conversations…). Filled in by the voice feature. */
import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";

export function registerVoiceRoutes(_app: FastifyInstance, _deps: FeatureDeps): void {}
