/**
 * A real HTTP server that speaks the OpenAI protocol, for tests and benchmarks.
 *
 * It owns the wire-level fake of every outside AI service we call: chat completions
 * (plain JSON and SSE streaming), text-to-speech, transcription, embeddings and reranking. Tests point the real
 * providers at `url` and shape failures with `setBehaviour`, so what is exercised is the
 * SDK, undici and our error mapping — not a stubbed function.
 *
 * Kept lean on purpose: the load benchmark runs hundreds of concurrent streams through it,
 * so there is no per-request logging and recording can be switched off.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { parseWav } from "../providers/tts/wav.js";
import { answerChat } from "./fake-openai-chat.js";
import { answerEmbeddings } from "./fake-openai-embeddings.js";
import { answerRerank, type FakeRerankFailure, type RerankRelevance } from "./fake-openai-rerank.js";
import {
  FAKE_MODEL_ID,
  FAKE_WAV,
  isRecord,
  parseJson,
  parseMultipart,
  readBody,
  sendError,
  sendJson,
  type MultipartForm,
} from "./fake-openai-wire.js";

export { FAKE_WAV, type MultipartFile, type MultipartForm } from "./fake-openai-wire.js";

export type FakeFailure =
  /** Everything works. */
  | "none"
  /** Every endpoint answers 500 with an OpenAI-style error body. */
  | "http-500"
  /** The request is read and never answered (for timeouts). */
  | "hang"
  /** Streaming: the socket is destroyed after `failAfterChunks` content chunks. */
  | "cut-off"
  /** Streaming: after `failAfterChunks` content chunks a data line carries invalid JSON. */
  | "malformed-chunk"
  /** Streaming: all content chunks, then a clean end with no finish_reason and no [DONE]. */
  | "end-without-finish";

export interface FakeOpenAiBehaviour {
  /** The assistant's whole reply. */
  replyText: string;
  /** How many content deltas the reply is split into when streaming. */
  chunkCount: number;
  chunkDelayMs: number;
  /** Delay before the status line is written, i.e. before the first byte. */
  firstByteDelayMs: number;
  failure: FakeFailure;
  failAfterChunks: number;
  /**
   * Streaming: after this many content chunks the reply waits until `release()` is called
   * (or the client goes away). Lets a test act at a known point of the stream — e.g. prove a
   * delta reached the browser while the model was still writing — instead of racing a delay.
   */
  holdAfterChunks: number | null;
  /** What /audio/transcriptions answers. */
  transcriptText: string;
  /**
   * A WAV shorter than `untilSeconds` is heard as `text` (the first that fits), as a real
   * transcriber hears only the words a clip cut at a pause holds; longer clips get transcriptText.
   */
  transcriptByLength: { untilSeconds: number; text: string }[];
  /**
   * A transcription asked for in one of these languages (the form's ISO `language`, "de") is
   * heard as its text: what a journey checks to know the language reached the transcriber.
   */
  transcriptByLanguage: Record<string, string>;
  /** Plain JSON replies: each request takes the next of these, then `replyText` once they run out. */
  replyQueue: string[];
  /**
   * Streaming: each request takes the next of these and answers with streamed `tool_calls`
   * (after `text`, if any) and finish_reason "tool_calls"; once they run out, `replyText` as usual.
   */
  toolCallQueue: FakeToolCallReply[];
  /** How /rerank judges a document against the query; null: the fake embeddings' cosine. */
  rerankRelevance: RerankRelevance | null;
  /** /rerank alone failing, the other endpoints answering. */
  rerankFailure: FakeRerankFailure;
}

/** A streamed reply that asks for tool calls; several calls in one are parallel calls. */
export interface FakeToolCallReply {
  text?: string;
  calls: { name: string; arguments: string }[];
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /v1/chat/completions. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** Parsed multipart/form-data body, when that is what was sent. */
  form: MultipartForm | undefined;
}

export interface FakeOpenAiOptions extends Partial<FakeOpenAiBehaviour> {
  /** Off for benchmarks: recording every request of a long load run only costs memory. */
  recordRequests?: boolean;
  /** A fixed port (e.g. for Playwright's web servers); 0, the default, picks a free one. */
  port?: number;
}

