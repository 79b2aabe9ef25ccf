/**
 * The streaming voice turn (POST /api/voice-conversations/{id}/turn): optional transcription,
 * then the shared chat turn, with every finished sentence synthesised while the model is
 * still writing, so the client can start playing the first sentence early. Writes events to
 * `send`; never throws once started — failures become an `error` event. The reply's id is
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
import type { UserRow } from "../auth/user-view.js";
import { startTurn, type TurnUsageRecord } from "../chat/turn.js";
import type { FeatureDeps } from "../feature-deps.js";
import { HttpError } from "../http/http-error.js";
import { meterTurn, refuseWhenExhausted } from "../usage/service.js";
import { dataUrlSeconds, estimateSpeechSeconds } from "../usage/voice-seconds.js";
import { createSentenceSpeaker } from "./sentence-speaker.js";
import { toSpeakableText } from "./speakable-text.js";
import { detectedLanguageOf, prepareVoiceTurn, touchVoiceDuration, type ReadyVoiceTurn } from "./service.js";
import { startTranscription, synthesizeDataUrl } from "./speech.js";
import { createTurnRecorder } from "./turn-records.js";

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
  body: { message?: string; audioData?: string; language: LanguageCode; replaces?: string; recordingMs?: number },
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
      arrivedAt,
      language: body.language,
      signal,
    };
  } catch (error) {
    refused.abort();
    throw error;
  }
}

export async function streamVoiceTurn(deps: FeatureDeps, input: VoiceTurnInput): Promise<void> {
  const { ready, language, signal, send } = input;
  const assistantMessageId = randomUUID();
  const records = createTurnRecorder(deps, {
    conversationId: ready.conversation.id,
    assistantMessageId,
    arrivedAt: input.arrivedAt,
    log: input.log,
  });
  // Whether the user's message is stored (startTurn resolved, or the chat turn's 502 came after it).
  let stored = false;
  let turnStarted = false;
  // The turn's usage waits here until the seconds spoken are known.
  let usage: TurnUsageRecord | null = null;
  let spokenSeconds = 0;
  try {
    const message = input.message ?? (await transcribe(input));
    if (message === null) return;
    if (input.message === undefined) records.transcribed();

    const voice = voiceForAgent(ready.agent);
    const speaker = createSentenceSpeaker(
      async (text) => {
        try {
          const { audioUrl } = await synthesizeDataUrl(deps, { text, voice, language, signal });
          spokenSeconds += dataUrlSeconds(audioUrl) ?? estimateSpeechSeconds(text);
          return audioUrl;
        } catch (err) {
          spokenSeconds += estimateSpeechSeconds(text);
          if (!signal.aborted)
            input.log?.warn({ err }, "voice turn: sentence synthesis failed; the browser will speak it");
          return null;
        }
      },
      (sentence) => {
        records.spoke(sentence.audioUrl);
        send({ event: "audio", data: sentence });
      },
    );

    turnStarted = true;
    const turn = await startTurn(deps, {
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
        usage = { ...record, voiceSecondsHeard: input.recordingSeconds ?? estimateSpeechSeconds(message) };
      },
    });
    stored = true;
    send({ event: "stored", data: { userMessageId: turn.userMessageId, assistantMessageId } });
    if (input.recording) records.keepRecording(turn.userMessageId, input.recording);

    for await (const event of turn.events) {
      if (event.type === "delta") {
        records.firstToken();
        send({ event: "delta", data: { text: event.text } });
        speaker.push(event.text);
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
    const status = error instanceof HttpError ? error.statusCode : 500;
    if (!(error instanceof HttpError)) input.log?.error({ err: error }, "voice turn failed");
    const message = error instanceof HttpError ? error.message : "The voice turn failed; please try again.";
    // A 502 from the chat turn comes after the message was committed (see runConversationTurn).
    send({ event: "error", data: { status, message, stored: stored || (turnStarted && status === 502) } });
  } finally {
    await recordUsage();
    if (stored) {
      await input.delivered?.();
      await records.finish();
    }
    await touchVoiceDuration(deps, ready.conversation).catch(() => undefined);
  }

  /** Once per turn, after the reply was spoken (or the turn failed): the record with its seconds. */
  async function recordUsage(): Promise<void> {
    const record: TurnUsageRecord | null = usage;
    usage = null;
    if (record) await meterTurn(deps, { ...record, voiceSecondsSpoken: spokenSeconds }, input.log);
  }
}

/** The recording's text, sent to the client at once; null when it is too short to be a turn. */
async function transcribe(input: VoiceTurnInput): Promise<string | null> {
  const text = await (input.transcription ?? Promise.resolve(""));
  input.send({ event: "transcript", data: { text } });
  if (isMeaningfulTranscript(text)) return text;
  input.send({ event: "skipped", data: { text } });
  return null;
}
