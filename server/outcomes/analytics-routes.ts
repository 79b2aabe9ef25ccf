/** GET /api/admin/outcome-analytics and its CSV (issue 26): outcomes counted per agent, company and field. */
import { ADMIN_ONLY } from "../http/route-access.js";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  OUTCOME_ANALYTICS_TABLES,
  OutcomeAnalyticsSchema,
  type OutcomeAnalytics,
  type OutcomeAnalyticsTable,
  type OutcomeFigures,
} from "../../contracts/outcomes.js";
import { csvResponse } from "../http/openapi.js";
import type { Db } from "../db/connect.js";
import { outcomeAnalytics } from "../outcomes/analytics.js";
import { sendCsv, toCsv, type CsvCell } from "../http/csv.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RangeSchema = z.object({
  from: z.string().regex(DATE, { error: "from must be a date (YYYY-MM-DD)" }),
  to: z.string().regex(DATE, { error: "to must be a date (YYYY-MM-DD)" }),
});
const CsvQuerySchema = RangeSchema.extend({
  table: z.enum(OUTCOME_ANALYTICS_TABLES, { error: `table must be ${OUTCOME_ANALYTICS_TABLES.join(", ")}` }),
});

const FIGURES: (keyof OutcomeFigures)[] = [
  "outcomes",
  "achieved",
  "notAchieved",
  "unclear",
  "achievedRate",
  "fieldsFilled",
  "fieldsTracked",
  "fillRate",
];
const figures = (row: OutcomeFigures): CsvCell[] => FIGURES.map((key) => row[key]);

export function outcomeAnalyticsCsv(report: OutcomeAnalytics, table: OutcomeAnalyticsTable): string {
  switch (table) {
    case "agents":
      return toCsv(
        ["agentId", "agentName", "companyName", ...FIGURES],
        report.agents.map((r) => [r.agentId, r.agentName, r.companyName, ...figures(r)]),
      );
    case "companies":
      return toCsv(
        ["companyId", "companyName", ...FIGURES],
        report.companies.map((r) => [r.companyId, r.companyName, ...figures(r)]),
      );
    case "values":
      return toCsv(
        ["agentId", "agentName", "field", "filled", "yes", "no", "sum"],
        report.values.map((r) => [r.agentId, r.agentName, r.field, r.filled, r.yes, r.no, r.sum]),
      );
  }
}

export function registerOutcomeAnalyticsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/admin/outcome-analytics",
    { ...ADMIN_ONLY, schema: { querystring: RangeSchema, response: { 200: OutcomeAnalyticsSchema } } },
    async (request) => outcomeAnalytics(deps.db, request.query),
  );
  api.get(
    "/api/admin/outcome-analytics.csv",
    {
      ...ADMIN_ONLY,
      schema: { querystring: CsvQuerySchema, response: { 200: csvResponse("The rows as CSV, as a download") } },
    },
    async (request, reply) => {
      const { table, ...range } = request.query;
      const csv = outcomeAnalyticsCsv(await outcomeAnalytics(deps.db, range), table);
      return sendCsv(reply, `outcomes-${table}-${range.from}-to-${range.to}.csv`, csv);
    },
  );
}
