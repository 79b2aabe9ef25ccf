/**
 * The realtime call's socket between the browser and our server
 * (GET /api/voice-conversations/{id}/realtime, a WebSocket): the server holds the provider's
 * key and relays. Binary frames both ways are PCM16 mono at REALTIME_SAMPLE_RATE: the
 * microphone in, the model's voice out. Text frames are these JSON messages.
 */
export const REALTIME_SAMPLE_RATE = 24_000;

/** Browser → server. */
export type RealtimeClientMessage =
  /**
   * How much of reply `reply` (the number its `reply-start` gave) the browser has played, in ms,
   * for the truncate on barge-in. A report still on its way when the next reply began names the
   * old reply, and the server drops it rather than cut the new one by it.
   */
  { type: "played"; ms: number; reply: number };

/** Server → browser. */
export type RealtimeServerMessage =
  | { type: "ready" }
  /** What the person said (the provider's transcription), stored. */
  | { type: "user"; text: string }
  /**
   * A new reply's audio follows (sent before its first binary frame): the browser counts what it
   * plays from zero again. Replies are numbered 1, 2, … on this socket.
   */
  | { type: "reply-start"; reply: number }
  | { type: "agent-delta"; text: string }
  /** The person spoke over the reply: stop playing it now (the provider cut it). */
  | { type: "barge-in" }
  /** A reply ended and was stored: its words as heard, and whether it was cut. */
  | { type: "agent-done"; text: string; interrupted: boolean }
  /** The provider failed: the dialog goes on with the cascade (detector, transcription, model, speech). */
  | { type: "fallback"; message: string };
