/** Error reports users send to the administrators (spec sections 2, 3, 5 and 7). */
import { z } from "zod";

export const ERROR_TYPES = ["bug", "glitch", "error", "crash", "other"] as const;
/** The dialog offers these; "other" exists in stored data. */
export const OFFERED_ERROR_TYPES = ["bug", "glitch", "error", "crash"] as const;
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_DESCRIPTIONS: Record<Severity, string> = {
  low: "Minor inconvenience",
  medium: "Affects functionality",
  high: "Major feature broken",
  critical: "App unusable",
};

export const EMPTY_REPORT_MESSAGE = "Please describe the issue you're experiencing.";

export const ErrorReportCreateSchema = z.object({
  errorType: z.enum(ERROR_TYPES, { error: `errorType must be one of ${ERROR_TYPES.join(", ")}` }),
  severity: z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(", ")}` }),
  message: z.string({ error: EMPTY_REPORT_MESSAGE }).trim().min(1, EMPTY_REPORT_MESSAGE).max(2000),
  details: z.string().trim().max(10_000).optional().nullable(),
  url: z.string().trim().max(2000).optional().nullable(),
});
export type ErrorReportCreate = z.infer<typeof ErrorReportCreateSchema>;

export const REPORT_FILTERS = ["unresolved", "resolved", "all"] as const;
export const ReportFilterSchema = z.object({
  filter: z.enum(REPORT_FILTERS, { error: "filter must be unresolved, resolved or all" }).default("unresolved"),
});

export const ErrorReportSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  errorType: z.string(),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  details: z.string().nullable(),
  url: z.string().nullable(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

/** 201 of POST /api/error-report. */
export const ErrorReportCreatedSchema = z.object({ id: z.string(), message: z.string() });
export type ErrorReportCreated = z.infer<typeof ErrorReportCreatedSchema>;
