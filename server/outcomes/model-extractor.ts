/**
 * Outcome extraction by a model through structured output: the OpenAI-compatible
 * `response_format: { type: "json_schema", json_schema: { name, strict: true, schema } }`,
 * whose schema is built from the agent's fields. Strict mode wants every property required
 * and no others, so a field not in the conversation is `null`, never left out.
 *
 * The answer is validated against the same fields with zod (a server may ignore `strict`); a
 * malformed answer is asked for once more, then the extraction is marked "failed" and the
 * caller falls back to the offline values.
 */
import type OpenAI from "openai";
import { z } from "zod";
import {
  OUTCOME_VERDICTS,
  type OutcomeField,
  type OutcomeValue,
  type OutcomeVerdict,
} from "../../contracts/outcomes.js";
import type { TranscriptMessage } from "./offline-extractor.js";

export interface ModelExtraction {
  summary: string;
  success: OutcomeVerdict;
  values: Record<string, OutcomeValue>;
}

export type ModelExtractionResult = { ok: true; extraction: ModelExtraction } | { ok: false; reason: string };

/** Two tries: the answer, and once more when it was malformed. */
export const MODEL_EXTRACTION_ATTEMPTS = 2;

export function outcomeJsonSchema(fields: OutcomeField[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of fields) properties[f.name] = fieldJsonSchema(f);
  return {
    type: "object",
    properties: {
      summary: {
        type: "string",
        description: "Two or three sentences on what the conversation was about and how it ended",
      },
      success: { type: "string", enum: [...OUTCOME_VERDICTS], description: "Whether the agent's goal was met" },
      fields: { type: "object", properties, required: fields.map((f) => f.name), additionalProperties: false },
    },
    required: ["summary", "success", "fields"],
    additionalProperties: false,
  };
}

function fieldJsonSchema(f: OutcomeField): Record<string, unknown> {
  const description = `${f.description} (null when the conversation does not say)`.trim();
  switch (f.type) {
    case "number":
      return { type: ["number", "null"], description };
    case "yes/no":
      return { type: ["boolean", "null"], description };
    case "choice":
      return { type: ["string", "null"], enum: [...(f.options ?? []), null], description };
    case "date":
      return { type: ["string", "null"], description: `${description}; as YYYY-MM-DD` };
    default:
      return { type: ["string", "null"], description };
  }
}

function fieldValidator(f: OutcomeField): z.ZodType<OutcomeValue> {
  switch (f.type) {
    case "number":
      return z.number().nullable();
    case "yes/no":
      return z.boolean().nullable();
    case "choice":
      return z.enum((f.options ?? []) as [string, ...string[]]).nullable();
    case "date":
      return z.iso.date().nullable();
    case "email":
      return z.email().nullable();
    case "phone":
      return z
        .string()
        .regex(/^\+?[\d\s().-]{6,20}$/)
        .nullable();
    default:
      return z.string().max(500).nullable();
  }
}

export function validateModelAnswer(
  fields: OutcomeField[],
  content: string | null | undefined,
): ModelExtraction | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content ?? "");
  } catch {
    return "the answer is not JSON";
  }
  const shape: Record<string, z.ZodType<OutcomeValue>> = {};
  for (const f of fields) shape[f.name] = fieldValidator(f);
  const schema = z.strictObject({
    summary: z.string().max(2000),
    success: z.enum(OUTCOME_VERDICTS),
    fields: z.strictObject(shape),
  });
  const result = schema.safeParse(parsed);
  if (!result.success) return result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  const values: Record<string, OutcomeValue> = {};
  for (const [name, value] of Object.entries(result.data.fields)) if (value !== null) values[name] = value;
  return { summary: result.data.summary, success: result.data.success, values };
}

export async function extractWithModel(p: {
  client: OpenAI;
  model: string;
  fields: OutcomeField[];
  goal: string;
  messages: TranscriptMessage[];
}): Promise<ModelExtractionResult> {
  const transcript = p.messages.map((m) => `${m.role === "user" ? "Person" : "Agent"}: ${m.content}`).join("\n");
  const request = {
    model: p.model,
    messages: [
      {
        role: "system" as const,
        content: [
          "You read a finished conversation between an AI agent and a person and write down its outcome.",
          `The agent's goal: ${p.goal || "help the person"}`,
          "Fill each field only from what the conversation states; use null otherwise. Never guess.",
          "success is 'achieved' when the goal was met, 'not achieved' when it clearly was not, 'unclear' otherwise.",
        ].join("\n"),
      },
      { role: "user" as const, content: transcript },
    ],
    response_format: {
      type: "json_schema" as const,
      json_schema: { name: "conversation_outcome", strict: true, schema: outcomeJsonSchema(p.fields) },
    },
  };
  let reason = "";
  for (let attempt = 0; attempt < MODEL_EXTRACTION_ATTEMPTS; attempt++) {
    const completion = await p.client.chat.completions.create(request);
    const answer = validateModelAnswer(p.fields, completion.choices[0]?.message.content);
    if (typeof answer !== "string") return { ok: true, extraction: answer };
    reason = answer;
  }
  return { ok: false, reason };
}
