/**
 * The realtime engine's call: the browser's socket on one side, the provider's Realtime
 * session (providers/realtime/realtime-session.ts) on the other, through our server so the
 * key never reaches the browser. Microphone PCM goes in as it arrives; the model's voice comes
 * back as it is made; barge-in is the provider's (speech_started → the reply is cancelled and
 * truncated to what was played, and the browser told to stop). Records: the person's words
 * (from the provider's transcription) and each reply as far as it was heard are stored as the
 * conversation's messages; the call's wall length as its duration. If the provider cannot be
 * reached or drops the call, the browser is told to fall back to the cascade.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { isMeaningfulTranscript, voiceForAgent, type LanguageCode } from "../../contracts/voice.js";
import type { RealtimeClientMessage, RealtimeServerMessage } from "../../contracts/voice-realtime.js";
import { toPersona } from "../agents/agent-view.js";
import type { UserRow } from "../auth/user-view.js";
import type { FeatureDeps } from "../feature-deps.js";
import { apiError } from "../http/http-error.js";
import { composeSystemPrompt } from "../providers/llm/system-prompt.js";
import {
  openRealtimeSession,
  type RealtimeHandlers,
  type RealtimeSession,
  type RealtimeSessionOptions,
} from "../providers/realtime/realtime-session.js";
import { refuseWhenExhausted } from "../usage/service.js";
import { findHold } from "../conversations/human-hold/queries.js";
import { stopOnTakeover } from "../conversations/human-hold/takeover-stop.js";
import { insertRealtimeMessage } from "./queries.js";
import { prepareVoiceTurn, touchVoiceDuration, type ReadyVoiceTurn } from "./service.js";

/** Ten seconds of 24 kHz PCM16 is far more than any browser sends in one frame. */
export const REALTIME_MAX_FRAME_BYTES = 480_000;

/** Every refusal before the upgrade: conversation (404), time (409), lock (423), not configured (503), quota (429). */
export async function admitRealtimeCall(
  deps: FeatureDeps,
  user: UserRow,
  conversationId: string,
): Promise<ReadyVoiceTurn> {
  const ready = await prepareVoiceTurn(deps, user, conversationId);
  if (!deps.config.REALTIME_BASE_URL) throw apiError("REALTIME_UNAVAILABLE");
  await refuseWhenExhausted(deps, user, "voice");
  return ready;
}

const PERSON_JOINED = "A person from the team joined the call; carrying on with the standard voice.";

export interface RealtimeCallInput {
  socket: WebSocket;
  ready: ReadyVoiceTurn;
  language: LanguageCode;
  log: FastifyBaseLogger;
  /** The provider's session; a test may hand in another opener. */
  open?: (options: RealtimeSessionOptions, handlers: RealtimeHandlers) => Promise<RealtimeSession>;
}

export async function runRealtimeCall(deps: FeatureDeps, input: RealtimeCallInput): Promise<void> {
  const { socket, ready, language, log } = input;
  const conversationId = ready.conversation.id;
  const tell = (message: RealtimeServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  // Records are written between replies, never while one streams: on PGlite a write runs on
  // this thread and would hold up the reply's audio.
  const unsaved: { role: "user" | "assistant"; content: string; interrupted: boolean }[] = [];
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const batch = unsaved.splice(0);
    saving = saving.then(async () => {
      for (const m of batch) {
        await insertRealtimeMessage(deps.db, { conversationId, ...m, language, now: deps.clock.now() }).catch(
          (error: unknown) => log.error({ err: error }, "could not store a realtime message"),
        );
      }
    });
  };
  let ended = false;
  const fallBack = (message: string) => {
    if (ended) return;
    tell({ type: "fallback", message });
    socket.close(1000, "fallback");
  };

  // A person holding the call answers by typing, spoken by the cascade's voice (issue 26): the
  // realtime model is never asked while they do, so the browser carries the call over to it.
  const takeover = stopOnTakeover(deps.bus, conversationId);
  takeover.signal.addEventListener("abort", () => fallBack(PERSON_JOINED));
  socket.once("close", () => takeover.end());
  if ((await findHold(deps.db, conversationId))?.heldBy) return fallBack(PERSON_JOINED);

  // The reply whose audio the browser is playing, by the provider's response id and by the number
  // the browser knows it by: its played reports count only for that reply.
  let audioOf: string | null = null;
  let replyNumber = 0;
  const handlers: RealtimeHandlers = {
    onAudio: (pcm, reply) => {
      if (reply.responseId !== audioOf) {
        audioOf = reply.responseId;
        replyNumber += 1;
        tell({ type: "reply-start", reply: replyNumber });
      }
      if (socket.readyState === socket.OPEN) socket.send(pcm, { binary: true });
    },
    onReplyText: (text) => tell({ type: "agent-delta", text }),
    onUserTranscript: (text) => {
      if (!isMeaningfulTranscript(text)) return;
      tell({ type: "user", text });
      unsaved.push({ role: "user", content: text, interrupted: false });
    },
    onSpeechStarted: (interrupted) => {
      if (interrupted) tell({ type: "barge-in" });
    },
    onReplyDone: (reply) => {
      const interrupted = reply.status === "cancelled";
      tell({ type: "agent-done", text: reply.text, interrupted });
      if (reply.text) unsaved.push({ role: "assistant", content: reply.text, interrupted });
      save();
    },
    onError: (error) => log.warn({ code: error.code }, `realtime provider error: ${error.message}`),
    onClose: () => fallBack("The realtime voice stopped; carrying on with the standard voice."),
  };

  let session: RealtimeSession;
  try {
    session = await (input.open ?? openRealtimeSession)(
      {
        baseUrl: deps.config.REALTIME_BASE_URL ?? "",
        apiKey: deps.config.REALTIME_API_KEY,
        model: deps.config.REALTIME_MODEL,
        instructions: composeSystemPrompt(toPersona(ready.agent), { spoken: true }),
        voice: voiceForAgent(ready.agent),
        language: language.slice(0, 2),
      },
      handlers,
    );
  } catch (error) {
    log.warn({ err: error }, "realtime provider unavailable; the call falls back to the cascade");
    return fallBack("The realtime voice is unavailable; using the standard voice.");
  }
  if (socket.readyState !== socket.OPEN || ended) return session.close();

  const secondsLeft =
    deps.config.VOICE_SESSION_SECONDS - (deps.clock.now().getTime() - ready.conversation.createdAt.getTime()) / 1000;
  const timeUp = setTimeout(() => socket.close(4409, "time limit"), Math.max(0, secondsLeft) * 1000);
  socket.on("message", (data: RawData, isBinary: boolean) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    if (isBinary) return session.appendAudio(bytes);
    const message = parseClientMessage(bytes.toString("utf8"));
    if (message?.type === "played" && message.reply === replyNumber) session.reportPlayed(message.ms);
  });
  socket.on("close", () => {
    ended = true;
    clearTimeout(timeUp);
    session.close();
    save();
    void saving.then(() => touchVoiceDuration(deps, ready.conversation)).catch(() => undefined);
  });
  tell({ type: "ready" });
}

function parseClientMessage(text: string): RealtimeClientMessage | null {
  try {
    const parsed = JSON.parse(text) as { type?: unknown; ms?: unknown; reply?: unknown };
    if (
      parsed.type === "played" &&
      typeof parsed.ms === "number" &&
      Number.isFinite(parsed.ms) &&
      Number.isInteger(parsed.reply)
    )
      return { type: "played", ms: parsed.ms, reply: parsed.reply as number };
  } catch {
    // Not JSON: ignored, like any message this server does not know.
  }
  return null;
}
