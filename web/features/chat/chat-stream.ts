/**
 * Sends one chat message and reads the server's event stream (docs/api.md, "Chat") with
 * fetch + a ReadableStream reader, so each delta reaches the screen the moment it arrives.
 * Failures become ApiError, like every other call (spec section 8).
 */
import { apiUrl } from "../../../contracts/api-routes";
import {
  CHAT_SSE_EVENTS,
  type ChatRequest,
  type ChatResponse,
  type ChatSseConversation,
  type ChatSseError,
  type ChatSseToolCall,
  type ChatSseToolResult,
} from "../../../contracts/chat";
import { parseSseFrames } from "../../../contracts/chat-sse";
import { ApiError, throwIfNotOk } from "../../lib/api";

export interface ChatStreamHandlers {
  onConversation?(event: ChatSseConversation): void;
  onDelta?(text: string): void;
  /** The agent calls a tool, or one waits for approval (issue 24). */
  onToolCall?(event: ChatSseToolCall): void;
  onToolResult?(event: ChatSseToolResult): void;
}

export async function sendChatMessage(
  agentId: string,
  request: ChatRequest,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  const res = await fetch(apiUrl("chat", { agentId }), {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(request),
    signal,
  });
  // Refusals (400, 404, 409, 423) come before the stream starts, as plain JSON.
  await throwIfNotOk(res);
  if (!res.body || !(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    return (await res.json()) as ChatResponse;
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseSseFrames(buffer + value);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      if (frame.event === CHAT_SSE_EVENTS.conversation)
        handlers.onConversation?.(JSON.parse(frame.data) as ChatSseConversation);
      else if (frame.event === CHAT_SSE_EVENTS.delta)
        handlers.onDelta?.((JSON.parse(frame.data) as { text: string }).text);
      else if (frame.event === CHAT_SSE_EVENTS.toolCall)
        handlers.onToolCall?.(JSON.parse(frame.data) as ChatSseToolCall);
      else if (frame.event === CHAT_SSE_EVENTS.toolResult)
        handlers.onToolResult?.(JSON.parse(frame.data) as ChatSseToolResult);
      else if (frame.event === CHAT_SSE_EVENTS.done) {
        await reader.cancel();
        return JSON.parse(frame.data) as ChatResponse;
      } else if (frame.event === CHAT_SSE_EVENTS.error) {
        const error = JSON.parse(frame.data) as ChatSseError;
        throw new ApiError(error.status, JSON.stringify({ message: error.message }), "Bad Gateway");
      }
    }
  }
  // The connection ended without `done` or `error`: the server or the network dropped it.
  throw new ApiError(502, JSON.stringify({ message: "The reply stream ended unexpectedly" }), "Bad Gateway");
}
