/** buildApp(deps): the Fastify app with every plugin and feature route; no I/O at import. */
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { JSON_BODY_LIMIT_BYTES } from "../contracts/limits.js";
import { registerAdminRoutes } from "./admin/routes.js";
import { registerAdminUserRoutes } from "./admin/users-routes.js";
import { registerAgentRoutes } from "./agents/routes.js";
import type { AppDeps } from "./app-deps.js";
import { createGuards, registerAccessControl } from "./auth/guards.js";
import { registerAuthRoutes } from "./auth/routes.js";
import { registerChatRoutes } from "./chat/routes.js";
import { startUnfinishedTurnSweeps, type UnfinishedTurnSweeps } from "./conversations/unfinished-turns.js";
import { createConcurrencyCaps } from "./http/concurrency-caps.js";
import { registerDashboardRoutes } from "./dashboard/routes.js";
import type { FeatureDeps } from "./feature-deps.js";
import { closeSharedExtractPool } from "./knowledge/extract/extract-pool.js";
import { createKnowledgeIngestion, type KnowledgeIngestion } from "./knowledge/ingestion.js";
import { registerKnowledgeRoutes } from "./knowledge/routes.js";
import { answerClientError } from "./http/client-errors.js";
import { connectionCap, httpTimeoutOptions, limitConnectionsPerAddress } from "./http/connection-limits.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { fastSerializerCompiler } from "./http/fast-serializer.js";
import { answerFrameworkError } from "./http/framework-errors.js";
import { registerHealthRoutes } from "./http/health.js";
import { withLogRedaction } from "./http/log-redaction.js";
import { registerMetrics } from "./http/metrics.js";
import { registerOpenApi } from "./http/openapi.js";
import { registerSecurity } from "./http/security.js";
import { registerSpaAndNotFound } from "./http/spa.js";
import { registerValidation } from "./http/validation.js";
import { registerAdminChannel } from "./realtime/admin-channel.js";
import { registerReportRoutes } from "./reports/routes.js";
import { registerUsageRoutes } from "./usage/routes.js";
import { registerVoiceRoutes } from "./voice/routes.js";
import { companyKey } from "./auth/user-view.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The background embedder; tests wait on its idle() instead of sleeping. */
    knowledgeIngestion: KnowledgeIngestion;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLogRedaction(deps.logger),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    ...httpTimeoutOptions(deps.config),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  limitConnectionsPerAddress(app.server, connectionCap(deps.config));
  registerValidation(app);
  app.setSerializerCompiler(fastSerializerCompiler);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionHash", null);
  registerErrorHandler(app);
  registerSecurity(app);
  await app.register(cookie);

  const sessionSecret = deps.config.sessionSecret;
  const guards = createGuards({ db: deps.db.db, clock: deps.clock, sessionSecret, bus: deps.bus });
  registerAccessControl(app, guards);
  // Before any route: the generator collects routes as they are added.
  await registerOpenApi(app);
  registerMetrics(app, deps.db);
  const features: FeatureDeps = {
    db: deps.db.db,
    clock: deps.clock,
    bus: deps.bus,
    config: deps.config,
    llm: deps.llm,
    tts: deps.tts,
    stt: deps.stt,
    embeddings: deps.embeddings ?? null,
    knowledgeIngestion: createKnowledgeIngestion({
      db: deps.db.db,
      clock: deps.clock,
      embeddings: deps.embeddings ?? null,
      log: app.log,
    }),
    guards,
    concurrency: createConcurrencyCaps(deps.config, (user) => companyKey(user.companyName)),
  };
  app.decorate("knowledgeIngestion", features.knowledgeIngestion);
  // Turns a crash or an outage left half-written get their failed reply, at start-up and then periodically.
  let sweeps: UnfinishedTurnSweeps | null = null;
  app.addHook("onReady", async () => {
    sweeps = startUnfinishedTurnSweeps({ database: deps.db, clock: deps.clock, config: deps.config, log: app.log });
    await sweeps.started;
  });
  app.addHook("onClose", async () => sweeps?.stop());
  // Documents left waiting for embeddings (a restart, a changed model) are resumed once serving.
  app.addHook("onReady", async () => features.knowledgeIngestion.wake());
  app.addHook("onClose", async () => {
    await features.knowledgeIngestion.close();
    await closeSharedExtractPool();
  });

  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, { ...features, sessionSecret });
  registerAgentRoutes(app, features);
  registerDashboardRoutes(app, features);
  registerChatRoutes(app, features);
  registerVoiceRoutes(app, features);
  registerReportRoutes(app, features);
  registerUsageRoutes(app, features);
  await registerKnowledgeRoutes(app, features);
  registerAdminUserRoutes(app, features);
  registerAdminRoutes(app, features);
  await registerAdminChannel(app, features);

  await registerSpaAndNotFound(app, deps.webRoot);
  return app;
}
