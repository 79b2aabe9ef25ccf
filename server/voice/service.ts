/**
 * Voice conversations: creating one (a "call" of its agent), the rules a turn must pass
 * before it starts (owner, time limit, lock, active agent), the plain request/response turn,
 * and storing the user's recorded audio. The turn itself — storing the message, the lock,
 * the model — is the conversation engine's runConversationTurn, shared with text chat.
 */
import type { FastifyBaseLogger } from "fastify";
import {
  voiceForAgent,
  type LanguageCode,
  type VoiceChatResponse,
  type VoiceConversationCreated,
} from "../../contracts/voice.js";
import type { AgentRow } from "../agents/agent-view.js";
import type { UserRow } from "../auth/user-view.js";
import { ConversationLockedError } from "../conversations/security-lock/lock.js";
import { isLocked, type ConversationRow } from "../conversations/queries.js";
import {
  createConversation,
  findOwnActiveAgent,
  findOwnConversation,
  listOwnMessages,
} from "../conversations/own-records.js";
import { runConversationTurn, type TurnUsageRecord } from "../conversations/turn.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import { meterTurn, refuseWhenExhausted } from "../usage/service.js";
import { estimateSpeechSeconds } from "../usage/voice-seconds.js";
import { detectLanguage } from "../conversations/language-detect.js";
import { incrementCallsSent, insertGreeting, interruptReply, recordDuration, saveClip } from "./queries.js";
import { boundedAudio, synthesizeAudio } from "./speech.js";
import { clipDurationMs } from "./voice-clips.js";
import { isUuid } from "../http/ids.js";

/** The agent, when its Calls capability is on (issue 23: the switch did nothing); a plain 403 otherwise. */
function callableAgent(agent: AgentRow): AgentRow {
  if (!agent.supportsCall) throw apiError("AGENT_CALLS_OFF");
  return agent;
}

/** 'Voice conversation - {date}' in UTC, for clients that send no title of their own. */
export function defaultVoiceTitle(now: Date): string {
  const date = now.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `Voice conversation - ${date} UTC`;
}

export async function createVoiceConversation(
  deps: FeatureDeps,
  user: UserRow,
  input: { agentId: string; title?: string; greeting?: string; language?: LanguageCode; log?: FastifyBaseLogger },
): Promise<VoiceConversationCreated> {
  const agent = callableAgent(await findOwnActiveAgent(deps, user, input.agentId));
  // A call the company's quotas would refuse at its first turn is refused before it is stored.
  await refuseWhenExhausted(deps, user, "voice");
  const now = deps.clock.now();
  const title = input.title || defaultVoiceTitle(now);
  const greeting = input.greeting?.trim() || null;
  const created = await deps.db.transaction(async (tx) => {
    const { id } = await createConversation({ ...deps, db: tx }, user, agent, "voice", title);
    await incrementCallsSent(tx, agent.id);
    const greetingMessageId = greeting
      ? await insertGreeting(tx, { conversationId: id, content: greeting, language: input.language ?? null, now })
      : null;
    return { id, greetingMessageId };
  });
  if (greeting && created.greetingMessageId) {
    // The client speaks the greeting itself as soon as it has the id; the stored copy of its
    // audio is for the record, so it is made off the answer's path.
    const messageId = created.greetingMessageId;
    void storeGreetingAudio(deps, {
      conversationId: created.id,
      messageId,
      greeting,
      agent,
      language: input.language,
    }).catch((err: unknown) => input.log?.warn({ err, conversationId: created.id }, "greeting audio not stored"));
  }
  return created;
}

async function storeGreetingAudio(
  deps: FeatureDeps,
  p: { conversationId: string; messageId: string; greeting: string; agent: AgentRow; language?: LanguageCode },
): Promise<void> {
  const { audio, mimeType } = await synthesizeAudio(deps, {
    text: p.greeting,
    voice: voiceForAgent(p.agent),
    language: p.language,
  });
  await saveClip(deps.db, {
    conversationId: p.conversationId,
    messageId: p.messageId,
    mimeType,
    data: audio,
    durationMs: clipDurationMs(mimeType, audio),
    createdAt: deps.clock.now(),
  });
}

export interface ReadyVoiceTurn {
  conversation: ConversationRow;
  agent: AgentRow;
}

/** Seconds since the conversation began, by the injected clock. */
function ageSeconds(deps: FeatureDeps, conversation: ConversationRow): number {
  return (deps.clock.now().getTime() - conversation.createdAt.getTime()) / 1000;
}

/**
 * Everything that refuses a turn before it starts, as plain HTTP errors: not yours or not
 * voice (404), past the time limit (409), locked (423), agent gone (404) or inactive (409).
 * The chat turn checks the lock again atomically; this early check only gives a clean 423.
 */
