/**
 * A fake OpenAI Realtime server at the wire, for tests and the bench: a real WebSocket server
 * on port 0 at /v1/realtime that speaks the beta protocol's events — session.created/updated,
 * input_audio_buffer.append/commit with a simple server VAD (speech_started/speech_stopped/
 * committed), conversation.item.input_audio_transcription.completed, then a reply as
 * response.created, response.audio.delta and response.audio_transcript.delta interleaved, and
 * response.done; response.cancel ends a reply early (status "cancelled"); errors as `error`.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export interface FakeRealtimeBehaviour {
  /** What the input transcription says the person said. */
  transcriptText: string;
  /** The reply's words, split over its audio chunks. */
  replyText: string;
  /** How many audio (and transcript) chunks the reply has; each is 100 ms of tone. */
  replyChunks: number;
  /** The provider's own delay from the end of speech to the first audio. */
  firstAudioDelayMs: number;
  /** After this many chunks the reply waits for more speech or a cancel (barge-in tests). */
  holdAfterChunks: number | null;
  /** Chunks still sent after a response.cancel arrives, as deltas already on their way would be. */
  chunksAfterCancel: number;
  /** Quiet this long after speech ends the person's turn (server VAD). */
  silenceMs: number;
  /** session.update is refused with this error message. */
  refuseSession: string | null;
}

export interface FakeRealtime {
  /** Base URL ending in /v1 (http), as REALTIME_BASE_URL takes it. */
  url: string;
  /** Every client event received, in order, per connection (audio payloads dropped). */
  events: Record<string, unknown>[];
  headers: IncomingHttpHeaders[];
  setBehaviour(behaviour: Partial<FakeRealtimeBehaviour>): void;
  close(): Promise<void>;
}

const DEFAULTS: FakeRealtimeBehaviour = {
  transcriptText: "Hello from the fake caller.",
  replyText: "Hello from the fake realtime model.",
  replyChunks: 4,
  firstAudioDelayMs: 0,
  holdAfterChunks: null,
  chunksAfterCancel: 0,
  silenceMs: 300,
  refuseSession: null,
};

const RATE = 24_000;
const SPEECH_LEVEL = 1000;

export async function startFakeRealtime(initial: Partial<FakeRealtimeBehaviour> = {}): Promise<FakeRealtime> {
  let behaviour: FakeRealtimeBehaviour = { ...DEFAULTS, ...initial };
  const events: Record<string, unknown>[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const http = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  http.on("upgrade", (request, socket, head) => {
    if (!(request.url ?? "").startsWith("/v1/realtime?model=")) return socket.destroy();
    headers.push(request.headers);
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    let ids = 0;
    const id = (prefix: string) => `${prefix}_${++ids}`;
    const emit = (event: Record<string, unknown>) => ws.send(JSON.stringify({ event_id: id("event"), ...event }));
    let speaking = false;
    let quietSamples = 0;
    let reply: { responseId: string; itemId: string; cancelled: boolean; resume: () => void } | null = null;

    emit({ type: "session.created", session: { id: id("sess") } });
    ws.on("message", (data) => {
      const event = JSON.parse(String(data)) as Record<string, unknown>;
      events.push(event.type === "input_audio_buffer.append" ? { type: event.type } : event);
      switch (event.type) {
        case "session.update":
          if (behaviour.refuseSession)
            return emit({
              type: "error",
              error: { type: "invalid_request_error", code: "invalid_value", message: behaviour.refuseSession },
            });
          return emit({ type: "session.updated", session: event.session });
        case "input_audio_buffer.append":
          return hear(Buffer.from(String(event.audio ?? ""), "base64"));
        case "input_audio_buffer.commit":
          return endOfSpeech();
        case "response.cancel":
          if (reply) {
            reply.cancelled = true;
            reply.resume();
          }
          return;
        default:
          return;
      }
    });

    function hear(pcm: Buffer): void {
      const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
      const loud = samples.some((s) => Math.abs(s) >= SPEECH_LEVEL);
      if (loud) {
        quietSamples = 0;
        if (!speaking) {
          speaking = true;
          emit({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: id("item") });
        }
        return;
      }
      if (!speaking) return;
      quietSamples += samples.length;
      if ((quietSamples / RATE) * 1000 >= behaviour.silenceMs) endOfSpeech();
    }

    function endOfSpeech(): void {
      speaking = false;
      quietSamples = 0;
      const userItem = id("item");
      emit({ type: "input_audio_buffer.speech_stopped", audio_end_ms: 0, item_id: userItem });
      emit({ type: "input_audio_buffer.committed", item_id: userItem });
      emit({
        type: "conversation.item.input_audio_transcription.completed",
        item_id: userItem,
        content_index: 0,
        transcript: behaviour.transcriptText,
      });
      void respond();
    }

    async function respond(): Promise<void> {
      const current = behaviour;
      const responseId = id("resp");
      const itemId = id("item");
      let resume = () => undefined as void;
      reply = { responseId, itemId, cancelled: false, resume: () => resume() };
      const mine = reply;
      emit({ type: "response.created", response: { id: responseId, status: "in_progress" } });
      if (current.firstAudioDelayMs > 0) await new Promise((r) => setTimeout(r, current.firstAudioDelayMs));
      const words = current.replyText.split(" ");
      const per = Math.ceil(words.length / current.replyChunks);
      let late = current.chunksAfterCancel;
      for (let chunk = 0; chunk < current.replyChunks; chunk++) {
        if (current.holdAfterChunks !== null && chunk === current.holdAfterChunks && !mine.cancelled)
          await new Promise<void>((r) => (resume = r));
        if (mine.cancelled && late-- <= 0) break;
        emit({
          type: "response.audio.delta",
          response_id: responseId,
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          delta: tone(100).toString("base64"),
        });
        const text = words.slice(chunk * per, (chunk + 1) * per).join(" ");
        if (text)
          emit({
            type: "response.audio_transcript.delta",
            response_id: responseId,
            item_id: itemId,
            delta: chunk === 0 ? text : ` ${text}`,
          });
      }
      emit({ type: "response.done", response: { id: responseId, status: mine.cancelled ? "cancelled" : "completed" } });
      if (reply === mine) reply = null;
    }
  }

  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    events,
    headers,
    setBehaviour: (next) => {
      behaviour = { ...DEFAULTS, ...next };
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A 440 Hz tone, PCM16 at 24 kHz: audible "speech" to the fake's VAD and to tests. */
export function tone(ms: number, level = 8000): Buffer {
  const samples = new Int16Array(Math.round((RATE * ms) / 1000));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(level * Math.sin((2 * Math.PI * 440 * i) / RATE));
  return Buffer.from(samples.buffer);
}

/** Silence, PCM16 at 24 kHz. */
export function quiet(ms: number): Buffer {
  return Buffer.alloc(Math.round((RATE * ms) / 1000) * 2);
}
