/** Every limit and constant the server and the web app share, named once (spec section 9). */

export const PASSWORD_MIN_LENGTH = 6;
export const AGENT_LIMIT_PER_COMPANY = 10;
export const AGENT_NAME_MAX = 80;
export const AGENT_DESCRIPTION_MAX = 2000;
export const AGENT_CUSTOM_PROMPT_MAX = 8000;
export const AGENT_TEXT_FIELD_MAX = 500;
export const CHAT_MESSAGE_MAX = 8000;
export const SECURITY_LOCK_MINUTES = 30;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const AUDIO_BODY_LIMIT_BYTES = 12 * 1024 * 1024;
export const AUDIO_MAX_BYTES = 8 * 1024 * 1024;
export const TTS_TEXT_MAX = 4000;
export const ERROR_REPORTS_PER_HOUR = 20;
export const RECENT_ITEMS_ON_DASHBOARD = 3;
export const TEMPLATE_TRACKED_PREVIEW = 3;
export const VOICE_SESSION_SECONDS_DEFAULT = 600;
export const VOICE_INACTIVITY_MS = 60_000;
export const VOICE_CLOSE_DELAY_MS = 1000;
export const VOICE_RESTART_MS = 5000;
export const VOICE_RESTART_DELAY_MS = 100;
export const TYPING_REVEAL_MS_PER_CHAR = 60;
export const ADMIN_USERS_PAGE_SIZE = 100;
/**
 * Sign-in throttling (server/auth/login-throttle.ts), after OWASP: the attacker is slowed, the
 * account is not locked. Failures count inside LOGIN_FAILURE_WINDOW_MINUTES. Past its free
 * failures, each scope waits a delay from its latest failure that doubles with every further
 * failure, from LOGIN_THROTTLE_BASE_DELAY_SECONDS up to a cap (server/config.ts: 15 minutes for
 * one account from one address or one device, 1 minute for a whole address or range, so that
 * colleagues behind one NAT are never held longer). A browser with a device cookie for the
 * account is judged by its own failures alone.
 */
export const LOGIN_THROTTLE_FREE_PER_ACCOUNT_AND_ADDRESS = 5;
export const LOGIN_THROTTLE_FREE_PER_DEVICE = 10;
export const LOGIN_THROTTLE_FREE_PER_ADDRESS = 20;
/** The /24 (IPv4) or /64 (IPv6) around the address. */
export const LOGIN_THROTTLE_FREE_PER_RANGE = 50;
export const LOGIN_THROTTLE_BASE_DELAY_SECONDS = 1;
export const LOGIN_THROTTLE_MAX_DELAY_SECONDS_DEFAULT = 15 * 60;
export const LOGIN_THROTTLE_SHARED_MAX_DELAY_SECONDS_DEFAULT = 60;
/**
 * The account-wide lock, for browsers without the account's device cookie: only at a volume
 * of failures no office produces (each address and range being throttled, it takes dozens of
 * networks). An admin's unlock lifts it at once. Tunable in server/config.ts.
 */
export const LOGIN_ACCOUNT_LOCK_FAILURES_DEFAULT = 1000;
export const LOGIN_ACCOUNT_LOCK_WINDOW_MINUTES_DEFAULT = 60;
export const DEVICE_COOKIE_DAYS = 365;

// Knowledge extraction's configurable bounds (server/knowledge/extract/extract-limits.ts uses
// them; server/config.ts lets an operator change them through KNOWLEDGE_* variables).

/** The work one file may cost extraction, beyond its upload size. */
export interface ExtractLimits {
  /** A document's compressed parts may inflate to this many times the file's size… */
  inflateRatio: number;
  /** …but never past this many bytes in all… */
  inflateMaxBytes: number;
  /** …nor past this many bytes for any one stream or zip part. */
  inflateStreamMaxBytes: number;
  /** Pages a PDF may declare. */
  pdfMaxPages: number;
  /** Indirect objects a PDF may hold (in the file and in its object streams). */
  pdfMaxObjects: number;
}

const EXTRACT_MB = 1024 * 1024;

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  inflateRatio: 50,
  // A 20 MB manual with its fonts inflates to ~60 MB; PDF.js holds what it inflates outside
  // the V8 heap, so this is also roughly what a file may add to the server's memory.
  inflateMaxBytes: 128 * EXTRACT_MB,
  inflateStreamMaxBytes: 64 * EXTRACT_MB,
  pdfMaxPages: 2_000,
  pdfMaxObjects: 500_000,
};

/**
 * Resident memory reading files may add to the server before the files being read are refused
 * (extract-pool.ts): the issue-22 goal is 300 MB above idle under any hostile file.
 */
export const EXTRACT_MEMORY_BUDGET_MB = 256;

/** Files waiting to be read at once: with two in flight per person, room for 32 people uploading together. */
export const EXTRACT_QUEUE_MAX = 64;
/** A person's uploads, pastes and re-indexings in flight at once. */
export const KNOWLEDGE_UPLOADS_PER_USER_DEFAULT = 2;
