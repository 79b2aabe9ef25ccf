/** buildApp(deps): the Fastify app with every plugin and feature route; no I/O at import. */
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { JSON_BODY_LIMIT_BYTES } from "../contracts/limits.js";
import type { AppDeps } from "./app-deps.js";
import { createGuards } from "./auth/guards.js";
import { registerAuthRoutes } from "./auth/routes.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { registerHealthRoutes } from "./http/health.js";
import { registerSecurity } from "./http/security.js";
import { registerSpaAndNotFound } from "./http/spa.js";
import { registerReportRoutes } from "./reports/routes.js";
import { registerAdminUserRoutes } from "./admin/users-routes.js";

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    forceCloseConnections: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionHash", null);
  registerErrorHandler(app);
  registerSecurity(app);
  await app.register(cookie);

  const guards = createGuards({ db: deps.db.db, clock: deps.clock, sessionSecret: deps.config.sessionSecret });
  const base = { db: deps.db.db, clock: deps.clock, bus: deps.bus, sessionSecret: deps.config.sessionSecret };

  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, { ...base, guards });
  registerReportRoutes(app, { ...base, guards });
  registerAdminUserRoutes(app, { ...base, guards });

  await registerSpaAndNotFound(app, deps.webRoot);
  return app;
}
