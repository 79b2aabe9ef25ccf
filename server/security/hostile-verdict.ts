/**
 * What a response to hostile input must never be: a 5xx (the documented 503s aside), a
 * refusal without its catalogued code (contracts/errors.ts), a stack trace or SQL in the body,
 * or another user's data. Event streams are read frame by
 * frame, since a failure there rides in an `error` event of a 200.
 */
import { parseSseFrames } from "../../contracts/chat-sse.js";
import { ERROR_CODES, errorBody } from "../../contracts/errors.js";
import { SttUnavailableMessage } from "../../contracts/voice.js";
import { catalogueCodeOf } from "../publishing/openai-api/completion-wire.js";
import { CANARY } from "./security-world.js";

export interface SentResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Patterns of server internals: stack frames, driver errors, SQL text, JS error names. */
const INTERNALS: [string, RegExp][] = [
  ["stack frame", /\bat\s+(async\s+)?[\w$.<>[\]]+\s+\(|\bat\s+\S+:\d+:\d+|node_modules|\.ts:\d+:\d+/],
  [
    "SQL",
    /\bselect\s+(?:[\w".*]+\s*,\s*)*[\w".*]+\s+from\s+"?\w|\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+"?\w+"?\s+set\b/i,
  ],
  [
    "driver error",
    /\bviolates\b|syntax error at or near|Failed query|invalid byte sequence|unsupported Unicode escape/i,
  ],
  ["error name", /\b\w*Error:/],
];

/** The 503s the API documents: no speech-to-text server, no realtime model, or (with Retry-After) the database is away. */
function isDocumented503(response: SentResponse, message: unknown): boolean {
  return (
    message === SttUnavailableMessage ||
    message === errorBody("REALTIME_UNAVAILABLE").message ||
    response.headers["retry-after"] !== undefined
  );
}

function jsonOf(body: string): { message?: unknown; code?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== "object") return undefined;
    // The /v1 API answers OpenAI's { error: { message, type, code } }: its code names a catalogued one.
    const error = (parsed as { error?: { message?: unknown; code?: unknown } }).error;
    if (error && typeof error === "object") return { message: error.message, code: catalogueCodeOf(error.code) };
    return parsed;
  } catch {
    return undefined;
  }
}

const CODES = new Set<unknown>(ERROR_CODES);

/** Errors hidden inside an event stream's `error` events. */
function streamedErrors(response: SentResponse): { status?: number; code?: unknown }[] {
  const type = String(response.headers["content-type"] ?? "");
  if (!type.startsWith("text/event-stream")) return [];
  const { frames } = parseSseFrames(response.body);
  return frames
    .filter((frame) => frame.event === "error")
    .map((frame) => JSON.parse(frame.data) as { status?: number; code?: unknown });
}

/** Everything wrong with one response; empty when it is fine. */
export function problemsWith(response: SentResponse, options: { mayShowOthersData: boolean }): string[] {
  const problems: string[] = [];
  const json = jsonOf(response.body);
  const message = json?.message;
  if (response.status >= 400 && json && !CODES.has(json.code)) problems.push(`refusal without a catalogued code`);
  if (response.status >= 500 && !(response.status === 503 && isDocumented503(response, message))) {
    problems.push(`status ${response.status}`);
  }
  for (const error of streamedErrors(response)) {
    const status = Number(error.status ?? 500);
    if (status >= 500 && status !== 503) problems.push(`streamed error ${status}`);
    if (!CODES.has(error.code)) problems.push("streamed error without a catalogued code");
  }
  // Binary answers (saved audio) are not text a person reads.
  const text = String(response.headers["content-type"] ?? "").startsWith("audio/") ? "" : response.body;
  for (const [name, pattern] of INTERNALS) if (pattern.test(text)) problems.push(`${name} in body`);
  if (!options.mayShowOthersData && response.body.includes(CANARY)) problems.push("another user's data in body");
  return problems;
}
