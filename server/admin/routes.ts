/** Admin HTTP routes beyond users (companies, conversations, error reports, reset-all). Filled in by the admin feature. */
import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";

export function registerAdminRoutes(_app: FastifyInstance, _deps: FeatureDeps): void {}
