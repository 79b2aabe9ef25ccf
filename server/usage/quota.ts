/**
 * Quota decisions: which quota refused a turn, the 429 that says so (what ran out, when it
 * resets, Retry-After), and which quotas are near their limit. The counting itself happens in
 * the database (queries.ts), atomically with the turn it admits.
 */
import { errorBody } from "../../contracts/errors.js";
import {
  QUOTA_NAMES,
  QUOTA_WARNING_PERCENT,
  type QuotaName,
  type QuotaUse,
  type Quotas,
} from "../../contracts/usage.js";
import { HttpError } from "../http/http-error.js";
import { endOfUtcDay, endOfUtcMonth, secondsUntil } from "./periods.js";

export class QuotaExceededError extends HttpError {
  constructor(
    readonly quota: QuotaName,
    limit: number,
    now: Date,
  ) {
    const resetsAt = quotaResetsAt(quota, now);
    super(429, errorBody("QUOTA_EXCEEDED", { quota, limit, resetsAt: resetsAt.toISOString() }), {
      "Retry-After": String(secondsUntil(resetsAt, now)),
    });
  }
}

export function quotaResetsAt(quota: QuotaName, now: Date): Date {
  return quota === "messagesPerDay" ? endOfUtcDay(now) : endOfUtcMonth(now);
}

const usedOf = (quota: QuotaName, used: QuotaUse): number =>
  quota === "messagesPerDay"
    ? used.messagesToday
    : quota === "tokensPerMonth"
      ? used.tokensThisMonth
      : used.voiceMinutesThisMonth;

/**
 * The quota a new turn would break, or null. A month quota refuses once it is used up; the
 * turn that crosses it is let through, since its cost is known only when it ends.
 */
export function exhaustedQuota(quotas: Quotas, used: QuotaUse, kind: "text" | "voice"): QuotaName | null {
  for (const quota of QUOTA_NAMES) {
    const limit = quotas[quota];
    if (limit === null) continue;
    if (quota === "voiceMinutesPerMonth" && kind !== "voice") continue;
    if (usedOf(quota, used) >= limit) return quota;
  }
  return null;
}

/**
 * The quota a refused turn ran into when the figures the statement returned do not show one
 * exhausted: racing turns reserve after this statement's snapshot, so the refusal was decided on
 * newer figures. The set quota nearest its limit is the one they used up.
 */
export function nearestQuota(quotas: Quotas, used: QuotaUse, kind: "text" | "voice"): QuotaName {
  let nearest: QuotaName = "messagesPerDay";
  let nearestShare = -1;
  for (const quota of QUOTA_NAMES) {
    const limit = quotas[quota];
    if (limit === null || (quota === "voiceMinutesPerMonth" && kind !== "voice")) continue;
    const share = limit === 0 ? Number.POSITIVE_INFINITY : usedOf(quota, used) / limit;
    if (share > nearestShare) {
      nearest = quota;
      nearestShare = share;
    }
  }
  return nearest;
}

export function nearLimitQuotas(quotas: Quotas, used: QuotaUse): QuotaName[] {
  return QUOTA_NAMES.filter((quota) => {
    const limit = quotas[quota];
    return limit !== null && usedOf(quota, used) * 100 >= limit * QUOTA_WARNING_PERCENT;
  });
}

export function throwIfExhausted(quotas: Quotas, used: QuotaUse, kind: "text" | "voice", now: Date): void {
  const quota = exhaustedQuota(quotas, used, kind);
  if (quota) throw new QuotaExceededError(quota, quotas[quota] ?? 0, now);
}
