/**
 * A speech-to-speech session with an OpenAI Realtime-compatible model over WebSocket (the
 * beta protocol: `OpenAI-Beta: realtime=v1`). It speaks the wire events and nothing else: it
 * configures the session (session.update → session.updated), streams the caller's 24 kHz
 * PCM16 in (input_audio_buffer.append), hands the model's audio and transcripts out, and does
 * barge-in the way the provider signals it: on input_audio_buffer.speech_started during a
 * reply it cancels the reply (response.cancel) and truncates it to what was played
 * (conversation.item.truncate), so the model's context holds only what the person heard.
 * The key stays here, on the server: the browser talks to our own route (voice/realtime-call.ts).
 */
import WebSocket from "ws";
import { REALTIME_SAMPLE_RATE } from "../../../contracts/voice-realtime.js";
import { providerErrorText } from "../../http/credential-redaction.js";

export interface RealtimeSessionOptions {
  /** e.g. https://api.openai.com/v1; the socket is {base}/realtime?model=… (ws or wss). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The agent's persona and knowledge context. */
  instructions: string;
  voice: string;
  /** ISO 639-1 hint for the input transcription ("de"), when known. */
  language?: string;
}

/** PCM16 mono at REALTIME_SAMPLE_RATE both ways (the protocol's `pcm16`). */
export { REALTIME_SAMPLE_RATE };

export interface RealtimeHandlers {
  /** A piece of the reply's audio (PCM16 at REALTIME_SAMPLE_RATE). */
  onAudio(pcm: Buffer, reply: { responseId: string; itemId: string }): void;
  /** More of the reply's words, as they are spoken. */
  onReplyText(delta: string, itemId: string): void;
  /** What the person said, from the provider's input transcription. */
  onUserTranscript(text: string, itemId: string): void;
  /** The provider heard the person start speaking; `interrupted` when a reply was cut for it. */
  onSpeechStarted(interrupted: { itemId: string; playedMs: number } | null): void;
  /** A reply ended: completed, or cancelled by barge-in (then `text` is what was played). */
  onReplyDone(reply: { responseId: string; itemId: string | null; status: string; text: string }): void;
  onError(error: { code: string; message: string }): void;
  onClose(): void;
}

export interface RealtimeSession {
  appendAudio(pcm: Buffer): void;
  /** For providers without server-side turn detection: the person's turn ended. */
  commit(): void;
  /** How much of the current reply the person has heard, in ms (the browser reports it). */
  reportPlayed(ms: number): void;
  close(): void;
}

interface ReplyInProgress {
  responseId: string;
  itemId: string | null;
  text: string;
  /** Audio sent out for this reply, in ms: the most that can have been played. */
  sentMs: number;
  /**
   * Cancelled by barge-in: the model may still send deltas it had on their way before it read the
   * cancel; none reaches the caller (their audio would play on after the stop, their words would
   * join a reply already cut to what was heard).
   */
  cancelled?: boolean;
}

const BYTES_PER_MS = (REALTIME_SAMPLE_RATE * 2) / 1000;

