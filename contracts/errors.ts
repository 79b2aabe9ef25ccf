/**
 * The error catalogue: every refusal the API answers, by a stable machine code. A refusal's body
 * is `{ code, message, ...fields }`: `code` never changes once released (clients and tests branch
 * on it), `message` is a sentence a person can act on, and the fields carry what the message
 * says in numbers (a lock's minutes left, a quota's reset time). The status is the catalogue's,
 * so every channel answers the same refusal the same way (chat and voice used to answer a locked
 * conversation differently).
 *
 * The server builds these with `apiError(code, fields)` (server/http/http-error.ts); a test
 * (server/http/error-catalogue.test.ts) fails when a code is renamed or removed, or when the
 * server answers a refusal without one.
 */
import { z } from "zod";
import { LAST_ADMIN_DELETE, LAST_ADMIN_DEMOTE, RESET_CALLER_GONE, SELF_DELETE } from "./admin.js";
import { accountLockedMessage, MESSAGES, signInRetryMessage } from "./auth.js";
import { lockedMessage } from "./chat.js";
import { KNOWLEDGE_FILE_MAX_BYTES } from "./knowledge.js";
import { AUDIO_MAX_BYTES } from "./limits.js";
import { quotaExceededMessage, type QuotaName } from "./usage.js";
import { SttUnavailableMessage, voiceTimeLimitMessage } from "./voice.js";

export const AGENT_NOT_FOUND = "Agent not found";
export const AGENT_INACTIVE = "This agent is inactive. Activate it before chatting with it.";
export const CONVERSATION_NOT_FOUND = "Conversation not found";
/** A message an edit, regeneration or branch switch names that is not in the caller's conversation. */
/** An agent whose Calls capability is off takes no voice conversation. */
export const AGENT_CALLS_OFF =
  "Calls are turned off for this agent. Its owner can turn them on in the agent's settings.";
export const USER_NOT_FOUND = "User not found";

/** What a busy cap counts: model replies, or speech requests (speech-to-text and text-to-speech). */
export type CappedWork = "turns" | "speech";
const BUSY_WORDS: Record<CappedWork, string> = { turns: "replies", speech: "speech requests" };
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** An entry: its status and its message, fixed or made from the refusal's fields. */
interface Entry<Fields> {
  status: number;
  message: (fields: Fields) => string;
}
const fixed = (status: number, message: string): Entry<void> => ({ status, message: () => message });
const made = <Fields>(status: number, message: (fields: Fields) => string): Entry<Fields> => ({ status, message });
/** Refusals whose sentence comes from elsewhere (a validator, a file reader) under one stable code. */
const told = (status: number): Entry<{ message: string }> => made(status, (fields) => fields.message);

