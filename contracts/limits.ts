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
 * Sign-in throttling, after OWASP's device cookies; failures count inside
 * LOGIN_FAILURE_WINDOW_MINUTES. A browser with a device cookie for the account is held only
 * to its own limit; other attempts to the tight per-(account, address) limit, to a shared
 * limit per account, and to a per-address limit high enough for an office behind one NAT.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ACCOUNT_UNTRUSTED = 30;
export const LOGIN_FAILURES_PER_ADDRESS = 100;
export const LOGIN_FAILURES_PER_DEVICE = 10;
export const DEVICE_COOKIE_DAYS = 365;
