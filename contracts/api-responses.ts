/**
 * What each route of the API table (api-routes.ts) answers, as the web reads it: `apiRequest`
 * (web/lib/api.ts) returns this for the route it is given, so no call names a response type.
 * `unknown` where the web does not read the answer (or does not call the route). The server's
 * response schemas are the contract; these types are inferred from the same zod schemas.
 */
import type {
  AdminConversation,
  AdminMessage,
  AdminVoiceConversation,
  AdminVoiceMessages,
  CompanyEntry,
  CompanyLimits,
  DeleteUserResult,
  ResetAllResult,
  UnlockSignInResult,
  UserDeletionPlan,
} from "./admin.js";
import type { Agent, AgentTemplate } from "./agents.js";
import type { ApiKey, ApiKeyCreated } from "./api-keys.js";
import type { SignupResult, User } from "./auth.js";
import type { ChatMessage, ChatResponse, ConversationSearchResult, ConversationSummary } from "./chat.js";
import type { DashboardStats } from "./dashboard.js";
import type { KnowledgeDocument, KnowledgeUploadProgress } from "./knowledge.js";
import type { AgentOutcomeFields, ConversationOutcome, OutcomeAnalytics } from "./outcomes.js";
import type { Publishing } from "./publishing.js";
import type { AdminStats } from "./realtime.js";
import type { ErrorReport } from "./reports.js";
import type { LiveConversation, LiveConversationDetail, TakeoverState } from "./takeover.js";
import type { ToolCallStep } from "./tool-calls.js";
import type { Tool, ToolPolicy, ToolTestResult } from "./tools.js";
import type { OpenApiImportResult } from "./tools-openapi.js";
import type { AnalyticsReport, AuditPage, UsageSummary } from "./usage.js";
import type {
  SaveAudioResponse,
  SttResponse,
  TtsResponse,
  VoiceCapabilities,
  VoiceChatResponse,
  VoiceConversationCreated,
} from "./voice.js";

export interface ApiResponses {
  openApi: unknown;
  signUp: SignupResult;
  signIn: User;
  signOut: unknown;
  signOutLink: unknown;
  signInPage: unknown;
  changePassword: { message: string };
  currentUser: unknown;
  agents: Agent[];
  agent: Agent;
  createAgent: Agent;
  updateAgent: Agent;
  deleteAgent: unknown;
  transferAgent: Agent;
  agentTemplates: AgentTemplate[];
  dashboard: DashboardStats;
  chat: ChatResponse;
  conversations: ConversationSummary[];
  conversationMessages: ChatMessage[];
  chooseBranch: ChatMessage[];
  searchConversations: ConversationSearchResult[];
  updateConversation: ConversationSummary;
  deleteConversation: null;
  restoreConversation: ConversationSummary;
  voiceCapabilities: VoiceCapabilities;
  speak: TtsResponse;
  transcribe: SttResponse;
  startVoiceConversation: VoiceConversationCreated;
  voiceMessages: ChatMessage[];
  voiceChat: VoiceChatResponse;
  voiceTurn: unknown;
  saveVoiceAudio: SaveAudioResponse;
  voiceInterrupted: unknown;
  endVoiceConversation: unknown;
  realtimeCall: unknown;
  reportError: unknown;
  errorReports: ErrorReport[];
  resolveErrorReport: ErrorReport;
  usage: UsageSummary;
  outcomeFields: AgentOutcomeFields;
  saveOutcomeFields: AgentOutcomeFields;
  outcome: ConversationOutcome;
  correctOutcome: ConversationOutcome;
  liveConversations: LiveConversation[];
  liveConversationEvents: unknown;
  liveConversation: LiveConversationDetail;
  allLiveConversations: LiveConversation[];
  takeOver: TakeoverState;
  sendHumanMessage: { id: string };
  release: TakeoverState;
  takeover: TakeoverState;
  conversationLive: unknown;
  knowledge: KnowledgeDocument[];
  addKnowledge: KnowledgeDocument;
  deleteKnowledge: null;
  reindexKnowledge: KnowledgeDocument;
  knowledgeUploads: KnowledgeUploadProgress[];
  tools: Tool[];
  addTool: Tool;
  importOpenApiTools: OpenApiImportResult;
  updateTool: Tool;
  deleteTool: null;
  testTool: ToolTestResult;
  toolPolicy: ToolPolicy;
  saveToolPolicy: ToolPolicy;
  toolCalls: ToolCallStep[];
  approveToolCall: ToolCallStep;
  denyToolCall: ToolCallStep;
  adminToolCalls: ToolCallStep[];
  publishing: Publishing;
  savePublishing: Publishing;
  publicAgent: unknown;
  startGuestSession: unknown;
  guestChat: unknown;
  apiKeys: ApiKey[];
  createApiKey: ApiKeyCreated;
  revokeApiKey: null;
  models: unknown;
  chatCompletions: unknown;
  users: User[];
  user: User;
  approveUser: User;
  resetPassword: unknown;
  unlockSignIn: UnlockSignInResult;
  setAdmin: User;
  userDeletionPlan: UserDeletionPlan;
  deleteUser: DeleteUserResult;
  companies: CompanyEntry[];
  editCompany: CompanyLimits;
  analytics: AnalyticsReport;
  analyticsCsv: unknown;
  outcomeAnalytics: OutcomeAnalytics;
  outcomeAnalyticsCsv: unknown;
  audit: AuditPage;
  auditCsv: unknown;
  allConversations: AdminConversation[];
  anyConversation: AdminVoiceConversation;
  anyConversationMessages: AdminMessage[];
  allVoiceConversations: AdminVoiceConversation[];
  anyVoiceMessages: AdminVoiceMessages;
  voiceAudio: unknown;
  resetAll: ResetAllResult;
  adminStats: AdminStats;
}