export async function prepareVoiceTurn(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
): Promise<ReadyVoiceTurn> {
  const conversation = await findOwnConversation(deps, user, conversationId, "voice");
  const limit = deps.config.VOICE_SESSION_SECONDS;
  const age = ageSeconds(deps, conversation);
  if (age > limit) {
    await recordDuration(deps.db, conversation.id, limit);
    throw apiError("VOICE_TIME_LIMIT", { limitSeconds: limit });
  }
  const now = deps.clock.now();
  if (isLocked(conversation, now) && conversation.lockedUntil)
    throw new ConversationLockedError(conversation.lockedUntil, now);
  if (!conversation.agentId) throw apiError("AGENT_NOT_FOUND");
  const agent = callableAgent(await findOwnActiveAgent(deps, user, conversation.agentId));
  return { conversation, agent };
}

/** Keeps durationSeconds current after each turn; capped at the limit. */
export async function touchVoiceDuration(deps: FeatureDeps, conversation: ConversationRow): Promise<void> {
  const seconds = Math.min(deps.config.VOICE_SESSION_SECONDS, ageSeconds(deps, conversation));
  await recordDuration(deps.db, conversation.id, seconds);
}

/** The language the user seems to have spoken, else the one they selected. */
export function detectedLanguageOf(message: string, selected: LanguageCode): LanguageCode {
  return detectLanguage(message) ?? selected;
}

/** POST …/chat: one whole turn, answered when the reply is complete. */
export async function voiceChat(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  input: { message: string; language: LanguageCode; signal: AbortSignal; log?: FastifyBaseLogger },
): Promise<VoiceChatResponse> {
  const { conversation, agent } = await prepareVoiceTurn(deps, user, conversationId);
  let result: VoiceChatResponse | null = null;
  let usage: TurnUsageRecord | null = null;
  try {
    for await (const event of runConversationTurn(deps, {
      user,
      agent,
      conversationId: conversation.id,
      message: input.message,
      language: input.language,
      signal: input.signal,
      requestLog: input.log,
      meter: async (record) => {
        usage = record;
      },
    })) {
      if (event.type === "done") {
        result = {
          response: event.response,
          detectedLanguage: detectedLanguageOf(input.message, input.language),
          securityLock: event.securityLock,
        };
      }
    }
  } finally {
    // Assigned by the meter callback, which the compiler cannot follow.
    const record = usage as TurnUsageRecord | null;
    if (record) {
      // The browser speaks this reply itself: both sides' seconds are estimated from the words.
      const spoken = result && !result.securityLock ? estimateSpeechSeconds(result.response) : 0;
      const seconds = { voiceSecondsHeard: estimateSpeechSeconds(input.message), voiceSecondsSpoken: spoken };
      await meterTurn(deps, { ...record, ...seconds }, input.log);
    }
    await touchVoiceDuration(deps, conversation);
  }
  if (!result) throw apiError("REPLY_INCOMPLETE");
  return result;
}

/**
 * Stores the user's recording of a turn so admins can play it back, linked to its message when
 * the client names it (a second clip for a message replaces the first). Allowed after the time
 * limit: it is the last turn's audio. 404 when the message is not a user message of this
 * conversation (or was replaced meanwhile).
 */
export async function saveVoiceAudio(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  input: { audioData: string; messageId?: string; recordingMs?: number },
): Promise<{ id: string }> {
  const conversation = await findOwnConversation(deps, user, conversationId, "voice");
  const audio = boundedAudio(input.audioData);
  const data = Buffer.from(audio.base64, "base64");
  const saved = await saveClip(deps.db, {
    conversationId: conversation.id,
    messageId: input.messageId ?? null,
    role: "user",
    mimeType: audio.mimeType,
    data,
    durationMs: clipDurationMs(audio.mimeType, data, input.recordingMs),
    createdAt: deps.clock.now(),
  });
  if (!saved) throw apiError("MESSAGE_NOT_FOUND");
  await touchVoiceDuration(deps, conversation);
  return saved;
}

/**
 * The call ended (the user hung up, or the time limit ended it): its duration becomes its wall
 * length, from the conversation's start to now, capped at the limit. Without this the duration
 * was that of the last turn or clip, so a 30 s call read 0:26. Idempotent; never lowers it.
 */
/**
 * The caller's own call as stored: what the call's dialog reads when a person who took it over
 * writes (issue 26), to speak their reply in the call's voice.
 */
export async function listVoiceMessages(deps: FeatureDeps, user: UserRow, conversationId: string) {
  return listOwnMessages(deps, user, conversationId, "voice");
}

export async function endVoiceCall(deps: FeatureDeps, user: UserRow, conversationId: string): Promise<void> {
  const conversation = await findOwnConversation(deps, user, conversationId, "voice");
  await touchVoiceDuration(deps, conversation);
}

/**
 * The user spoke over a reply: it keeps only what was actually said, flagged interrupted.
 * Idempotent, and it works whether the reply is stored yet or its turn is still ending
 * (queries.ts interruptReply). Allowed after the time limit, like the last turn's audio.
 */
export async function interruptVoiceReply(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  messageId: string,
  spokenText: string,
): Promise<void> {
  const conversation = await findOwnConversation(deps, user, conversationId, "voice");
  const found =
    isUuid(messageId) &&
    (await interruptReply(deps.db, {
      conversationId: conversation.id,
      id: messageId,
      spokenText: spokenText.trim(),
      now: deps.clock.now(),
    }));
  if (!found) throw apiError("MESSAGE_NOT_FOUND");
}
