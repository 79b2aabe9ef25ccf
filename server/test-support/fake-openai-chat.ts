/**
 * The fake's chat completions (fake-openai.ts): plain JSON, or streamed chunk by chunk in the
 * exact shape OpenAI sends, with the failures a behaviour asks for (cut off, malformed, no
 * finish, held until released).
 */
import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { FakeOpenAiBehaviour, FakeToolCallReply } from "./fake-openai.js";
import { FAKE_MODEL_ID, isRecord, sendError, sendJson } from "./fake-openai-wire.js";

export async function answerChat(
  res: ServerResponse,
  body: unknown,
  behaviour: FakeOpenAiBehaviour,
  released: Promise<void>,
): Promise<void> {
  if (!isRecord(body) || !Array.isArray(body["messages"])) {
    return sendError(res, 400, "messages is required", "invalid_request_error");
  }
  const model = typeof body["model"] === "string" ? body["model"] : FAKE_MODEL_ID;
  const id = `chatcmpl-fake${Math.random().toString(36).slice(2, 10)}`;
  const created = Math.floor(Date.now() / 1000);

  if (body["stream"] !== true) {
    if (behaviour.failure === "cut-off") return void res.socket?.destroy();
    if (behaviour.failure === "malformed-chunk") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end('{"id": "chatcmpl-broken", "choices": [');
    }
    return sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: behaviour.replyQueue.shift() ?? behaviour.replyText, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }

  // The exact shape OpenAI sends, so any parser that works here works against the real thing.
  const chunkLine = (delta: Record<string, unknown>, finishReason: string | null): string =>
    `data: ${JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      system_fingerprint: "fp_fake",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })}\n\n`;

  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.write(chunkLine({ role: "assistant", content: "" }, null));
  const toolCalls = behaviour.toolCallQueue.shift();
  if (toolCalls) return streamToolCalls(res, toolCalls, chunkLine);

  const pieces = splitIntoPieces(behaviour.replyText, behaviour.chunkCount);
  for (const [index, piece] of pieces.entries()) {
    if (index === behaviour.holdAfterChunks) {
      const clientGone = new Promise<"gone">((resolve) => res.once("close", () => resolve("gone")));
      if ((await Promise.race([released, clientGone])) === "gone") return;
    }
    if (index === behaviour.failAfterChunks) {
      if (behaviour.failure === "cut-off") return cutOff(res);
      if (behaviour.failure === "malformed-chunk")
        return void res.end('data: {"id": "chatcmpl-broken", "choices": [\n\n');
    }
    if (index > 0 && behaviour.chunkDelayMs > 0) await sleep(behaviour.chunkDelayMs);
    if (res.destroyed) return;
    res.write(chunkLine({ content: piece }, null));
  }
  if (behaviour.failure === "cut-off") return cutOff(res);
  if (behaviour.failure === "malformed-chunk") return void res.end('data: {"id": "chatcmpl-broken", "choices": [\n\n');
  if (behaviour.failure === "end-without-finish") return void res.end();
  res.write(chunkLine({}, "stop"));
  res.end("data: [DONE]\n\n");
}

/**
 * Tool calls as OpenAI streams them: any text first, then per call a fragment with its index,
 * id, type and name and empty arguments, then the arguments in two pieces, then
 * finish_reason "tool_calls".
 */
function streamToolCalls(
  res: ServerResponse,
  reply: FakeToolCallReply,
  chunkLine: (delta: Record<string, unknown>, finishReason: string | null) => string,
): void {
  if (reply.text) res.write(chunkLine({ content: reply.text }, null));
  for (const [index, call] of reply.calls.entries()) {
    const id = `call_fake${index}${Math.random().toString(36).slice(2, 8)}`;
    const opening = { index, id, type: "function", function: { name: call.name, arguments: "" } };
    res.write(chunkLine({ tool_calls: [opening] }, null));
    const middle = Math.floor(call.arguments.length / 2);
    for (const piece of [call.arguments.slice(0, middle), call.arguments.slice(middle)]) {
      res.write(chunkLine({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
    }
  }
  res.write(chunkLine({}, "tool_calls"));
  res.end("data: [DONE]\n\n");
}

/** Destroys the socket once what was written has left, so the client really got those chunks. */
async function cutOff(res: ServerResponse): Promise<void> {
  await new Promise<void>((resolve) => res.write(": cut\n\n", () => resolve()));
  res.socket?.destroy();
}

/** Splits by code point so no delta ends inside a surrogate pair. */
function splitIntoPieces(text: string, count: number): string[] {
  const codePoints = Array.from(text);
  const pieceCount = Math.max(1, Math.min(count, codePoints.length));
  const size = Math.ceil(codePoints.length / pieceCount);
  const pieces: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) {
    pieces.push(codePoints.slice(start, start + size).join(""));
  }
  return pieces;
}
