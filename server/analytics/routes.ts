/** The analytics screen's routes (spec section 7): the report over a range, and each table as CSV. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AnalyticsCsvQuerySchema, AnalyticsQuerySchema, AnalyticsReportSchema } from "../../contracts/usage.js";
import type { FeatureDeps } from "../feature-deps.js";
import { CSV_DOWNLOAD, sendCsv } from "../http/csv.js";
import { ADMIN_ONLY } from "../http/route-access.js";
import { analyticsCsv } from "./csv.js";
import { analyticsReport } from "./service.js";

export function registerAnalyticsRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/analytics",
    { ...ADMIN_ONLY, schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsReportSchema } } },
    async (request) => analyticsReport(deps.db, request.query),
  );
  api.get(
    "/api/admin/analytics.csv",
    { ...ADMIN_ONLY, schema: { querystring: AnalyticsCsvQuerySchema, response: CSV_DOWNLOAD } },
    async (request, reply) => {
      const { table, ...range } = request.query;
      const csv = analyticsCsv(await analyticsReport(deps.db, range), table);
      return sendCsv(reply, `analytics-${table}-${range.from}-to-${range.to}.csv`, csv);
    },
  );
}