export interface FakeOpenAi {
  /** Base URL ending in /v1, ready for the SDK's baseURL. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces the behaviour: unspecified fields go back to their defaults. */
  setBehaviour(behaviour: Partial<FakeOpenAiBehaviour>): void;
  /** Lets every stream held by `holdAfterChunks` go on, and later ones pass, until the next setBehaviour. */
  release(): void;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_BEHAVIOUR: FakeOpenAiBehaviour = {
  replyText: "Hello from the fake model.",
  chunkCount: 4,
  chunkDelayMs: 0,
  firstByteDelayMs: 0,
  failure: "none",
  failAfterChunks: 1,
  holdAfterChunks: null,
  transcriptText: "Hello from the fake transcriber.",
  transcriptByLength: [],
  transcriptByLanguage: {},
  replyQueue: [],
  toolCallQueue: [],
  rerankRelevance: null,
  rerankFailure: "none",
};

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const { recordRequests = true, port: wantedPort = 0, ...initial } = options;
  let behaviour: FakeOpenAiBehaviour = { ...DEFAULT_FAKE_BEHAVIOUR, replyQueue: [], toolCallQueue: [], ...initial };
  const requests: RecordedRequest[] = [];
  let hold = createGate();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      // The client went away mid-answer; nothing left to tell it.
      res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const current = behaviour;
    const raw = await readBody(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const contentType = req.headers["content-type"] ?? "";
    const body = contentType.includes("application/json") ? parseJson(raw) : undefined;
    const form = contentType.startsWith("multipart/form-data") ? parseMultipart(raw, contentType) : undefined;
    if (recordRequests) requests.push({ method: req.method ?? "GET", path, headers: req.headers, body, form });

    if (current.failure === "hang") return;
    if (current.firstByteDelayMs > 0) await sleep(current.firstByteDelayMs);
    if (current.failure === "http-500") {
      return sendError(res, 500, "The fake server was told to fail.", "server_error");
    }

    const route = `${req.method ?? ""} ${path}`;
    if (route === "POST /v1/chat/completions") return answerChat(res, body, current, hold.opened);
    if (route === "POST /v1/audio/speech") return answerSpeech(res, body);
    if (route === "POST /v1/audio/transcriptions") return answerTranscription(res, form, current);
    if (route === "POST /v1/embeddings") {
      const { status, payload } = answerEmbeddings(body);
      return sendJson(res, status, payload);
    }
    if (route === "POST /v1/rerank") {
      const { status, payload } = answerRerank(body, current.rerankRelevance, current.rerankFailure);
      return sendJson(res, status, payload);
    }
    if (route === "GET /v1/models") {
      return sendJson(res, 200, {
        object: "list",
        data: [{ id: FAKE_MODEL_ID, object: "model", created: 0, owned_by: "fake" }],
      });
    }
    sendError(res, 404, `No route for ${route}`, "invalid_request_error");
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(wantedPort, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setBehaviour(next) {
      behaviour = { ...DEFAULT_FAKE_BEHAVIOUR, replyQueue: [], toolCallQueue: [], ...next };
      // Nothing stays held by an earlier test's behaviour.
      hold.open();
      hold = createGate();
    },
    release() {
      hold.open();
    },
    close() {
      // Hanging requests would otherwise keep close() waiting forever.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function createGate(): { opened: Promise<void>; open(): void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function answerSpeech(res: ServerResponse, body: unknown): void {
  if (!isRecord(body) || typeof body["input"] !== "string" || typeof body["voice"] !== "string") {
    return sendError(res, 400, "input and voice are required", "invalid_request_error");
  }
  // Always WAV whatever response_format asked for: encoding MP3 here would be a project of its own.
  res.writeHead(200, { "content-type": "audio/wav", "content-length": FAKE_WAV.length });
  res.end(FAKE_WAV);
}

function answerTranscription(
  res: ServerResponse,
  form: MultipartForm | undefined,
  behaviour: FakeOpenAiBehaviour,
): void {
  if (!form?.files["file"] || !form.fields["model"]) {
    return sendError(res, 400, "file and model are required", "invalid_request_error");
  }
  const language = form.fields["language"];
  const text =
    (language ? behaviour.transcriptByLanguage[language] : undefined) ??
    transcriptOf(form.files["file"].bytes, behaviour);
  if (form.fields["response_format"] === "text") {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    return void res.end(text);
  }
  sendJson(res, 200, { text });
}

function transcriptOf(bytes: Buffer, behaviour: FakeOpenAiBehaviour): string {
  if (behaviour.transcriptByLength.length === 0) return behaviour.transcriptText;
  let seconds: number;
  try {
    seconds = parseWav(bytes).durationSeconds;
  } catch {
    return behaviour.transcriptText;
  }
  return behaviour.transcriptByLength.find((entry) => seconds < entry.untilSeconds)?.text ?? behaviour.transcriptText;
}
