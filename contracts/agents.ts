/** Agent and template payloads shared by server and web (spec section 3). */
import { z } from "zod";
import { AGENT_CUSTOM_PROMPT_MAX, AGENT_DESCRIPTION_MAX, AGENT_NAME_MAX, AGENT_TEXT_FIELD_MAX } from "./limits.js";

export const GENDERS = ["male", "female", "non-binary", "prefer-not-to-say"] as const;
export const GenderSchema = z.enum(GENDERS, {
  error: `gender must be one of ${GENDERS.join(", ")}`,
});
export type Gender = z.infer<typeof GenderSchema>;

/** Who may see and chat with an agent: its owner only, or every colleague of the owner's company. */
export const AGENT_VISIBILITIES = ["private", "company"] as const;
export const AgentVisibilitySchema = z.enum(AGENT_VISIBILITIES, {
  error: `visibility must be one of ${AGENT_VISIBILITIES.join(", ")}`,
});
export type AgentVisibility = z.infer<typeof AgentVisibilitySchema>;

export const TEMPLATE_ICONS = [
  "user-tie",
  "headset",
  "smile",
  "tasks",
  "bullhorn",
  "calendar",
  "chart-bar",
  "users",
  "cog",
] as const;
export type TemplateIcon = (typeof TEMPLATE_ICONS)[number];

const optionalText = (max: number, field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .nullable();

export const AgentFieldsSchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(AGENT_NAME_MAX, `name must be at most ${AGENT_NAME_MAX} characters`),
  description: optionalText(AGENT_DESCRIPTION_MAX, "description"),
  type: z
    .string()
    .trim()
    .min(1)
    .max(60, "type must be at most 60 characters")
    .regex(/^[a-z0-9-]+$/, "type must be lowercase letters, digits or dashes")
    .default("custom"),
  gender: GenderSchema,
  role: optionalText(AGENT_TEXT_FIELD_MAX, "role"),
  speciality: optionalText(AGENT_TEXT_FIELD_MAX, "speciality"),
  personality: optionalText(AGENT_TEXT_FIELD_MAX, "personality"),
  communicationStyle: optionalText(AGENT_TEXT_FIELD_MAX, "communicationStyle"),
  customPrompt: optionalText(AGENT_CUSTOM_PROMPT_MAX, "customPrompt"),
  voice: optionalText(40, "voice"),
  isActive: z.boolean().default(true),
  supportsCall: z.boolean().default(true),
  supportsEmail: z.boolean().default(true),
  supportsText: z.boolean().default(true),
  supportsSocial: z.boolean().default(true),
  visibility: AgentVisibilitySchema.default("private"),
});
export const AgentCreateSchema = AgentFieldsSchema;
export type AgentCreate = z.input<typeof AgentCreateSchema>;

/** PATCH: any subset of the fields; defaults are not applied so untouched fields stay. */
export const AgentPatchSchema = z
  .object({
    name: AgentFieldsSchema.shape.name,
    description: AgentFieldsSchema.shape.description,
    type: AgentFieldsSchema.shape.type.unwrap(),
    gender: GenderSchema,
    role: AgentFieldsSchema.shape.role,
    speciality: AgentFieldsSchema.shape.speciality,
    personality: AgentFieldsSchema.shape.personality,
    communicationStyle: AgentFieldsSchema.shape.communicationStyle,
    customPrompt: AgentFieldsSchema.shape.customPrompt,
    voice: AgentFieldsSchema.shape.voice,
    isActive: z.boolean(),
    supportsCall: z.boolean(),
    supportsEmail: z.boolean(),
    supportsText: z.boolean(),
    supportsSocial: z.boolean(),
    visibility: AgentVisibilitySchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type AgentPatch = z.infer<typeof AgentPatchSchema>;

export const AgentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  gender: GenderSchema,
  role: z.string().nullable(),
  speciality: z.string().nullable(),
  personality: z.string().nullable(),
  communicationStyle: z.string().nullable(),
  customPrompt: z.string().nullable(),
  voice: z.string().nullable(),
  isActive: z.boolean(),
  chatsSent: z.number().int(),
  callsSent: z.number().int(),
  emailsSent: z.number().int(),
  textsSent: z.number().int(),
  socialPosts: z.number().int(),
  supportsCall: z.boolean(),
  supportsEmail: z.boolean(),
  supportsText: z.boolean(),
  supportsSocial: z.boolean(),
  visibility: AgentVisibilitySchema,
  ownerName: z.string().describe("The full name of the agent's owner."),
  canManage: z
    .boolean()
    .describe("The caller may edit, delete, manage knowledge and change visibility: the owner, or an admin."),
  createdAt: z.string(),
  updatedAt: z.string(),
  systemPrompt: z
    .string()
    .optional()
    .describe("Present only for the instance owner (OWNER_EMAIL, or the first admin)."),
});
export type Agent = z.infer<typeof AgentSchema>;

/** 201 of POST /api/agents: the new agent's id (the client then reads the agent). */
export const AgentCreatedSchema = z.object({ id: z.string() });
export type AgentCreated = z.infer<typeof AgentCreatedSchema>;

/** POST /api/agents/{id}/owner: an admin hands the agent to another approved user of the same company. */
export const AgentOwnerChangeSchema = z.object({ userId: z.uuid({ error: "userId must be a user id" }) });
export type AgentOwnerChange = z.infer<typeof AgentOwnerChangeSchema>;

/** The persona fields an agent's system prompt is composed from. */
export type AgentPersona = Pick<
  Agent,
  | "name"
  | "gender"
  | "role"
  | "speciality"
  | "personality"
  | "communicationStyle"
  | "customPrompt"
  | "description"
  | "type"
> &
  // The written channels the agent's work covers; no channel sends them yet, so the prompt says so (system-prompt.ts).
  Partial<Pick<Agent, "supportsEmail" | "supportsText" | "supportsSocial">>;

export const AgentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  icon: z.string(),
  trackedData: z.array(z.string()),
  gender: GenderSchema,
  role: z.string(),
  speciality: z.string(),
  personality: z.string(),
  communicationStyle: z.string(),
  customPrompt: z.string(),
});
export type AgentTemplate = z.infer<typeof AgentTemplateSchema>;
