/**
 * The streaming voice turn (POST /api/voice-conversations/{id}/turn): optional transcription,
 * then the shared chat turn, with every finished sentence synthesised while the model is
 * still writing, so the client can start playing the first sentence early. Every refusal —
 * quotas included, which only the statement storing the message can decide exactly — is
 * thrown by beginVoiceTurn or openVoiceTurn, before the stream, so it is a plain HTTP answer
 * (a 429, never a 200 ending in an error event). Then `stream` writes events and never throws —
 * failures become an `error` event. The reply's id is
 * allocated up front and sent in `stored`, so the client can name it (interrupted) while it
 * streams; the turn's clips and stages are written as it ends (turn-records.ts).
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  isMeaningfulTranscript,
  voiceForAgent,
  type LanguageCode,
  type VoiceTurnEvent,
} from "../../contracts/voice.js";
import { endsMidThought } from "../../contracts/voice-turn-taking.js";
import type { UserRow } from "../auth/user-view.js";
import { startTurn, type StartedTurn, type TurnUsageRecord } from "../conversations/turn.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError, HttpError, streamedError } from "../http/http-error.js";
import { meterTurn, refuseWhenExhausted } from "../usage/service.js";
import { dataUrlSeconds, estimateSpeechSeconds } from "../usage/voice-seconds.js";
import { createSentenceSpeaker } from "./sentence-speaker.js";
import { toSpeakableText } from "../conversations/speakable-text.js";
import { detectedLanguageOf, prepareVoiceTurn, touchVoiceDuration, type ReadyVoiceTurn } from "./service.js";
import { startTranscription } from "./speech.js";
import { createSentenceAudio } from "./sentence-audio.js";
import { createToolAsides } from "./tool-asides.js";
import { createTurnRecorder, type TurnRecorder } from "./turn-records.js";

export interface VoiceTurnInput {
  user: UserRow;
  ready: ReadyVoiceTurn;
  message?: string;
  /** The recording's transcription, already started (see routes.ts); used when no message was sent. */
  transcription?: Promise<string>;
  /** The recording's length when it could be measured (WAV header, else the client's recordingMs). */
  recordingSeconds?: number | null;
  /** The recording itself, stored against the user's message once it is (audioData turns only). */
  recording?: { audioData: string; recordingMs?: number };
  /** The user message this turn replaces (see contracts/voice.ts VoiceTurnRequestSchema). */
  replaces?: string;
  /** Ended by a pause: a transcript that ends mid-thought is answered `incomplete`, nothing stored. */
  holdIfUnfinished?: boolean;
  /** performance.now() when the request arrived: the turn's stages count from here. */
  arrivedAt: number;
  language: LanguageCode;
  signal: AbortSignal;
  log?: FastifyBaseLogger;
  send(event: VoiceTurnEvent): void;
  /** Resolves once what `send` wrote has left for the client; the turn's records are written after it. */
  delivered?: () => Promise<void>;
}

/**
 * Everything before the stream: transcription starts at once (it is on every spoken turn's
 * critical path) while the refusals are checked — conversation (404), time limit (409),
 * lock (423), agent (404/409), a used-up quota (429) — and is abandoned if one of them applies.
 */
export async function beginVoiceTurn(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
  body: {
    message?: string;
    audioData?: string;
    language: LanguageCode;
    replaces?: string;
    recordingMs?: number;
    holdIfUnfinished?: boolean;
  },
  signal: AbortSignal,
  arrivedAt: number,
): Promise<Omit<VoiceTurnInput, "send" | "log">> {
  const refused = new AbortController();
  const transcription =
    body.audioData === undefined
      ? undefined
      : startTranscription(deps, {
          audioData: body.audioData,
          language: body.language,
          signal: AbortSignal.any([signal, refused.signal]),
        });
  // Awaited later by streamVoiceTurn; this only keeps an abandoned one from being "unhandled".
  transcription?.catch(() => undefined);
  try {
    const ready = await prepareVoiceTurn(deps, user, conversationId);
    // The turn's own statement enforces quotas; this answers the usual case as plain HTTP.
    await refuseWhenExhausted(deps, user, "voice");
    const measured = body.recordingMs === undefined ? null : body.recordingMs / 1000;
    const recordingSeconds = body.audioData === undefined ? null : (dataUrlSeconds(body.audioData) ?? measured);
    const recording =
      body.audioData === undefined ? undefined : { audioData: body.audioData, recordingMs: body.recordingMs };
    return {
      user,
      ready,
      message: body.message,
      transcription,
      recordingSeconds,
      recording,
      replaces: body.replaces,
      holdIfUnfinished: body.holdIfUnfinished,
      arrivedAt,
      language: body.language,
      signal,
    };
  } catch (error) {
    refused.abort();
    throw error;
  }
}

/** A voice turn past every refusal: `stream` writes its events (it never throws). */
export interface OpenedVoiceTurn {
  stream(send: VoiceTurnInput["send"], delivered?: VoiceTurnInput["delivered"]): Promise<void>;
}

/**
 * Waits for the transcript, then stores the user's message: the turn's own statement admits it
 * against the company's quotas, so a refusal (429, or 404/409/423 when things changed since
 * beginVoiceTurn) is thrown here, as plain HTTP before any event is written. A transcript too
 * short to be a turn, or a failed transcription, is left for the stream to tell.
 */
