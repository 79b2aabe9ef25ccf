/**
 * What each route of the API table (api-routes.ts) takes as its JSON body: the very zod schema
 * the server validates it with. `apiRequest` (web/lib/api.ts) types its body from this table,
 * so a request the server would refuse for its shape does not compile; a route missing here
 * takes no body. server/http/api-routes.test.ts fails when a route's body schema on the server
 * is not the one named here, or a route here has none. The web imports only the types: the
 * schemas stay out of its bundle.
 */
import type { z } from "zod";
import { AgentCreateSchema, AgentOwnerChangeSchema, AgentPatchSchema } from "./agents.js";
import { ApproveUserSchema, DeleteUserSchema, ResetAllSchema, ResetPasswordSchema, SetAdminSchema } from "./admin.js";
import { ApiKeyCreateSchema } from "./api-keys.js";
import type { ApiRouteName } from "./api-routes.js";
import { ChangePasswordSchema, LoginSchema, SignupSchema } from "./auth.js";
import { KnowledgeTextSchema } from "./knowledge.js";
import { BranchChoiceSchema, ChatRequestSchema, ConversationUpdateSchema } from "./chat.js";
import { ChatCompletionRequestSchema } from "./openai-compatible.js";
import { AgentOutcomeFieldsUpdateSchema, ConversationOutcomePatchSchema } from "./outcomes.js";
import { GuestChatRequestSchema, GuestSessionRequestSchema, PublishingUpdateSchema } from "./publishing.js";
import { ErrorReportCreateSchema } from "./reports.js";
import { HumanMessageBodySchema } from "./takeover.js";
import { OpenApiImportSchema } from "./tools-openapi.js";
import { ToolCreateSchema, ToolPatchSchema, ToolPolicySchema } from "./tools.js";
import { CompanyPatchSchema } from "./usage.js";
import {
  SaveAudioSchema,
  SttRequestSchema,
  TtsRequestSchema,
  VoiceChatRequestSchema,
  VoiceConversationCreateSchema,
  VoiceInterruptedSchema,
  VoiceTurnRequestSchema,
} from "./voice.js";

export const API_REQUEST_BODIES = {
  signUp: SignupSchema,
  signIn: LoginSchema,
  changePassword: ChangePasswordSchema,
  createAgent: AgentCreateSchema,
  updateAgent: AgentPatchSchema,
  transferAgent: AgentOwnerChangeSchema,
  chat: ChatRequestSchema,
  chooseBranch: BranchChoiceSchema,
  updateConversation: ConversationUpdateSchema,
  speak: TtsRequestSchema,
  transcribe: SttRequestSchema,
  startVoiceConversation: VoiceConversationCreateSchema,
  voiceChat: VoiceChatRequestSchema,
  voiceTurn: VoiceTurnRequestSchema,
  saveVoiceAudio: SaveAudioSchema,
  voiceInterrupted: VoiceInterruptedSchema,
  reportError: ErrorReportCreateSchema,
  saveOutcomeFields: AgentOutcomeFieldsUpdateSchema,
  correctOutcome: ConversationOutcomePatchSchema,
  sendHumanMessage: HumanMessageBodySchema,
  addTool: ToolCreateSchema,
  importOpenApiTools: OpenApiImportSchema,
  updateTool: ToolPatchSchema,
  saveToolPolicy: ToolPolicySchema,
  savePublishing: PublishingUpdateSchema,
  startGuestSession: GuestSessionRequestSchema,
  guestChat: GuestChatRequestSchema,
  createApiKey: ApiKeyCreateSchema,
  // JSON text here; the same route also takes a multipart file, so its handler parses the body.
  addKnowledge: KnowledgeTextSchema,
  chatCompletions: ChatCompletionRequestSchema,
  approveUser: ApproveUserSchema,
  resetPassword: ResetPasswordSchema,
  setAdmin: SetAdminSchema,
  deleteUser: DeleteUserSchema,
  editCompany: CompanyPatchSchema,
  resetAll: ResetAllSchema,
} satisfies Partial<Record<ApiRouteName, z.ZodType>>;

/** Routes whose handler parses the body with the schema above, as the route takes other bodies too. */
export const BODIES_PARSED_BY_HANDLER: readonly ApiRouteName[] = ["addKnowledge"];

type BodyRoute = keyof typeof API_REQUEST_BODIES;

/** The JSON a route takes, as the caller writes it (before the schema's defaults and transforms). */
export type ApiRequestBody<N extends ApiRouteName> = N extends BodyRoute
  ? z.input<(typeof API_REQUEST_BODIES)[N]>
  : never;

/** `apiRequest`'s body argument for a route: required where the route takes one, absent where it takes none. */
export type ApiBodyArgs<N extends ApiRouteName> = N extends BodyRoute ? [body: ApiRequestBody<N>] : [];
