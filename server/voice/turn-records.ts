/**
 * What a streaming voice turn leaves behind besides its messages: the user's clip (when the
 * server heard audioData) and the agent's reply audio, each linked to its message with its true
 * length, and the turn's stages (ms from the request's arrival to transcript, first token and
 * first audio) on the reply. Collected while the turn runs; written when it ends, once the
 * client has its `done`.
 */
import type { FastifyBaseLogger } from "fastify";
import type { VoiceTurnStages } from "../../contracts/voice.js";
import type { FeatureDeps } from "../feature-deps.js";
import { recordStages, saveClip } from "./queries.js";
import { clipDurationMs, dataUrlBytes, joinSentenceAudio } from "./voice-clips.js";

export interface TurnRecorder {
  readonly stages: VoiceTurnStages;
  transcribed(): void;
  firstToken(): void;
  /** Each sentence as it goes to the client, in order; its audio joins the reply's clip. */
  spoke(audioUrl: string | null): void;
  /** Whether any reply audio has gone to the client: an unfinished reply is kept only then. */
  readonly anySpoken: boolean;
  /** Keeps the user's recording to store against their message with the reply's, in finish(). */
  keepRecording(userMessageId: string, recording: { audioData: string; recordingMs?: number }): void;
  /**
   * Writes the user's clip, the reply's clip and the stages (the reply's only if it was stored).
   * Called once the turn's events have left for the client: on PGlite these writes hold the
   * event loop (tens of ms for a long reply) and would hold back the reply audio's last bytes.
   */
  finish(): Promise<void>;
}

export function createTurnRecorder(
  deps: FeatureDeps,
  p: { conversationId: string; assistantMessageId: string; arrivedAt: number; log?: FastifyBaseLogger },
): TurnRecorder {
  const stages: VoiceTurnStages = { transcriptMs: null, firstTokenMs: null, firstAudioMs: null };
  const since = () => Math.max(0, Math.round(performance.now() - p.arrivedAt));
  const sentences: { mimeType: string; data: Buffer }[] = [];
  let spokenCount = 0;
  let recording: { userMessageId: string; clip: { audioData: string; recordingMs?: number } } | null = null;
  const warn = (what: string) => (err: unknown) =>
    p.log?.warn({ err, conversationId: p.conversationId }, `voice turn: ${what} not stored`);

  return {
    stages,
    get anySpoken() {
      return spokenCount > 0;
    },
    transcribed() {
      stages.transcriptMs = since();
    },
    firstToken() {
      stages.firstTokenMs ??= since();
    },
    spoke(audioUrl) {
      // A sentence whose synthesis failed is spoken by the browser: it still counts as heard.
      if (spokenCount++ === 0) stages.firstAudioMs = since();
      const bytes = dataUrlBytes(audioUrl);
      if (bytes) sentences.push(bytes);
    },
    keepRecording(userMessageId, clip) {
      recording = { userMessageId, clip };
    },
    async finish() {
      const reply = joinSentenceAudio(sentences);
      const id = p.assistantMessageId;
      await Promise.all([
        recording ? saveRecording(recording.userMessageId, recording.clip) : null,
        // Both find no row when the reply was not kept (nothing spoken) or was replaced.
        reply
          ? saveClip(deps.db, {
              conversationId: p.conversationId,
              messageId: id,
              role: "assistant",
              ...reply,
              createdAt: deps.clock.now(),
            }).catch(warn("the reply's audio"))
          : null,
        recordStages(deps.db, { id, stages: { ...stages } }).catch(warn("the turn's stages")),
      ]);
    },
  };

  async function saveRecording(messageId: string, clip: { audioData: string; recordingMs?: number }): Promise<void> {
    const bytes = dataUrlBytes(clip.audioData);
    if (!bytes) return;
    await saveClip(deps.db, {
      conversationId: p.conversationId,
      messageId,
      mimeType: bytes.mimeType,
      data: bytes.data,
      durationMs: clipDurationMs(bytes.mimeType, bytes.data, clip.recordingMs),
      createdAt: deps.clock.now(),
    }).catch(warn("the user's clip"));
  }
}
