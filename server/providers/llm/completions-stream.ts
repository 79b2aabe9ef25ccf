/**
 * The wire under the OpenAI-compatible LLM: one streamed POST to `/chat/completions` over a
 * kept-alive undici connection pool, its server-sent events parsed as the bytes arrive
 * (eventsource-parser), each `data:` line handed on as parsed JSON until `data: [DONE]`.
 *
 * Why not the openai SDK or fetch: profiling put 42 % of the app's CPU per chat in the SDK and
 * the fetch/web-streams layers beneath it (docs/decisions/053-own-provider-client-and-sse-writer.md). Here a response
 * chunk goes from undici's parser callback to JSON.parse with no stream objects between.
 *
 * It owns the translation of what the wire can do wrong into LlmProviderError (an error status,
 * an unreachable server, a body cut off, a line that is not JSON, an error object in the stream);
 * an abort is thrown as the signal's reason, for the caller to name (it knows which timer fired).
 */
import { StringDecoder } from "node:string_decoder";
import { createParser, type EventSourceMessage, type EventSourceParser } from "eventsource-parser";
import { Pool, type Dispatcher } from "undici";
import { LlmProviderError } from "./llm-provider.js";
import { providerErrorText, rememberSecret } from "../../http/credential-redaction.js";

export interface CompletionsEndpoint {
  pool: Dispatcher;
  path: string;
  headers: Record<string, string>;
}

/** An event larger than this is not a completion chunk; the parser stops instead of buffering for ever. */
const MAX_EVENT_CHARS = 1024 * 1024;
/**
 * How long a response may stay open after `data: [DONE]` before it is closed: the end of the
 * HTTP body usually follows in the next packet, and waiting for it keeps the connection reusable.
 */
const AFTER_DONE_GRACE_MS = 5_000;
/** Enough of an error answer to find its message; the rest of a proxy's HTML page is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export function createCompletionsEndpoint(options: { baseUrl: string; apiKey?: string }): CompletionsEndpoint {
  const url = new URL(options.baseUrl);
  const pool = new Pool(url.origin, {
    // One connection per concurrent stream (HTTP/1.1), kept open between replies. undici's
    // own 4 s idle limit stays: below the 5 s most servers close at, so a reused connection
    // is never one the server is closing (a POST is not retried).
    connections: null,
    // The reply's watchdog bounds the first byte and the whole reply; undici's timers would only race it.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (options.apiKey) headers["authorization"] = `Bearer ${options.apiKey}`;
  rememberSecret(options.apiKey);
  return { pool, path: `${url.pathname.replace(/\/+$/, "")}/chat/completions${url.search}`, headers };
}

/**
 * Sends `body` and yields each streamed chunk, parsed. Ends after `[DONE]` or when the server
 * ends the response. Stopping early (return or throw from the loop) aborts the request.
 */
export function streamCompletionChunks(
  endpoint: CompletionsEndpoint,
  body: string,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  const call = new CompletionsCall(signal);
  if (!signal.aborted) {
    endpoint.pool.dispatch({ method: "POST", path: endpoint.path, headers: endpoint.headers, body }, call);
  }
  return call.chunks();
}

