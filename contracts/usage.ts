/**
 * Usage, quotas and analytics payloads (issue 12): what a company may use, what it used, and
 * the admin's analytics and audit reads. Periods are UTC: a day quota resets at 00:00 UTC, a
 * month quota at 00:00 UTC on the first of the month.
 */
import { z } from "zod";
import {
  AGENT_LIMIT_MAX,
  ANALYTICS_MAX_DAYS,
  KNOWLEDGE_MEGABYTES_MAX,
  QUOTA_LABELS,
  QUOTA_NAMES,
  QUOTA_WARNING_PERCENT,
  type QuotaName,
} from "./usage-limits.js";

export {
  AGENT_LIMIT_MAX,
  ANALYTICS_MAX_DAYS,
  AUDIT_PAGE_SIZE,
  KNOWLEDGE_MEGABYTES_MAX,
  QUOTA_LABELS,
  QUOTA_NAMES,
  QUOTA_WARNING_PERCENT,
  type QuotaName,
} from "./usage-limits.js";

export const QuotaNameSchema = z.enum(QUOTA_NAMES);

/** Each quota is optional: null means unlimited. */
export const QuotasSchema = z
  .object({
    messagesPerDay: z.number().int().nullable(),
    tokensPerMonth: z.number().int().nullable(),
    voiceMinutesPerMonth: z.number().int().nullable(),
  })
  .describe("Each quota is optional: null means unlimited.");
export type Quotas = z.infer<typeof QuotasSchema>;

const quotaValue = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a whole number or null` })
    .int({ error: `${name} must be a whole number or null` })
    .min(0, { error: `${name} cannot be negative` })
    .max(max, { error: `${name} can be at most ${max}` })
    .nullable();

/** PATCH /api/admin/companies/{id}: any subset; null clears a quota. */
export const CompanyPatchSchema = z
  .object({
    agentLimit: z
      .number({ error: "agentLimit must be a whole number" })
      .int({ error: "agentLimit must be a whole number" })
      .min(0, { error: "agentLimit cannot be negative" })
      .max(AGENT_LIMIT_MAX, { error: `agentLimit can be at most ${AGENT_LIMIT_MAX}` })
      .optional(),
    messagesPerDay: quotaValue("messagesPerDay", 10_000_000).optional(),
    tokensPerMonth: quotaValue("tokensPerMonth", 1_000_000_000_000).optional(),
    voiceMinutesPerMonth: quotaValue("voiceMinutesPerMonth", 10_000_000).optional(),
    knowledgeMegabytes: quotaValue("knowledgeMegabytes", KNOWLEDGE_MEGABYTES_MAX).optional(),
  })
  .strict();
export type CompanyPatch = z.infer<typeof CompanyPatchSchema>;

export const QuotaUseSchema = z.object({
  messagesToday: z.number().int(),
  tokensThisMonth: z.number().int(),
  voiceMinutesThisMonth: z.number(),
});
export type QuotaUse = z.infer<typeof QuotaUseSchema>;

/** GET /api/usage: the caller's company against its quotas. */
export const UsageSummarySchema = z.object({
  companyName: z.string(),
  quotas: QuotasSchema,
  used: QuotaUseSchema,
  resetsAt: z.record(QuotaNameSchema, z.string()).describe("When each quota's period ends (ISO, UTC)."),
  nearLimit: z
    .array(QuotaNameSchema)
    .describe(`Quotas at or past ${QUOTA_WARNING_PERCENT} % of their limit, for the members' notice.`),
  toolCalls: z
    .object({
      today: z.number().int().describe("Tool calls the company's turns ran today (UTC), as the cap counts them."),
      perDay: z.number().int().nullable().describe("The tool policy's calls per company per day; null: no cap."),
      resetsAt: z.string().describe("When today's count starts again (ISO, UTC)."),
    })
    .describe("The company's tool calls today against the tool policy's daily cap."),
});
export type UsageSummary = z.infer<typeof UsageSummarySchema>;

/** The 429's words: what ran out and when it comes back. */
export function quotaExceededMessage(quota: QuotaName, limit: number, resetsAt: Date): string {
  const when = resetsAt.toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `Your company has used its ${limit.toLocaleString("en-US")} ${QUOTA_LABELS[quota]}. It resets on ${when} UTC; ask an administrator if you need more.`;
}

// ---- Analytics ----

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (name: string) =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    .regex(DATE, { error: `${name} must be a date as YYYY-MM-DD` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && isRealDate(value), {
      error: `${name} is not a real date`,
    });

function isRealDate(value: string): boolean {
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

const uuidParam = (name: string) => z.uuid({ error: `${name} must be an id (a UUID)` }).optional();

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: "custom", message: "from must be on or before to", path: ["from"] });
  else if (days > ANALYTICS_MAX_DAYS)
    ctx.addIssue({ code: "custom", message: `The range can span at most ${ANALYTICS_MAX_DAYS} days`, path: ["to"] });
}

