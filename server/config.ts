/** Configuration: the environment read once, validated with zod. Every knob is documented in README.md. */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { VOICE_APPROVAL_WAIT_MS } from "../contracts/voice-approval.js";
import {
  DEFAULT_EXTRACT_LIMITS,
  EXTRACT_MEMORY_BUDGET_MB,
  EXTRACT_QUEUE_MAX,
  KNOWLEDGE_UPLOADS_PER_USER_DEFAULT,
  LOGIN_ACCOUNT_LOCK_FAILURES_DEFAULT,
  LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES_DEFAULT,
  LOGIN_THROTTLE_MAX_DELAY_SECONDS_DEFAULT,
  LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS_DEFAULT,
  VOICE_SESSION_SECONDS_DEFAULT,
} from "../contracts/limits.js";

const MB = 1024 * 1024;

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  SESSION_SECRET: optionalString,
  // 32 bytes (64 hex digits or base64) sealing tools' secrets; unset = derived from SESSION_SECRET (server/tools/secret-box.ts).
  SECRETS_KEY: optionalString,
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  OWNER_EMAIL: optionalString,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  LLM_HISTORY_CHARS: z.coerce.number().int().positive().default(12_000),
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default("tts-1"),
  // Unset = one embedded speech engine worker per core (see server/providers/tts/espeak-tts.ts).
  TTS_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default("whisper-1"),
  // An OpenAI Realtime-compatible speech-to-speech model (voice/realtime-call.ts); unset = the cascade only.
  REALTIME_BASE_URL: optionalUrl,
  REALTIME_API_KEY: optionalString,
  REALTIME_MODEL: z.string().default("gpt-4o-realtime-preview"),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_MODEL: z.string().default("text-embedding-3-small"),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // A `/rerank` service (Cohere, Jina, vLLM…) that reorders a turn's best passages; unset = the search's own order.
  RERANK_BASE_URL: optionalUrl,
  RERANK_API_KEY: optionalString,
  RERANK_MODEL: z.string().default("BAAI/bge-reranker-v2-m3"),
  // A turn waits this long at most before its first token; past it the passages keep the search's order.
  RERANK_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  VOICE_SESSION_SECONDS: z.coerce.number().int().positive().default(VOICE_SESSION_SECONDS_DEFAULT),
  // How long a voice call waits for the caller's yes or no to a tool call (decision 149).
  VOICE_APPROVAL_WAIT_MS: z.coerce.number().int().positive().default(VOICE_APPROVAL_WAIT_MS),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Long enough for a 12 MB voice upload on a slow mobile link; streaming answers are not bound by it.
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  // Above the 60 s idle timeout of common load balancers, so a proxy never reuses a socket being closed.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(65_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  // Sign-in throttling (server/auth/login-throttle.ts): the longest wait after repeated failures
  // of one account from one address (or one device), and of a whole address or /24 (/64) range
  // on any accounts, which colleagues behind one NAT share; the account-wide lock for browsers
  // without the account's device cookie engages at LOCK_FAILURES failures inside LOCK_WINDOW.
  LOGIN_THROTTLE_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(LOGIN_THROTTLE_MAX_DELAY_SECONDS_DEFAULT),
  LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS_DEFAULT),
  LOGIN_ACCOUNT_LOCK_FAILURES: z.coerce.number().int().positive().default(LOGIN_ACCOUNT_LOCK_FAILURES_DEFAULT),
  LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES_DEFAULT),
  // Quota reservations (server/usage/queries.ts): each admitted turn reserves an estimate of its
  // cost inside the statement that admits it, settled to the real figure when it ends, so
  // concurrent turns see each other and a month quota is overrun by at most one turn's estimate.
  // Tokens reserved per turn on top of its message's own (characters / 4): history, system prompt, reply.
  QUOTA_TURN_TOKEN_ESTIMATE: z.coerce.number().int().min(0).default(2_000),
  // Seconds of speech reserved per voice turn for the reply, on top of what the user said.
  QUOTA_VOICE_REPLY_SECONDS_ESTIMATE: z.coerce.number().int().min(0).default(30),
  // Concurrent work per user and per company (server/http/concurrency-caps.ts), refused with 429 +
  // Retry-After before the request takes a database connection. Counted per instance.
  USER_CONCURRENT_TURNS: z.coerce.number().int().positive().default(4),
  COMPANY_CONCURRENT_TURNS: z.coerce.number().int().positive().default(32),
  USER_CONCURRENT_SPEECH: z.coerce.number().int().positive().default(2),
  COMPANY_CONCURRENT_SPEECH: z.coerce.number().int().positive().default(8),
  CONCURRENCY_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(2),
  // A user message with no reply this long after it was stored belongs to a dead turn (a crash or
  // an outage): the sweep (server/conversations/unfinished-turns.ts) gives it a failed reply. Longer than any
  // live turn can take (LLM_TIMEOUT_MS and the voice stages), so instances never sweep each other's.
  UNFINISHED_TURN_AFTER_MS: z.coerce.number().int().min(0).default(600_000),
  UNFINISHED_TURN_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(300_000),
  // A conversation idle this long gets its outcome extracted (server/outcomes/sweep.ts, issue 26),
  // looked for this often (0: never by itself; the server tests sweep on a moved clock instead).
  OUTCOME_IDLE_AFTER_MS: z.coerce.number().int().min(0).default(600_000),
  OUTCOME_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // How long a user who asked for a person is told to wait before the agent carries on alone
  // (server/takeover/handoff-request.ts, issue 26).
  HANDOFF_WAIT_MINUTES: z.coerce.number().int().min(1).max(120).default(5),
  // Knowledge extraction (server/knowledge/extract/extract-limits.ts): the bytes a file's
  // compressed parts may inflate to (RATIO × its size, at most MAX_MB in all and STREAM_MAX_MB
  // per stream or zip part), a PDF's pages and objects, and the memory reading may add.
  KNOWLEDGE_INFLATE_RATIO: z.coerce.number().positive().default(DEFAULT_EXTRACT_LIMITS.inflateRatio),
  KNOWLEDGE_INFLATE_MAX_MB: z.coerce
    .number()
    .positive()
    .default(DEFAULT_EXTRACT_LIMITS.inflateMaxBytes / MB),
  KNOWLEDGE_INFLATE_STREAM_MAX_MB: z.coerce
    .number()
    .positive()
    .default(DEFAULT_EXTRACT_LIMITS.inflateStreamMaxBytes / MB),
  KNOWLEDGE_PDF_MAX_PAGES: z.coerce.number().int().positive().default(DEFAULT_EXTRACT_LIMITS.pdfMaxPages),
  KNOWLEDGE_PDF_MAX_OBJECTS: z.coerce.number().int().positive().default(DEFAULT_EXTRACT_LIMITS.pdfMaxObjects),
  KNOWLEDGE_EXTRACT_MEMORY_MB: z.coerce.number().int().positive().default(EXTRACT_MEMORY_BUDGET_MB),
  // Files waiting to be read at once (companies take turns), and a person's uploads, pastes and
  // re-indexings in flight at once (more are refused with 429 + Retry-After before any work).
  KNOWLEDGE_EXTRACT_QUEUE_MAX: z.coerce.number().int().positive().default(EXTRACT_QUEUE_MAX),
  KNOWLEDGE_UPLOADS_PER_USER: z.coerce.number().int().positive().default(KNOWLEDGE_UPLOADS_PER_USER_DEFAULT),
});

export type Config = z.infer<typeof EnvSchema> & { sessionSecret: string; dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  const sessionSecret = parsed.data.SESSION_SECRET ?? readOrCreateSecret(dataDir);
  return { ...parsed.data, dataDir, sessionSecret };
}

/** A generated secret is kept in DATA_DIR so sessions survive restarts; several instances must share SESSION_SECRET. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
