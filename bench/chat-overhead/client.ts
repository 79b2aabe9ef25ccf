/**
 * The benchmark's client side: one streamed chat through our SSE API, or the same request
 * straight to the fake provider, timed to the first token and to the end.
 */
import { parseSseFrames } from "../../contracts/chat-sse.js";

export interface Timing {
  ttftMs: number;
  totalMs: number;
}

export interface BenchUser {
  cookie: string;
  agentId: string;
  conversationId: string | null;
}

/** Reads an SSE body, calling `onData(event, data)` per frame; stops when it returns true. */
async function readEvents(res: Response, onData: (event: string, data: string) => boolean): Promise<void> {
  if (!res.body) throw new Error(`no body (status ${res.status})`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseSseFrames(buffer + value);
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      if (onData(frame.event, frame.data)) {
        await reader.cancel();
        return;
      }
    }
  }
}

export async function chatThroughApp(appUrl: string, user: BenchUser, message: string): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/chat/${user.agentId}`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ message, conversationId: user.conversationId }),
  });
  if (!res.ok) throw new Error(`chat ${res.status}: ${await res.text()}`);
  let ttftMs = -1;
  let totalMs = -1;
  await readEvents(res, (event, data) => {
    if (event === "conversation") user.conversationId = (JSON.parse(data) as { conversationId: string }).conversationId;
    if (event === "delta" && ttftMs < 0) ttftMs = performance.now() - started;
    if (event === "error") throw new Error(`chat error event: ${data}`);
    if (event === "done") totalMs = performance.now() - started;
    return event === "done";
  });
  if (ttftMs < 0 || totalMs < 0) throw new Error("stream ended without a delta and done");
  return { ttftMs, totalMs };
}

export async function chatDirect(llmUrl: string, message: string): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${llmUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer not-needed" },
    body: JSON.stringify({
      model: "fake-model",
      stream: true,
      messages: [
        { role: "system", content: "You are a benchmark agent." },
        { role: "user", content: message },
      ],
    }),
  });
  if (!res.ok) throw new Error(`direct ${res.status}: ${await res.text()}`);
  let ttftMs = -1;
  let totalMs = -1;
  await readEvents(res, (_event, data) => {
    if (data === "[DONE]") {
      totalMs = performance.now() - started;
      return true;
    }
    const chunk = JSON.parse(data) as { choices: { delta?: { content?: string } }[] };
    if (ttftMs < 0 && chunk.choices[0]?.delta?.content) ttftMs = performance.now() - started;
    return false;
  });
  return { ttftMs, totalMs };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