export const AnalyticsQuerySchema = z
  .object({
    from: dateParam("from"),
    to: dateParam("to"),
    companyId: uuidParam("companyId"),
    agentId: uuidParam("agentId"),
  })
  .superRefine(checkRange);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const ANALYTICS_TABLES = ["companies", "users", "agents", "daily"] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

export const AnalyticsCsvQuerySchema = z
  .object({
    table: z.enum(ANALYTICS_TABLES, { error: "table must be companies, users, agents or daily" }),
    from: dateParam("from"),
    to: dateParam("to"),
    companyId: uuidParam("companyId"),
    agentId: uuidParam("agentId"),
  })
  .superRefine(checkRange);

/**
 * Who a turn was for: a member in the app, or a guest of a published agent on the web (its
 * public page and widget) or through the API (issue 25).
 */
export const USAGE_CHANNELS = ["app", "web", "api"] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

/** The figures every analytics row carries. Voice is seconds heard plus seconds spoken. */
export const UsageFiguresSchema = z.object({
  conversations: z.number(),
  messages: z.number(),
  textMessages: z.number(),
  voiceMessages: z.number(),
  webMessages: z.number().describe("Guests' messages on the public page and the widget (channel web)."),
  apiMessages: z.number().describe("Guests' messages through the API (channel api)."),
  activeUsers: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  voiceSeconds: z.number().describe("Seconds heard plus seconds spoken."),
  failedReplies: z.number(),
  securityLocks: z.number(),
  toolCalls: z.number().describe("Tool calls the turns ran: those that reached their tool, not the denied or refused."),
  firstTokenMsP50: z
    .number()
    .nullable()
    .describe("Time to the model's first token, from a histogram: null when no reply was timed."),
  firstTokenMsP95: z.number().nullable(),
});
export type UsageFigures = z.infer<typeof UsageFiguresSchema>;

export const AnalyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: UsageFiguresSchema,
  daily: z.array(UsageFiguresSchema.extend({ date: z.string() })),
  companies: z.array(UsageFiguresSchema.extend({ companyId: z.string(), companyName: z.string() })),
  users: z.array(
    UsageFiguresSchema.extend({
      userId: z.string(),
      fullName: z.string(),
      email: z.string(),
      companyName: z.string(),
    }),
  ),
  agents: z.array(UsageFiguresSchema.extend({ agentId: z.string(), agentName: z.string(), companyName: z.string() })),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

// ---- Audit trail ----

export const AUDIT_ACTIONS = [
  "user.approve",
  "user.deny",
  "user.reset_password",
  "user.unlock_sign_in",
  "user.change_password",
  "user.promote",
  "user.demote",
  "user.delete",
  "error_report.resolve",
  "system.reset_all",
  "conversation.read",
  "company.agent_limit",
  "company.quota",
  "company.knowledge_storage",
  "agent.transfer",
  "agent_tool.create",
  "agent_tool.update",
  "agent_tool.delete",
  "agent_tool.import",
  "tool_policy.update",
  "agent.publishing",
  "api_key.create",
  "api_key.revoke",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "user.approve": "Approved a user",
  "user.deny": "Denied a user",
  "user.reset_password": "Reset a password",
  "user.unlock_sign_in": "Unlocked a sign-in",
  "user.change_password": "Changed their own password",
  "user.promote": "Made a user an admin",
  "user.demote": "Removed a user's admin role",
  "user.delete": "Deleted a user",
  "error_report.resolve": "Resolved an error report",
  "system.reset_all": "Reset the system",
  "conversation.read": "Read a conversation",
  "company.agent_limit": "Changed an agent limit",
  "company.quota": "Changed a quota",
  "company.knowledge_storage": "Changed knowledge storage",
  "agent.transfer": "Transferred an agent",
  "agent_tool.create": "Added a tool to an agent",
  "agent_tool.update": "Changed an agent's tool",
  "agent_tool.delete": "Removed an agent's tool",
  "agent_tool.import": "Imported tools from an OpenAPI document",
  "tool_policy.update": "Changed the tool policy",
  "agent.publishing": "Changed an agent's publishing",
  "api_key.create": "Created an API key",
  "api_key.revoke": "Revoked an API key",
};

export const AuditQuerySchema = z.object({
  actor: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "action is not a known audit action" }).optional(),
  from: dateParam("from").optional(),
  to: dateParam("to").optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, { error: "page starts at 1" }).default(1),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