export async function openVoiceTurn(
  deps: FeatureDeps,
  input: Omit<VoiceTurnInput, "send" | "delivered">,
): Promise<OpenedVoiceTurn> {
  const { ready, language, signal } = input;
  const assistantMessageId = randomUUID();
  const records = createTurnRecorder(deps, {
    conversationId: ready.conversation.id,
    assistantMessageId,
    arrivedAt: input.arrivedAt,
    log: input.log,
  });
  const touchDuration = () => touchVoiceDuration(deps, ready.conversation).catch(() => undefined);
  let transcript: string | undefined;
  try {
    transcript = input.message === undefined ? await (input.transcription ?? Promise.resolve("")) : undefined;
  } catch (error) {
    return { stream: (send) => failedTranscription(error, send, input).finally(touchDuration) };
  }
  if (transcript !== undefined) records.transcribed();
  const message = input.message ?? transcript ?? "";
  if (input.message === undefined && !isMeaningfulTranscript(message)) {
    return {
      stream: async (send) => {
        send({ event: "transcript", data: { text: message } });
        send({ event: "skipped", data: { text: message } });
        await touchDuration();
      },
    };
  }
  if (input.holdIfUnfinished && endsMidThought(message, language)) {
    // Before startTurn: no message stored, no model asked, nothing charged.
    return {
      stream: async (send) => {
        if (transcript !== undefined) send({ event: "transcript", data: { text: message } });
        send({ event: "incomplete", data: { text: message } });
        await touchDuration();
      },
    };
  }

  // The turn's usage waits here until the seconds spoken are known.
  const metered: { usage: TurnUsageRecord | null } = { usage: null };
  let turn: StartedTurn;
  try {
    turn = await startTurn(deps, {
      user: input.user,
      agent: ready.agent,
      conversationId: ready.conversation.id,
      message,
      language,
      signal,
      requestLog: input.log,
      spoken: true,
      assistantMessageId,
      replaces: input.replaces,
      heardSeconds: input.recordingSeconds,
      // A reply cut off before any of it was heard is not kept (the client may name it in `interrupted`).
      keepUnfinishedReply: () => records.anySpoken,
      meter: async (record) => {
        metered.usage = { ...record, voiceSecondsHeard: input.recordingSeconds ?? estimateSpeechSeconds(message) };
      },
    });
  } catch (error) {
    await touchDuration();
    throw error;
  }
  if (input.recording) records.keepRecording(turn.userMessageId, input.recording);
  return {
    stream: async (send, delivered) => {
      if (transcript !== undefined) send({ event: "transcript", data: { text: transcript } });
      send({ event: "stored", data: { userMessageId: turn.userMessageId, assistantMessageId } });
      try {
        await relayReply(deps, { input, message, turn, records, metered, send });
      } finally {
        await delivered?.();
        await records.finish();
        await touchDuration();
      }
    },
  };
}

/** Relays the stored turn's reply, speaking each sentence as it is written; failures become an `error` event. */
async function relayReply(
  deps: FeatureDeps,
  p: {
    input: Omit<VoiceTurnInput, "send" | "delivered">;
    message: string;
    turn: StartedTurn;
    records: TurnRecorder;
    metered: { usage: TurnUsageRecord | null };
    send: VoiceTurnInput["send"];
  },
): Promise<void> {
  const { input, message, records, send } = p;
  const { language, signal } = input;
  const voice = voiceForAgent(input.ready.agent);
  const audio = createSentenceAudio(deps, { voice, language, signal, log: input.log });
  const recordUsage = async () => {
    const record = p.metered.usage;
    p.metered.usage = null;
    if (record) await meterTurn(deps, { ...record, voiceSecondsSpoken: audio.spokenSeconds }, input.log);
  };
  const speaker = createSentenceSpeaker(
    (text) => audio.synthesize(text),
    (sentence) => {
      records.spoke(sentence.audioUrl);
      send({ event: "audio", data: sentence });
    },
  );
  const asides = createToolAsides(language, speaker, send);
  try {
    for await (const event of p.turn.events) {
      if (event.type === "delta") {
        records.firstToken();
        send({ event: "delta", data: { text: event.text } });
        speaker.push(event.text);
        asides.wrote();
        continue;
      }
      if (event.type === "tool_call" || event.type === "tool_result") {
        asides.step(event);
        continue;
      }
      await speaker.finish(event.response);
      await recordUsage();
      send({
        event: "done",
        data: {
          // The transcript shows what was said: no markdown, emoji or full web addresses.
          response: toSpeakableText(event.response),
          securityLock: event.securityLock,
          offline: event.offline,
          detectedLanguage: detectedLanguageOf(message, language),
          stages: { ...records.stages },
        },
      });
    }
  } catch (error) {
    if (signal.aborted) return;
    if (!(error instanceof HttpError)) input.log?.error({ err: error }, "voice turn failed");
    const known = error instanceof HttpError ? error : apiError("VOICE_TURN_FAILED");
    // The user's message was stored before the stream began.
    send({ event: "error", data: { ...streamedError(known), stored: true } });
  } finally {
    audio.close();
    await recordUsage();
  }
}

/** A transcription that failed: told in the stream (the client shows it), nothing stored. */
async function failedTranscription(
  error: unknown,
  send: VoiceTurnInput["send"],
  input: Omit<VoiceTurnInput, "send" | "delivered">,
): Promise<void> {
  if (input.signal.aborted) return;
  if (!(error instanceof HttpError)) input.log?.error({ err: error }, "voice turn transcription failed");
  const known = error instanceof HttpError ? error : apiError("VOICE_TURN_FAILED");
  send({ event: "error", data: { ...streamedError(known), stored: false } });
}
