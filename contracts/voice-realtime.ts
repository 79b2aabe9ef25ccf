/**
 * The realtime call's socket between the browser and our server
 * (GET /api/voice-conversations/{id}/realtime, a WebSocket): the server holds the provider's
 * key and relays. Binary frames both ways are PCM16 mono at REALTIME_SAMPLE_RATE: the
 * microphone in, the model's voice out. Text frames are these JSON messages.
 */
export const REALTIME_SAMPLE_RATE = 24_000;

/** Browser → server. */
export type RealtimeClientMessage =
  /** How much of the current reply the browser has played, in ms (for the truncate on barge-in). */
  { type: "played"; ms: number };

/** Server → browser. */
export type RealtimeServerMessage =
  | { type: "ready" }
  /** What the person said (the provider's transcription), stored. */
  | { type: "user"; text: string }
  | { type: "agent-delta"; text: string }
  /** The person spoke over the reply: stop playing it now (the provider cut it). */
  | { type: "barge-in" }
  /** A reply ended and was stored: its words as heard, and whether it was cut. */
  | { type: "agent-done"; text: string; interrupted: boolean }
  /** The provider failed: the dialog goes on with the cascade (detector, transcription, model, speech). */
  | { type: "fallback"; message: string };
