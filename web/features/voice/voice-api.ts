/** Fetchers and query options for the voice endpoints (docs/api.md "## Voice"), kept together. */
import { queryOptions } from "@tanstack/react-query";
import { apiRoute, apiUrl } from "../../../contracts/api-routes";
import type { ChatResponse } from "../../../contracts/chat";
import { parseSseFrames } from "../../../contracts/chat-sse";
import type {
  LanguageCode,
  SttResponse,
  TtsRequest,
  TtsResponse,
  VoiceConversationCreated,
  VoiceTurnEvent,
  VoiceTurnRequest,
} from "../../../contracts/voice";
import { ApiError, apiRequest, throwIfNotOk } from "../../lib/api";

export const voiceCapabilitiesQuery = queryOptions({
  queryKey: ["/api/voice/capabilities"],
  queryFn: () => apiRequest(apiRoute("voiceCapabilities")),
});

/** The call as stored: read again while a person holds it, to speak what they type (issue 26). */
export const voiceMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: ["/api/voice-conversations", conversationId, "messages"],
    queryFn: () => apiRequest(apiRoute("voiceMessages", { id: conversationId })),
  });

/** The server stores the greeting as the conversation's first message (and its audio). */
export function createVoiceConversation(
  agentId: string,
  title: string,
  greeting: string,
): Promise<VoiceConversationCreated> {
  return apiRequest(apiRoute("startVoiceConversation"), { agentId, title, greeting });
}

/** The user spoke over a reply: what was actually said of it is what the record keeps. */
export function markReplyInterrupted(conversationId: string, messageId: string, spokenText: string): Promise<unknown> {
  return apiRequest(apiRoute("voiceInterrupted", { id: conversationId, messageId }), {
    spokenText,
  });
}

/** The call is over (hung up or time up): its duration is recorded as its wall length. */
export function endVoiceCall(conversationId: string): Promise<unknown> {
  return apiRequest(apiRoute("endVoiceConversation", { id: conversationId }));
}

/** Throws ApiError on a non-OK status; the caller then falls back to the browser's voice. */
export function synthesizeSpeech(request: TtsRequest): Promise<TtsResponse> {
  return apiRequest(apiRoute("speak"), request);
}

export function transcribeAudio(audioData: string, language: LanguageCode): Promise<SttResponse> {
  return apiRequest(apiRoute("transcribe"), { audioData, language });
}

/** A clip the server did not transcribe itself, linked to the user message it is the recording of. */
export function saveTurnAudio(conversationId: string, audioData: string, messageId: string): Promise<unknown> {
  return apiRequest(apiRoute("saveVoiceAudio", { id: conversationId }), { audioData, messageId });
}

/** A failed voice turn's words, sent as a text chat message so nothing the user said is lost. */
export function sendAsTextMessage(agentId: string, message: string): Promise<ChatResponse> {
  return apiRequest(apiRoute("chat", { agentId }), { message, conversationId: null });
}

/**
 * POSTs a streaming turn and yields its events as they arrive. A refusal before the stream
 * (404, 409 time limit, 423, 503) throws ApiError; failures after it arrive as `error` events.
 */
export async function* streamVoiceTurn(
  conversationId: string,
  body: VoiceTurnRequest,
  signal: AbortSignal,
): AsyncGenerator<VoiceTurnEvent> {
  const res = await fetch(apiUrl("voiceTurn", { id: conversationId }), {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  await throwIfNotOk(res);
  performance.mark("voice:turn-response");
  if (!res.body) throw new ApiError(502, "", "The turn answered without a body");
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    const parsed = parseSseFrames(buffer);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      yield { event: frame.event, data: JSON.parse(frame.data) as unknown } as VoiceTurnEvent;
    }
  }
}

/** The realtime call's socket on our own origin (the server holds the provider's key and relays). */
export function realtimeCallUrl(conversationId: string, language: LanguageCode): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${apiUrl("realtimeCall", { id: conversationId }, { language })}`;
}
