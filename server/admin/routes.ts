/**
 * Admin HTTP routes beyond users (spec section 7): stats, companies (with their limit and
 * quotas), analytics, the audit trail, conversations (text and voice, with saved audio), error
 * reports, reset-all. Admin only: signed-out 401, others 403.
 */
import { ADMIN_ONLY } from "../http/route-access.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminConversationSchema,
  AdminMessageSchema,
  AdminVoiceConversationSchema,
  AdminVoiceMessagesSchema,
  CompanyEntrySchema,
  CompanyLimitsSchema,
  ResetAllResultSchema,
  ResetAllSchema,
} from "../../contracts/admin.js";
import { AdminStatsSchema } from "../../contracts/realtime.js";
import { ErrorReportSchema, ReportFilterSchema } from "../../contracts/reports.js";
import {
  AnalyticsCsvQuerySchema,
  AnalyticsQuerySchema,
  AnalyticsReportSchema,
  AuditPageSchema,
  AuditQuerySchema,
  CompanyPatchSchema,
} from "../../contracts/usage.js";
import { signedInUser } from "../auth/guards.js";
import type { FeatureDeps } from "../feature-deps.js";
import { bytesResponse, csvResponse, NO_CONTENT } from "../http/openapi.js";
import { analyticsCsv } from "./analytics-csv.js";
import { analyticsReport } from "./analytics-service.js";
import { auditCsv, auditPage } from "./audit-service.js";
import { editCompany, listCompanies } from "./companies-service.js";
import {
  getConversation,
  listConversations,
  listMessages,
  listVoiceMessages,
  readVoiceAudio,
} from "./conversations-service.js";
import { listErrorReports, resolveErrorReport } from "./reports-service.js";
import { resetAll } from "./reset-service.js";
import { readAdminStats } from "./stats-service.js";

// Any string: services answer 404 with the screen's text for ids that cannot exist.
const IdParams = z.object({ id: z.string().max(100) });

const CSV = { 200: csvResponse("The rows as CSV, as a download") };
const AUDIO = {
  200: bytesResponse("audio/*", "The clip's bytes"),
  206: bytesResponse("audio/*", "The requested byte range of the clip"),
  416: NO_CONTENT.describe("The range lies outside the clip; Content-Range says its size"),
};

export function registerAdminRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byId = <R>(response: R) => ({ ...ADMIN_ONLY, schema: { params: IdParams, response } });
  const answers = <R>(response: R) => ({ ...ADMIN_ONLY, schema: { response } });

  api.get("/api/admin/stats", answers({ 200: AdminStatsSchema }), async () => readAdminStats(deps.db));

  api.get("/api/admin/companies", answers({ 200: z.array(CompanyEntrySchema) }), async () => listCompanies(deps.db));
  api.patch(
    "/api/admin/companies/:id",
    { ...ADMIN_ONLY, schema: { params: IdParams, body: CompanyPatchSchema, response: { 200: CompanyLimitsSchema } } },
    async (request) => editCompany(deps, signedInUser(request), request.params.id, request.body),
  );

  api.get(
    "/api/admin/analytics",
    { ...ADMIN_ONLY, schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsReportSchema } } },
    async (request) => analyticsReport(deps.db, request.query),
  );
  api.get(
    "/api/admin/analytics.csv",
    { ...ADMIN_ONLY, schema: { querystring: AnalyticsCsvQuerySchema, response: CSV } },
    async (request, reply) => {
      const { table, ...range } = request.query;
      const csv = analyticsCsv(await analyticsReport(deps.db, range), table);
      return sendCsv(reply, `analytics-${table}-${range.from}-to-${range.to}.csv`, csv);
    },
  );

  api.get(
    "/api/admin/audit",
    { ...ADMIN_ONLY, schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    async (request) => auditPage(deps.db, request.query),
  );
  api.get(
    "/api/admin/audit.csv",
    { ...ADMIN_ONLY, schema: { querystring: AuditQuerySchema, response: CSV } },
    async (request, reply) => sendCsv(reply, "audit-trail.csv", await auditCsv(deps.db, request.query)),
  );

  api.get("/api/admin/conversations", answers({ 200: z.array(AdminConversationSchema) }), async () =>
    listConversations(deps, "text"),
  );
  // Text or voice: a text conversation's duration is 0.
  api.get("/api/admin/conversation/:id", byId({ 200: AdminVoiceConversationSchema }), async (request) =>
    getConversation(deps, request.params.id),
  );
  api.get("/api/admin/conversation/:id/messages", byId({ 200: z.array(AdminMessageSchema) }), async (request) =>
    listMessages(deps, signedInUser(request), request.params.id),
  );

  api.get("/api/admin/voice-conversations", answers({ 200: z.array(AdminVoiceConversationSchema) }), async () =>
    listConversations(deps, "voice"),
  );
  api.get("/api/admin/voice-conversations/:id/messages", byId({ 200: AdminVoiceMessagesSchema }), async (request) =>
    listVoiceMessages(deps, signedInUser(request), request.params.id),
  );
  api.get("/api/admin/voice-audio/:id", byId(AUDIO), async (request, reply) =>
    sendAudio(request, reply, await readVoiceAudio(deps, request.params.id)),
  );

  api.get(
    "/api/admin/error-reports",
    { ...ADMIN_ONLY, schema: { querystring: ReportFilterSchema, response: { 200: z.array(ErrorReportSchema) } } },
    async (request) => listErrorReports(deps, request.query.filter),
  );
  api.patch("/api/admin/error-reports/:id/resolve", byId({ 200: ErrorReportSchema }), async (request) =>
    resolveErrorReport(deps, signedInUser(request), request.params.id),
  );

  api.post(
    "/api/admin/reset-all",
    { ...ADMIN_ONLY, schema: { body: ResetAllSchema, response: { 200: ResetAllResultSchema } } },
    async (request) => resetAll(deps, signedInUser(request)),
  );
}

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${filename}"`)
    .header("Cache-Control", "no-store")
    .send(csv);
}

/** Answers one byte range when asked, so the browser's <audio> element can seek. */
function sendAudio(request: FastifyRequest, reply: FastifyReply, audio: { mimeType: string; data: Buffer }) {
  const size = audio.data.length;
  reply
    .header("Content-Type", audio.mimeType)
    .header("Accept-Ranges", "bytes")
    .header("Cache-Control", "private, max-age=3600");
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
  if (!range || (range[1] === "" && range[2] === "")) return reply.send(audio.data);
  // "bytes=-N" asks for the last N bytes; "bytes=N-" for everything from N.
  const start = range[1] === "" ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] !== "" && range[2] !== "" ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    return reply.status(416).header("Content-Range", `bytes */${size}`).send();
  }
  return reply
    .status(206)
    .header("Content-Range", `bytes ${start}-${end}/${size}`)
    .send(audio.data.subarray(start, end + 1));
}
