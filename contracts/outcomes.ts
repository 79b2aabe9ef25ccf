/**
 * Conversation outcomes (issue 26): the fields an agent tracks, and what one conversation
 * came to — a summary, a success verdict against the agent's goal and a value per field, each
 * saying where it came from (the model, the offline extractor, or a person's correction).
 */
import { z } from "zod";

export const OUTCOME_FIELD_TYPES = ["text", "number", "date", "email", "phone", "yes/no", "choice"] as const;
export const OutcomeFieldTypeSchema = z.enum(OUTCOME_FIELD_TYPES, {
  error: `type must be one of ${OUTCOME_FIELD_TYPES.join(", ")}`,
});
export type OutcomeFieldType = z.infer<typeof OutcomeFieldTypeSchema>;

/** Fields per agent: enough for a form, few enough for one model call's schema. */
export const OUTCOME_FIELDS_MAX = 20;
export const OUTCOME_FIELD_NAME_MAX = 60;
export const OUTCOME_FIELD_DESCRIPTION_MAX = 300;
export const OUTCOME_TEXT_VALUE_MAX = 500;
export const OUTCOME_SUMMARY_MAX = 2000;

export const OutcomeFieldSchema = z
  .object({
    // Names become JSON Schema property names in the model's response format: keep them plain.
    name: z
      .string()
      .trim()
      .min(1, { error: "name is required" })
      .max(OUTCOME_FIELD_NAME_MAX)
      .regex(/^[\p{L}\p{N}_ -]+$/u, { error: "name may hold letters, digits, spaces, - and _ only" }),
    type: OutcomeFieldTypeSchema,
    description: z.string().trim().max(OUTCOME_FIELD_DESCRIPTION_MAX).default(""),
    options: z.array(z.string().trim().min(1).max(OUTCOME_FIELD_NAME_MAX)).max(20).optional(),
  })
  .refine((f) => f.type !== "choice" || (f.options?.length ?? 0) >= 2, {
    error: "a choice field needs at least two options",
    path: ["options"],
  });
export type OutcomeField = z.infer<typeof OutcomeFieldSchema>;

export const OutcomeFieldsSchema = z
  .array(OutcomeFieldSchema)
  .max(OUTCOME_FIELDS_MAX, { error: `at most ${OUTCOME_FIELDS_MAX} outcome fields` })
  .refine((fields) => new Set(fields.map((f) => f.name.toLowerCase())).size === fields.length, {
    error: "field names must be unique",
  });

export const AgentOutcomeFieldsSchema = z.object({
  fields: OutcomeFieldsSchema,
  /** True while the agent has never saved its own: the fields come from its template. */
  fromTemplate: z.boolean(),
});
export type AgentOutcomeFields = z.infer<typeof AgentOutcomeFieldsSchema>;

export const AgentOutcomeFieldsUpdateSchema = z.object({ fields: OutcomeFieldsSchema });

export const OUTCOME_VERDICTS = ["achieved", "not achieved", "unclear"] as const;
export const OutcomeVerdictSchema = z.enum(OUTCOME_VERDICTS, {
  error: `success must be one of ${OUTCOME_VERDICTS.join(", ")}`,
});
export type OutcomeVerdict = z.infer<typeof OutcomeVerdictSchema>;

export const OUTCOME_SOURCES = ["model", "offline", "person"] as const;
export type OutcomeSource = (typeof OUTCOME_SOURCES)[number];

export const OUTCOME_METHODS = ["model", "offline", "failed", "pending"] as const;
export type OutcomeMethod = (typeof OUTCOME_METHODS)[number];

export const OutcomeValueSchema = z.union([z.string().max(OUTCOME_TEXT_VALUE_MAX), z.number(), z.boolean(), z.null()]);
export type OutcomeValue = z.infer<typeof OutcomeValueSchema>;

export const OutcomeFieldValueSchema = z.object({
  value: OutcomeValueSchema,
  source: z.enum(OUTCOME_SOURCES),
  /** What was extracted before a person corrected it (kept beside the edit). */
  extracted: OutcomeValueSchema.optional(),
});
export type OutcomeFieldValue = z.infer<typeof OutcomeFieldValueSchema>;

export const ConversationOutcomeSchema = z.object({
  summary: z.string(),
  success: OutcomeVerdictSchema,
  fields: z.record(z.string(), OutcomeFieldValueSchema),
  /** Fields the extractor could not fill (the offline extractor says which). */
  unfilled: z.array(z.string()),
  /**
   * How the outcome was extracted; "failed" when the model answered malformed twice (the values
   * are then the offline extractor's); "pending" before any extraction.
   */
  method: z.enum(OUTCOME_METHODS),
  /** Null while pending. */
  extractedAt: z.iso.datetime().nullable(),
  editedAt: z.iso.datetime().nullable(),
});
export type ConversationOutcome = z.infer<typeof ConversationOutcomeSchema>;

export const ConversationOutcomePatchSchema = z
  .object({
    summary: z.string().trim().max(OUTCOME_SUMMARY_MAX).optional(),
    success: OutcomeVerdictSchema.optional(),
    fields: z.record(z.string().max(OUTCOME_FIELD_NAME_MAX), OutcomeValueSchema).optional(),
  })
  .refine((p) => p.summary !== undefined || p.success !== undefined || p.fields !== undefined, {
    error: "nothing to change: send summary, success or fields",
  });
export type ConversationOutcomePatch = z.infer<typeof ConversationOutcomePatchSchema>;

/** Outcome rates over a group of conversations (an agent, a company, everything). */
export const OutcomeFiguresSchema = z.object({
  /** Conversations with an extracted outcome. */
  outcomes: z.number(),
  achieved: z.number(),
  notAchieved: z.number(),
  unclear: z.number(),
  /** achieved / outcomes; null when there are none. */
  achievedRate: z.number().nullable(),
  fieldsFilled: z.number(),
  fieldsTracked: z.number(),
  /** fieldsFilled / fieldsTracked; null when nothing is tracked. */
  fillRate: z.number().nullable(),
});
export type OutcomeFigures = z.infer<typeof OutcomeFiguresSchema>;

/** One field of one agent across its conversations: how often filled, yes/no counts, numbers summed. */
export const OutcomeFieldValuesSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  field: z.string(),
  filled: z.number(),
  yes: z.number(),
  no: z.number(),
  sum: z.number().nullable(),
});

export const OutcomeAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: OutcomeFiguresSchema,
  agents: z.array(
    z
      .object({ agentId: z.string(), agentName: z.string(), companyName: z.string() })
      .extend(OutcomeFiguresSchema.shape),
  ),
  companies: z.array(z.object({ companyId: z.string(), companyName: z.string() }).extend(OutcomeFiguresSchema.shape)),
  values: z.array(OutcomeFieldValuesSchema),
});
export type OutcomeAnalytics = z.infer<typeof OutcomeAnalyticsSchema>;

export const OUTCOME_ANALYTICS_TABLES = ["agents", "companies", "values"] as const;
export type OutcomeAnalyticsTable = (typeof OUTCOME_ANALYTICS_TABLES)[number];
