/** The live admin WebSocket /ws-admin. Filled in by the admin feature. */
import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps.js";

export async function registerAdminChannel(_app: FastifyInstance, _deps: FeatureDeps): Promise<void> {}
