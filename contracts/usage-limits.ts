/**
 * The quotas' names, labels and limits without their schemas (issue 12): `usage.ts` builds zod
 * schemas when loaded, and a page that needs only these words (the dashboard's usage card)
 * should not download zod for them. `usage.ts` re-exports all of it.
 */

/** Members see a notice, and admins a live quota_warning, once a quota is this far used. */
export const QUOTA_WARNING_PERCENT = 80;
export const AGENT_LIMIT_MAX = 10_000;
/** The longest analytics range one request may ask for. */
export const ANALYTICS_MAX_DAYS = 366;
export const AUDIT_PAGE_SIZE = 50;

/** The most knowledge storage (MB) an admin may give one company; null is no limit. */
export const KNOWLEDGE_MEGABYTES_MAX = 1_000_000;

export const QUOTA_NAMES = ["messagesPerDay", "tokensPerMonth", "voiceMinutesPerMonth"] as const;
export type QuotaName = (typeof QUOTA_NAMES)[number];

export const QUOTA_LABELS: Record<QuotaName, string> = {
  messagesPerDay: "messages per day",
  tokensPerMonth: "tokens per month",
  voiceMinutesPerMonth: "voice minutes per month",
};