/** One request's state, fed by undici's handler callbacks and drained by `chunks()`. */
class CompletionsCall implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private readonly queue: unknown[] = [];
  private next = 0;
  private failure: unknown = null;
  /** The response ended, or `[DONE]` arrived: nothing more will be queued. */
  private done = false;
  private sawDoneLine = false;
  private graceTimer: NodeJS.Timeout | null = null;
  private responseEnded = false;
  private wake: (() => void) | null = null;
  private status = 0;
  private decoder: StringDecoder | null = null;
  private parser: EventSourceParser | null = null;
  private errorBody: Buffer[] = [];
  private errorBodyBytes = 0;

  constructor(private readonly signal: AbortSignal) {
    if (signal.aborted) this.failure = signal.reason;
    else signal.addEventListener("abort", this.onAbort, { once: true });
  }

  private readonly onAbort = () => this.fail(this.signal.reason);

  async *chunks(): AsyncGenerator<unknown> {
    try {
      for (;;) {
        if (this.next < this.queue.length) {
          const chunk = this.queue[this.next];
          this.queue[this.next++] = undefined;
          yield chunk;
          continue;
        }
        this.queue.length = this.next = 0;
        if (this.failure !== null) throw this.failure;
        if (this.done) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      this.signal.removeEventListener("abort", this.onAbort);
      if (this.graceTimer) clearTimeout(this.graceTimer);
      // The consumer stopped before the reply ended: close it rather than read what nobody wants.
      this.abortRequest(new Error("The reply stream was closed by its reader"));
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // Aborted while waiting for a connection: undici learns of it only now.
    if (this.failure !== null) controller.abort(toError(this.failure));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
    if (statusCode >= 300) return;
    this.decoder = new StringDecoder("utf8");
    this.parser = createParser({
      onEvent: (event) => this.onEvent(event),
      onError: (error) => {
        // Unknown fields and bad retry values are ignorable, as the SSE spec says; an endless event is not.
        if (error.type === "max-buffer-size-exceeded") this.fail(malformed("held an event too large to be a chunk"));
      },
      maxBufferSize: MAX_EVENT_CHARS,
    });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.failure !== null || this.done || this.sawDoneLine) return;
    if (this.parser && this.decoder) {
      this.parser.feed(this.decoder.write(chunk));
      return;
    }
    if (this.errorBodyBytes < MAX_ERROR_BODY_BYTES) {
      this.errorBody.push(chunk);
      this.errorBodyBytes += chunk.length;
    }
  }

  onResponseEnd(): void {
    this.responseEnded = true;
    if (this.graceTimer) clearTimeout(this.graceTimer);
    if (this.status >= 300) return this.fail(httpError(this.status, Buffer.concat(this.errorBody)));
    this.parser?.feed(this.decoder?.end() ?? "");
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.responseEnded = true;
    if (this.graceTimer) clearTimeout(this.graceTimer);
    // A connection dropped after the whole reply and its [DONE] lost nothing.
    if (this.sawDoneLine) return this.finish();
    // Past the status line, a network error means the body was cut off mid-way.
    if (this.status > 0) return this.fail(malformed("was cut off before it finished"));
    this.fail(new LlmProviderError(`Could not reach the model service: ${String(error)}`, "http"));
  }

  private onEvent(event: EventSourceMessage): void {
    if (this.done || this.sawDoneLine || this.failure !== null) return;
    if (event.data === "[DONE]") return this.awaitEndAfterDone();
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      return this.fail(malformed("held invalid JSON"));
    }
    // OpenAI and most proxies report a failure mid-stream as an error object in place of a chunk.
    if (typeof chunk === "object" && chunk !== null && "error" in chunk && chunk.error) {
      return this.fail(
        new LlmProviderError(
          `The model service failed: ${providerErrorText(errorMessageOf(chunk) ?? "an error")}`,
          "http",
        ),
      );
    }
    this.queue.push(chunk);
    this.wakeReader();
  }

  /**
   * The reply is complete, but the reader is told so only with the body's end, which usually
   * follows in the next packet: returning earlier would close a connection the pool could reuse.
   */
  private awaitEndAfterDone(): void {
    this.sawDoneLine = true;
    this.graceTimer = setTimeout(() => {
      this.abortRequest(new Error("The response stayed open after [DONE]"));
      this.finish();
    }, AFTER_DONE_GRACE_MS);
  }

  private finish(): void {
    this.done = true;
    this.wakeReader();
  }

  /** The first failure wins; the request is stopped so no more bytes are read. */
  private fail(error: unknown): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.abortRequest(toError(error));
    this.wakeReader();
  }

  private abortRequest(reason: Error): void {
    if (this.responseEnded) return;
    this.responseEnded = true;
    this.controller?.abort(reason);
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

function malformed(what: string): LlmProviderError {
  return new LlmProviderError(`The model's reply stream ${what}`, "malformed");
}

/** The status, and the service's own message when its body is OpenAI's JSON error shape. */
function httpError(status: number, body: Buffer): LlmProviderError {
  let message: string | null = null;
  try {
    message = errorMessageOf(JSON.parse(body.toString("utf8")));
  } catch {
    // An HTML page from a proxy, or nothing: the status says enough.
  }
  return new LlmProviderError(
    `The model service failed (HTTP ${status})${message ? `: ${providerErrorText(message)}` : ""}`,
    "http",
  );
}

/** `{ error: { message } }` (OpenAI), `{ error: "…" }` or `{ message }` (others). */
function errorMessageOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const error = record["error"];
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const message = (error as Record<string, unknown>)["message"];
    if (typeof message === "string") return message;
  }
  return typeof record["message"] === "string" ? record["message"] : null;
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
