/**
 * The streaming voice turn (POST /api/voice-conversations/{id}/turn): optional transcription,
 * then the shared chat turn, with every finished sentence synthesised while the model is
 * still writing, so the client can start playing the first sentence early. Writes events to
 * `send`; never throws once started — failures become an `error` event.
 */
import type { FastifyBaseLogger } from "fastify";
import {
  isMeaningfulTranscript,
  voiceForAgent,
  type LanguageCode,
  type VoiceTurnEvent,
} from "../../contracts/voice.js";
import type { UserRow } from "../auth/user-view.js";
import { runConversationTurn, type TurnUsageRecord } from "../chat/turn.js";
import type { FeatureDeps } from "../feature-deps.js";
import { HttpError } from "../http/http-error.js";
import { meterTurn, refuseWhenExhausted } from "../usage/service.js";
import { dataUrlSeconds, estimateSpeechSeconds } from "../usage/voice-seconds.js";
import { createSentenceSpeaker } from "./sentence-speaker.js";
import { toSpeakableText } from "./speakable-text.js";
import { detectedLanguageOf, prepareVoiceTurn, touchVoiceDuration, type ReadyVoiceTurn } from "./service.js";
import { startTranscription, synthesizeDataUrl } from "./speech.js";

export interface VoiceTurnInput {
  user: UserRow;
  ready: ReadyVoiceTurn;
  message?: string;
  /** The recording's transcription, already started (see routes.ts); used when no message was sent. */
  transcription?: Promise<string>;
  /** The recording's length when it could be measured (WAV). */
  recordingSeconds?: number | null;
  language: LanguageCode;
  signal: AbortSignal;
  log?: FastifyBaseLogger;
  send(event: VoiceTurnEvent): void;
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
  body: { message?: string; audioData?: string; language: LanguageCode },
  signal: AbortSignal,
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
    const recordingSeconds = body.audioData === undefined ? null : dataUrlSeconds(body.audioData);
    return { user, ready, message: body.message, transcription, recordingSeconds, language: body.language, signal };
  } catch (error) {
    refused.abort();
    throw error;
  }
}

export async function streamVoiceTurn(deps: FeatureDeps, input: VoiceTurnInput): Promise<void> {
  const { ready, language, signal, send } = input;
  // Whether runConversationTurn got as far as storing the user's message (it stores first).
  let stored = false;
  let turnStarted = false;
  // The turn's usage waits here until the seconds spoken are known.
  let usage: TurnUsageRecord | null = null;
  let spokenSeconds = 0;
  try {
    const message = input.message ?? (await transcribe(input));
    if (message === null) return;

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
      (sentence) => send({ event: "audio", data: sentence }),
    );

    turnStarted = true;
    const turn = runConversationTurn(deps, {
      user: input.user,
      agent: ready.agent,
      conversationId: ready.conversation.id,
      message,
      language,
      signal,
      requestLog: input.log,
      spoken: true,
      meter: async (record) => {
        usage = { ...record, voiceSecondsHeard: input.recordingSeconds ?? estimateSpeechSeconds(message) };
      },
    });
    for await (const event of turn) {
      stored = true;
      if (event.type === "delta") {
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