export const ERROR_CATALOGUE = {
  // The request itself
  // `field`: the body field the first problem is in ("name", "tools.0.url"), so a form shows it beside that field.
  INVALID_INPUT: made(400, (fields: { message: string; field?: string }) => fields.message),
  MALFORMED_JSON: fixed(400, "Malformed JSON body"),
  EMPTY_BODY: fixed(400, "Request body is empty"),
  UNSUPPORTED_CONTENT_TYPE: fixed(415, "Unsupported content type; send JSON"),
  BODY_TOO_LARGE: fixed(413, "Request body is too large"),
  MALFORMED_URL: fixed(400, "Malformed URL"),
  MALFORMED_REQUEST: fixed(400, "Malformed request"),
  REQUEST_TIMEOUT: fixed(408, "The request took too long to arrive"),
  HEADERS_TOO_LARGE: fixed(431, "The request's headers are too large"),
  URL_TOO_LONG: fixed(414, "The address is too long"),
  BAD_REQUEST: told(400),
  NOT_FOUND: told(404),
  ROUTE_NOT_FOUND: made<{ method: string; path: string }>(404, (f) => `Not found: ${f.method} ${f.path}`),
  CROSS_SITE_REFUSED: fixed(403, "Cross-site request refused"),
  CROSS_SITE_SOCKET_REFUSED: fixed(403, "Cross-site connection refused"),
  INTERNAL: fixed(500, "Internal Server Error"),
  SERVICE_UNAVAILABLE: fixed(503, "The service is temporarily unavailable. Please try again shortly."),

  // Accounts and sessions
  UNAUTHORIZED: fixed(401, "Unauthorized"),
  ADMIN_REQUIRED: fixed(403, "Admin access required"),
  EMAIL_TAKEN: fixed(409, MESSAGES.duplicateEmail),
  BAD_CREDENTIALS: fixed(401, MESSAGES.badCredentials),
  ACCOUNT_PENDING: fixed(403, MESSAGES.pending),
  ACCOUNT_DENIED: fixed(403, MESSAGES.denied),
  SIGN_IN_THROTTLED: made<{ retryAfterSeconds: number }>(429, (f) => signInRetryMessage(f.retryAfterSeconds)),
  ACCOUNT_LOCKED: made<{ retryAfterSeconds: number }>(429, (f) => accountLockedMessage(f.retryAfterSeconds)),
  WRONG_CURRENT_PASSWORD: fixed(400, MESSAGES.wrongCurrentPassword),

  // People (admin)
  USER_NOT_FOUND: fixed(404, USER_NOT_FOUND),
  USER_ALREADY_APPROVED: fixed(409, "User is already approved"),
  USER_ALREADY_DENIED: fixed(409, "User is already denied"),
  SELF_DENY: fixed(409, "You cannot deny your own account"),
  LAST_ADMIN_DENY: fixed(409, "Cannot deny the last administrator"),
  APPROVE_BEFORE_PROMOTE: fixed(409, "Approve the user before making them an administrator"),
  LAST_ADMIN_DEMOTE: fixed(409, LAST_ADMIN_DEMOTE),
  SELF_DELETE: fixed(409, SELF_DELETE),
  LAST_ADMIN_DELETE: fixed(409, LAST_ADMIN_DELETE),
  NO_SUCH_COLLEAGUE: fixed(400, "Choose an approved colleague of the same company to receive the agents"),
  RESET_CALLER_GONE: fixed(409, RESET_CALLER_GONE),
  COMPANY_NOT_FOUND: fixed(404, "Company not found"),
  AUDIT_RANGE_INVALID: fixed(400, "from must be on or before to"),

  // Agents
  AGENT_NOT_FOUND: fixed(404, AGENT_NOT_FOUND),
  AGENT_INACTIVE: fixed(409, AGENT_INACTIVE),
  AGENT_NOT_YOURS: fixed(403, "Only the agent's owner or an admin can change this agent"),
  AGENT_LIMIT_REACHED: made<{ limit: number }>(
    409,
    (f) => `Your company has reached the limit of ${f.limit} agents. Delete an agent to create a new one.`,
  ),
  NOT_A_COLLEAGUE: fixed(400, "Choose an approved user of the agent owner's company"),
  AGENT_CALLS_OFF: fixed(403, AGENT_CALLS_OFF),

  // Conversations and turns
  CONVERSATION_NOT_FOUND: fixed(404, CONVERSATION_NOT_FOUND),
  MESSAGE_NOT_FOUND: fixed(404, "Message not found"),
  CONVERSATION_LOCKED: made<{ minutesLeft: number }>(423, (f) => lockedMessage(f.minutesLeft)),
  /** Answered with the conversation's id, so a first message's client can find the conversation it made. */
  REPLY_FAILED: fixed(502, "The language model failed to reply. Your message was saved; please try again."),
  REPLY_INCOMPLETE: fixed(502, "The reply ended before it was complete"),
  VOICE_TURN_FAILED: fixed(500, "The voice turn failed; please try again."),
  QUOTA_EXCEEDED: made<{ quota: QuotaName; limit: number; resetsAt: string }>(429, (f) =>
    quotaExceededMessage(f.quota, f.limit, new Date(f.resetsAt)),
  ),
  USER_BUSY: made<{ work: CappedWork; limit: number }>(
    429,
    (f) => `You already have ${f.limit} ${BUSY_WORDS[f.work]} in progress. Wait for one to finish, then try again.`,
  ),
  COMPANY_BUSY: made<{ work: CappedWork; limit: number }>(
    429,
    (f) => `Your company already has ${f.limit} ${BUSY_WORDS[f.work]} in progress. Try again in a moment.`,
  ),

  // Voice
  VOICE_TIME_LIMIT: made<{ limitSeconds: number }>(409, (f) => voiceTimeLimitMessage(f.limitSeconds)),
  NOTHING_TO_SPEAK: fixed(400, "text has nothing to speak once markup and emoji are removed"),
  TTS_FAILED: fixed(502, "Text-to-speech failed; the browser's own voice will be used instead."),
  STT_FAILED: fixed(502, "Speech-to-text failed; please try again."),
  STT_UNAVAILABLE: fixed(503, SttUnavailableMessage),
  REALTIME_UNAVAILABLE: fixed(
    503,
    "Realtime speech-to-speech is not set up on this server (REALTIME_BASE_URL); calls use the cascade.",
  ),
  AUDIO_INVALID: told(400),
  AUDIO_TOO_LARGE: fixed(413, `audioData is too large: at most ${megabytes(AUDIO_MAX_BYTES)} MB of audio`),
  AUDIO_NOT_FOUND: fixed(404, "Audio not found"),

  // Knowledge
  DOCUMENT_NOT_FOUND: fixed(404, "Document not found"),
  TOO_MANY_DOCUMENTS: made<{ limit: number }>(
    400,
    (f) => `This agent already holds ${f.limit} documents. Delete one to add another.`,
  ),
  TOO_MANY_PASSAGES: made<{ limit: number }>(
    413,
    (f) =>
      `This would give the agent more than ${f.limit.toLocaleString("en-US")} passages of knowledge. Delete a document or upload a shorter one.`,
  ),
  STORAGE_FULL: made<{ limitMegabytes: number }>(
    413,
    (f) =>
      `Your company's knowledge storage (${f.limitMegabytes.toLocaleString("en-US")} MB) is full. Delete documents or ask an administrator for more.`,
  ),
  EXTRACTION_BUSY: fixed(503, "The server is reading many files right now. Try again in a minute."),
  TOO_MANY_UPLOADS: made<{ limit: number }>(
    429,
    (f) => `You already have ${f.limit} files being read. Wait for one to finish, then add the next.`,
  ),
  FILE_TOO_LARGE: fixed(413, `Files can be at most ${megabytes(KNOWLEDGE_FILE_MAX_BYTES)} MB.`),
  FILE_REQUIRED: fixed(400, "Choose a file to upload (form field 'file')."),
  UPLOAD_UNREADABLE: fixed(400, "The upload could not be read as a form with a file. Try again."),
  /** A file the reader refuses (empty, damaged, not what its name says, a bomb): 400, 413 or 415. */
  FILE_REFUSED: told(415),

  // Tools
  TOOL_NOT_FOUND: fixed(404, "Tool not found"),
  TOOLS_NOT_YOURS: fixed(403, "Only the agent's owner or an admin can change its tools"),
  TOOL_NAME_TAKEN: made<{ name: string }>(409, (f) => `This agent already has a tool named ${f.name}`),
  TOO_MANY_TOOLS: made<{ limit: number }>(409, (f) => `An agent can have at most ${f.limit} tools`),
  TOOL_CALL_NOT_FOUND: fixed(404, "Tool call not found"),
  TOOL_CALL_NOT_WAITING: fixed(409, "This tool call is not waiting for a decision any more"),
  /** An OpenAPI import (decision 147): the document cannot be read, or the chosen operations cannot be made. */
  OPENAPI_INVALID: told(400),
  OPENAPI_TOO_LARGE: made<{ limit: number }>(
    413,
    (f) => `The document is too large: at most ${f.limit.toLocaleString("en-US")} characters of JSON`,
  ),
  OPENAPI_OPERATION_UNKNOWN: made<{ operation: string }>(
    400,
    (f) => `The document has no operation ${f.operation}: name an operationId or "METHOD /path"`,
  ),
  OPENAPI_OPERATION_UNUSABLE: made<{ operation: string; reason: string }>(400, (f) => `${f.operation}: ${f.reason}`),
  OPENAPI_NOTHING_TO_IMPORT: fixed(400, "No operation of the document can be imported: choose at least one"),
  OPENAPI_TOO_MANY_OPERATIONS: made<{ limit: number }>(
    400,
    (f) => `At most ${f.limit} operations can be imported at once: choose fewer`,
  ),
  OPENAPI_HOST_NOT_ALLOWED: made<{ host: string }>(
    400,
    (f) => `${f.host} is not among the hosts the tool policy allows; an admin can add it`,
  ),

  // API keys and the OpenAI-compatible /v1 API
  API_KEY_NOT_FOUND: fixed(404, "API key not found"),
  API_KEYS_NOT_YOURS: fixed(403, "Only the agent's owner or an admin can manage its API keys"),
  TOO_MANY_API_KEYS: made<{ limit: number }>(
    409,
    (f) => `An agent can have at most ${f.limit} API keys. Revoke one to create another.`,
  ),
  INVALID_API_KEY: fixed(
    401,
    "Incorrect or revoked API key. Send a key from the agent's settings as Authorization: Bearer <key>.",
  ),
  MODEL_NOT_FOUND: made<{ model: string }>(
    404,
    (f) => `The model '${f.model}' does not exist or this key cannot reach it. GET /v1/models lists those it can.`,
  ),
  NO_USER_MESSAGE: fixed(400, "messages must end with a user message for the agent to answer"),

  // Outcomes
  OUTCOME_FIELDS_NOT_YOURS: fixed(403, "Only the agent's owner or an admin can change its outcome fields"),
  UNKNOWN_OUTCOME_FIELD: made<{ field: string }>(400, (f) => `unknown outcome field: ${f.field}`),
  /** Two people cannot hold one conversation: the second is told who has it. */
  CONVERSATION_HELD_BY_OTHER: made<{ heldBy: string }>(
    409,
    (f) => `${f.heldBy} is already answering this conversation`,
  ),
  CONVERSATION_NOT_HELD: fixed(409, "Take over the conversation before writing in it"),

  // Publishing (issue 25)
  PUBLISHING_NOT_YOURS: fixed(403, "Only the agent's owner or an admin can publish this agent"),
  SLUG_TAKEN: made<{ slug: string }>(409, (f) => `The address /a/${f.slug} is taken. Choose another slug.`),
  GUEST_TOOL_UNKNOWN: fixed(400, "guestToolIds may name only this agent's own tools"),
  GUEST_TOOL_ASKS: fixed(
    400,
    "guestToolIds may name only tools that run without approval: nobody is there to approve a guest's call",
  ),
  AGENT_NOT_PUBLISHED: fixed(404, "This agent is not published"),
  GUEST_TOKEN_INVALID: fixed(401, "The chat session has ended. Reload the page to start a new one."),
  ORIGIN_NOT_ALLOWED: fixed(403, "This agent may not be embedded on this site"),
  GUEST_RATE_LIMITED: made<{ retryAfterSeconds: number }>(
    429,
    (f) =>
      `You have sent many messages in the last hour. Please try again in ${Math.max(1, Math.ceil(f.retryAfterSeconds / 60))} minutes.`,
  ),

  // Error reports
  REPORT_NOT_FOUND: fixed(404, "Error report not found"),
  REPORT_ALREADY_RESOLVED: fixed(409, "Error report is already resolved"),
  REPORTS_PER_HOUR_REACHED: made<{ limit: number }>(
    429,
    (f) => `You can send at most ${f.limit} reports an hour. Please try again later.`,
  ),
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
export type ErrorFields<C extends ErrorCode> = Parameters<(typeof ERROR_CATALOGUE)[C]["message"]>[0];

/** A refusal's body. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  [field: string]: unknown;
}

export const ApiErrorSchema = z.looseObject({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).describe("A stable code (contracts/errors.ts)."),
  message: z.string().describe("A sentence a person can read."),
});

/** The arguments after the code: none for a fixed message, else the fields its message is made of. */
export type ErrorArgs<C extends ErrorCode> = ErrorFields<C> extends void ? [] : [fields: ErrorFields<C>];

/** The body of refusal `code`; `told` refusals carry their sentence as `message`. */
export function errorBody<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): ApiErrorBody {
  const fields = (args[0] ?? {}) as Record<string, unknown>;
  const entry = ERROR_CATALOGUE[code] as Entry<unknown>;
  return { code, ...fields, message: entry.message(fields) };
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