export function realtimeUrl(baseUrl: string, model: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/realtime`);
  url.protocol = url.protocol === "https:" ? "wss:" : url.protocol === "http:" ? "ws:" : url.protocol;
  url.searchParams.set("model", model);
  return url.toString();
}

/** Opens the socket and configures the session; resolves once the provider confirms it (session.updated). */
export function openRealtimeSession(
  options: RealtimeSessionOptions,
  handlers: RealtimeHandlers,
): Promise<RealtimeSession> {
  const headers: Record<string, string> = { "OpenAI-Beta": "realtime=v1" };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  const socket = new WebSocket(realtimeUrl(options.baseUrl, options.model), { headers });
  let reply: ReplyInProgress | null = null;
  let playedMs: number | null = null;
  let closed = false;
  const send = (event: Record<string, unknown>) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
  };

  return new Promise<RealtimeSession>((resolve, reject) => {
    let ready = false;
    const session: RealtimeSession = {
      appendAudio: (pcm) => send({ type: "input_audio_buffer.append", audio: pcm.toString("base64") }),
      commit: () => send({ type: "input_audio_buffer.commit" }),
      reportPlayed: (ms) => {
        playedMs = Math.max(0, ms);
      },
      close: () => {
        closed = true;
        socket.close();
      },
    };

    socket.on("open", () => {
      send({
        type: "session.update",
        session: {
          modalities: ["audio", "text"],
          instructions: options.instructions,
          voice: options.voice,
          input_audio_format: "pcm16",
          output_audio_format: "pcm16",
          input_audio_transcription: {
            model: "whisper-1",
            ...(options.language ? { language: options.language } : {}),
          },
          turn_detection: { type: "server_vad", silence_duration_ms: 500, create_response: true },
        },
      });
    });

    socket.on("message", (data) => {
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(String(data)) as Record<string, unknown>;
      } catch {
        return;
      }
      switch (event.type) {
        case "session.updated":
          if (!ready) {
            ready = true;
            resolve(session);
          }
          return;
        case "response.created": {
          const response = event.response as { id?: string } | undefined;
          reply = { responseId: response?.id ?? "", itemId: null, text: "", sentMs: 0 };
          playedMs = null;
          return;
        }
        case "response.audio.delta": {
          if (reply?.cancelled) return;
          const pcm = Buffer.from(String(event.delta ?? ""), "base64");
          const itemId = String(event.item_id ?? "");
          const responseId = String(event.response_id ?? reply?.responseId ?? "");
          reply ??= { responseId, itemId, text: "", sentMs: 0 };
          reply.itemId = itemId;
          reply.sentMs += pcm.length / BYTES_PER_MS;
          handlers.onAudio(pcm, { responseId, itemId });
          return;
        }
        case "response.audio_transcript.delta": {
          if (reply?.cancelled) return;
          const delta = String(event.delta ?? "");
          if (reply) reply.text += delta;
          handlers.onReplyText(delta, String(event.item_id ?? ""));
          return;
        }
        case "conversation.item.input_audio_transcription.completed":
          handlers.onUserTranscript(String(event.transcript ?? "").trim(), String(event.item_id ?? ""));
          return;
        case "input_audio_buffer.speech_started":
          handlers.onSpeechStarted(bargeIn());
          return;
        case "response.done": {
          const response = (event.response ?? {}) as { id?: string; status?: string };
          const done = reply;
          reply = null;
          handlers.onReplyDone({
            responseId: response.id ?? done?.responseId ?? "",
            itemId: done?.itemId ?? null,
            status: response.status ?? "completed",
            text: (done?.text ?? "").trim(),
          });
          return;
        }
        case "error": {
          const error = (event.error ?? {}) as { code?: string; type?: string; message?: string };
          const failure = {
            code: error.code ?? error.type ?? "error",
            message: providerErrorText(error.message ?? ""),
          };
          if (!ready) reject(new Error(`realtime session refused: ${failure.message}`));
          handlers.onError(failure);
          return;
        }
        default:
          return;
      }
    });

    /** The person spoke over a reply: cancel it, and cut the model's copy to what was heard. */
    function bargeIn(): { itemId: string; playedMs: number } | null {
      const current = reply;
      if (!current?.itemId) return null;
      const heard = Math.round(Math.min(playedMs ?? current.sentMs, current.sentMs));
      send({ type: "response.cancel" });
      send({ type: "conversation.item.truncate", item_id: current.itemId, content_index: 0, audio_end_ms: heard });
      // The reply's words are kept only as far as they were heard (by the share of audio played).
      const share = current.sentMs > 0 ? heard / current.sentMs : 0;
      current.text = cutToShare(current.text, share);
      current.cancelled = true;
      return { itemId: current.itemId, playedMs: heard };
    }

    socket.on("unexpected-response", (_request, response) => {
      reject(new Error(`realtime provider answered ${response.statusCode ?? "?"}`));
      socket.terminate();
    });
    socket.on("error", (error) => {
      if (!ready) reject(error);
      else handlers.onError({ code: "connection", message: providerErrorText(error.message) });
    });
    socket.on("close", () => {
      if (!ready) reject(new Error("realtime provider closed the connection"));
      if (!closed) handlers.onClose();
    });
  });
}

/** The words of a reply heard up to `share` of its audio, cut at a word boundary. */
export function cutToShare(text: string, share: number): string {
  if (share >= 1) return text;
  if (share <= 0) return "";
  const at = Math.round(text.length * share);
  const space = text.lastIndexOf(" ", at);
  return text.slice(0, space > 0 ? space : at).trim();
}
