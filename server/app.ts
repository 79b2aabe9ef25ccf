/** buildApp(deps): the Fastify app with every plugin and feature route; no I/O at import. */
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { JSON_BODY_LIMIT_BYTES } from "../contracts/limits.js";
import { registerAnalyticsRoutes } from "./analytics/routes.js";
import { registerAuditRoutes } from "./audit/routes.js";
import { registerCompanyRoutes } from "./companies/routes.js";
import { registerAllConversationsRoutes } from "./conversations/routes.js";
import { registerLiveEvents } from "./live-events/channel.js";
import { registerOutcomeAnalyticsRoutes } from "./outcomes/analytics-routes.js";
import { registerResetRoutes } from "./reset/routes.js";
import { registerUserRoutes } from "./users/routes.js";
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
import { discardAbandonedStoring, STORING_LEASE_MS } from "./knowledge/storing-queries.js";
import { createKnowledgeSearch } from "./knowledge/knowledge-tool-search.js";
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
import { registerReportRoutes } from "./reports/routes.js";
import { registerUsageRoutes } from "./usage/routes.js";
import { createOutcomeDeps } from "./outcomes/outcome-deps.js";
import { registerOutcomeRoutes } from "./outcomes/routes.js";
import { startOutcomeSweeps } from "./outcomes/sweep.js";
import { extractOutcome, type OutcomeDeps } from "./outcomes/service.js";
import { registerTakeoverRoutes } from "./takeover/routes.js";
import { registerToolRoutes } from "./tools/routes.js";
import { registerToolCallRoutes } from "./chat/tool-call-routes.js";
import { registerPublishingRoutes } from "./publishing/routes.js";
import { registerPublicRoutes } from "./publishing/public-routes.js";
import { registerPublicPage } from "./publishing/public-page.js";
import { createGuestStreams } from "./publishing/guest-streams.js";
import { registerApiKeyRoutes } from "./publishing/api-keys/routes.js";
import { registerOpenAiApiRoutes } from "./publishing/openai-api/routes.js";
import { registerVoiceRoutes } from "./voice/routes.js";
import { registerRealtimeCallRoute } from "./voice/realtime-route.js";
import { companyKey } from "./auth/user-view.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The background embedder; tests wait on its idle() instead of sleeping. */
    knowledgeIngestion: KnowledgeIngestion;
    /** What the outcome sweep runs with; tests sweep through it with a moved clock. */
    outcomeDeps: OutcomeDeps;
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
    reranker: deps.reranker ?? null,
    knowledgeIngestion: createKnowledgeIngestion({
      db: deps.db.db,
      clock: deps.clock,
      embeddings: deps.embeddings ?? null,
      log: app.log,
    }),
    searchKnowledge: createKnowledgeSearch({
      db: deps.db.db,
      embeddings: deps.embeddings ?? null,
      reranker: deps.reranker ?? null,
      log: app.log,
    }),
    guards,
    concurrency: createConcurrencyCaps(deps.config, (user) => companyKey(user.companyName)),
    toolOptions: deps.toolOptions,
  };
  app.decorate("knowledgeIngestion", features.knowledgeIngestion);
  // Turns a crash or an outage left half-written get their failed reply, at start-up and then periodically.
  let sweeps: UnfinishedTurnSweeps | null = null;
  app.addHook("onReady", async () => {
    sweeps = startUnfinishedTurnSweeps({ database: deps.db, clock: deps.clock, config: deps.config, log: app.log });
    await sweeps.started;
  });
  app.addHook("onClose", async () => sweeps?.stop());
  // Idle conversations get their outcome extracted (issue 26).
  const outcomeDeps = createOutcomeDeps(deps);
  app.decorate("outcomeDeps", outcomeDeps);
  let outcomeSweeps: { stop(): void } | null = null;
  app.addHook("onReady", async () => {
    outcomeSweeps = startOutcomeSweeps({ ...outcomeDeps, config: deps.config }, app.log);
  });
  app.addHook("onClose", async () => outcomeSweeps?.stop());
  // Documents left waiting for embeddings (a restart, a changed model) are resumed once serving;
  // uploads a stopped server left half-stored are discarded once their lease has run out.
  app.addHook("onReady", async () => {
    features.knowledgeIngestion.wake();
    const staleBefore = new Date(deps.clock.now().getTime() - STORING_LEASE_MS);
    await discardAbandonedStoring(deps.db.db, staleBefore).catch((error: unknown) =>
      app.log.warn({ err: error }, "could not discard abandoned knowledge uploads; the next upload to each agent will"),
    );
  });
  app.addHook("onClose", async () => {
    await features.knowledgeIngestion.close();
    await closeSharedExtractPool();
  });

  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, { ...features, sessionSecret });
  registerAgentRoutes(app, features);
  registerDashboardRoutes(app, features);
  registerChatRoutes(app, features);
  registerVoiceRoutes(app, {
    ...features,
    // A call's end is its outcome's moment, as a conversation's idle time is (issue 26).
    onCallEnded: (conversationId) =>
      void extractOutcome(outcomeDeps, conversationId, app.log).catch((err: unknown) =>
        app.log.error({ err, conversationId }, "could not extract the outcome of an ended call"),
      ),
  });
  registerReportRoutes(app, features);
  registerUsageRoutes(app, features);
  registerOutcomeRoutes(app, outcomeDeps);
  registerTakeoverRoutes(app, features);
  await registerKnowledgeRoutes(app, features);
  registerToolRoutes(app, features);
  registerToolCallRoutes(app, features);
  const guestStreams = createGuestStreams();
  registerPublishingRoutes(app, { ...features, onUnpublished: (agentId) => guestStreams.cut(agentId) });
  registerPublicRoutes(app, features, guestStreams);
  registerPublicPage(app, features);
  registerApiKeyRoutes(app, features);
  await registerOpenAiApiRoutes(app, features);
  registerUserRoutes(app, features);
  registerCompanyRoutes(app, features);
  registerAnalyticsRoutes(app, features);
  registerOutcomeAnalyticsRoutes(app, features);
  registerAuditRoutes(app, features);
  registerAllConversationsRoutes(app, features);
  registerResetRoutes(app, features);
  await registerRealtimeCallRoute(app, features);
  await registerLiveEvents(app, features);

  await registerSpaAndNotFound(app, deps.webRoot);
  return app;
}
