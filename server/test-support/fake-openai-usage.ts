/**
 * The fake OpenAI server, as a provider that reports usage: a pass-through HTTP proxy in front
 * of startFakeOpenAi that adds OpenAI's usage chunk (`choices: []`, `usage: {…}`) before a
 * stream's `data: [DONE]`, as OpenAI does when asked with stream_options.include_usage.
 * Everything else, including every failure the fake can play, passes through untouched.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeOpenAi } from "./fake-openai.js";

export interface ReportedUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface UsageReportingFake {
  /** Base URL ending in /v1, like the fake's own. */
  url: string;
  /** Request bodies of the chat completions that passed, parsed. */
  chatRequests: unknown[];
  close(): Promise<void>;
}

const DONE = "data: [DONE]\n\n";

export async function startUsageReportingFake(fake: FakeOpenAi, usage: ReportedUsage): Promise<UsageReportingFake> {
  const target = new URL(fake.url);
  const chatRequests: unknown[] = [];
  const server = createServer((req, res) => {
    void forward(req, res).catch(() => res.destroy());
  });

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.url?.endsWith("/chat/completions")) chatRequests.push(JSON.parse(body.toString("utf8")));
    const upstream = httpRequest({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    });
    upstream.end(body);
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      upstream.once("response", resolve);
      upstream.once("error", reject);
    });
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    if (!String(answer.headers["content-type"] ?? "").startsWith("text/event-stream")) {
      answer.pipe(res);
      return;
    }
    // Held back until the end, so "[DONE]" is recognised even when it arrives in two pieces.
    let tail = "";
    answer.setEncoding("utf8");
    answer.on("data", (text: string) => {
      const joined = tail + text;
      tail = joined.slice(-DONE.length);
      res.write(joined.slice(0, -DONE.length));
    });
    answer.on("end", () => {
      res.end(tail === DONE ? usageChunk(usage) + DONE : tail);
    });
    answer.on("error", () => res.destroy());
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    chatRequests,
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function usageChunk(usage: ReportedUsage): string {
  const chunk = {
    id: "chatcmpl-fake-usage",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
    },
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}
