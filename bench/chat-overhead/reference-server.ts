/**
 * Child process of the chat-overhead benchmark: the minimal reference issue 20 measures the app
 * against. Raw `node:http` and `pg` doing what one chat must do and nothing else: resolve the
 * session (cached per cookie, as the app caches it on PostgreSQL), run the turn's own three
 * statements — beginTurn and readTurnContext side by side, storeReplyWithUsage after the reply —
 * built by the app's query functions so the SQL and its values are the same, relay the fake
 * model's stream as the same SSE frames, and write the reply. No framework, no hooks, no
 * validation, no security lock, no quotas' warnings or live events: the difference between the
 * two is what the app's own machinery costs.
 *
 * Same IPC as app-server.ts: reports its URL, answers "cpu" and the profile window.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { formatSseFrame, parseSseFrames } from "../../contracts/chat-sse.js";
import { toPersona } from "../../server/agents/agent-view.js";
import { findSessionByHash, hashSessionId } from "../../server/auth/sessions.js";
import type { Db } from "../../server/db/connect.js";
import { storeReplyWithUsage } from "../../server/conversations/reply-queries.js";
import { readTurnContext } from "../../server/conversations/turn-context-query.js";
import { beginTurn } from "../../server/conversations/turn-queries.js";
import { composeSystemPrompt } from "../../server/providers/llm/system-prompt.js";
import { answerBenchRequests } from "./cpu-child.js";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const llmUrl = process.env.BENCH_LLM_URL;
const sessionSecret = process.env.BENCH_SESSION_SECRET;
if (!databaseUrl || !llmUrl || !sessionSecret)
  throw new Error("BENCH_DATABASE_URL, BENCH_LLM_URL and BENCH_SESSION_SECRET are required");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// The query functions need only the driver drizzle carries as $client: they run prepared statements on it.
const db = drizzle(pool) as unknown as Db;
const users = new Map<string, string>();
/** As the app's turn reads it (server/conversations/turn.ts). */
const HISTORY_ROW_LIMIT = 200;

async function userOf(cookieHeader: string | undefined): Promise<string | null> {
  const id = /(?:^|;\s*)sid=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (!id) return null;
  const hash = hashSessionId(sessionSecret ?? "", decodeURIComponent(id));
  const known = users.get(hash);
  if (known) return known;
  const found = await findSessionByHash(db, hash, new Date());
  if (!found) return null;
  users.set(hash, found.user.id);
  return found.user.id;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}

async function chat(req: IncomingMessage, res: ServerResponse, agentId: string): Promise<void> {
  const userId = await userOf(req.headers.cookie);
  if (!userId) {
    res.writeHead(401).end();
    return;
  }
  const { message, conversationId = null } = JSON.parse(await readBody(req)) as {
    message: string;
    conversationId?: string | null;
  };
  const now = new Date();
  const messageId = randomUUID();
  const ids = { userId, agentId, conversationId };
  const placement = { kind: "append" as const };
  const [begun, context] = await Promise.all([
    beginTurn(db, {
      ...ids,
      title: "",
      messageId,
      message,
      language: null,
      now,
      placement,
      reserve: { tokens: 0, voiceSeconds: 0 },
    }),
    readTurnContext(db, { ...ids, messageId, placement, now, historyLimit: HISTORY_ROW_LIMIT }),
  ]);
  if (begun.outcome !== "stored" || !context.agent) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(formatSseFrame("conversation", { conversationId: begun.conversationId }));

  const started = performance.now();
  const model = await fetch(`${llmUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer not-needed" },
    body: JSON.stringify({
      model: "fake-model",
      stream: true,
      messages: [
        { role: "system", content: composeSystemPrompt(toPersona(context.agent)) },
        ...context.history.map((turn) => ({ role: turn.role, content: turn.content })),
        { role: "user", content: message },
      ],
    }),
  });
  let reply = "";
  let firstTokenMs: number | null = null;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of model.body ?? []) {
    const parsed = parseSseFrames(buffer + decoder.decode(chunk as Uint8Array, { stream: true }));
    buffer = parsed.rest;
    for (const frame of parsed.frames) {
      if (frame.data === "[DONE]") continue;
      const delta = (JSON.parse(frame.data) as { choices: { delta?: { content?: string } }[] }).choices[0]?.delta
        ?.content;
      if (!delta) continue;
      firstTokenMs ??= performance.now() - started;
      reply += delta;
      res.write(formatSseFrame("delta", { text: delta }));
    }
  }
  await storeReplyWithUsage(
    db,
    { conversationId: begun.conversationId, content: reply, status: "complete", offline: false, language: null, now },
    {
      userId,
      agentId,
      agentName: context.agent.name,
      conversationId: begun.conversationId,
      provider: "openai",
      model: "fake-model",
      promptTokens: 0,
      completionTokens: 0,
      toolCalls: 0,
      tokensEstimated: true,
      firstTokenMs: firstTokenMs === null ? null : Math.round(firstTokenMs),
      totalMs: Math.round(performance.now() - started),
      outcome: "complete",
      startedConversation: begun.started,
      voiceSecondsHeard: 0,
      voiceSecondsSpoken: 0,
      language: null,
      at: new Date(),
    },
  );
  res.end(formatSseFrame("done", { conversationId: begun.conversationId }));
}

const server = createServer((req, res) => {
  const agentId = /^\/api\/chat\/([^/?]+)$/.exec(req.url ?? "")?.[1];
  if (req.method !== "POST" || !agentId) {
    res.writeHead(404).end();
    return;
  }
  chat(req, res, agentId).catch((error: unknown) => {
    if (!res.headersSent) res.writeHead(500);
    res.end(formatSseFrame("error", { message: String(error) }));
  });
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ ready: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
answerBenchRequests();
process.on("disconnect", () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
