/**
 * Usage rules: metering a finished turn (and telling admins when a quota crosses its warning
 * threshold), the caller's company use for GET /api/usage, and the early quota check of
 * routes that must refuse before they start streaming.
 */
import type { FastifyBaseLogger } from "fastify";
import { QUOTA_NAMES, type QuotaName, type UsageSummary } from "../../contracts/usage.js";
import type { UserRow } from "../auth/user-view.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/connect.js";
import { apiError } from "../http/http-error.js";
import type { EventBus } from "../realtime/event-bus.js";
import { insertTurnUsage, readCompanyUse, readToolCallUse, type TurnUsageRecord } from "./queries.js";
import { nearLimitQuotas, quotaResetsAt, throwIfExhausted } from "./quota.js";

export interface UsageDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
}

export interface QuotaWarningNotice {
  companyId: string;
  companyName: string;
  quota: QuotaName;
  used: number;
  limit: number;
}

/** Tells live admins; a lost notice must never fail the turn that caused it. */
export async function announceQuotaWarning(
  bus: EventBus,
  notice: QuotaWarningNotice,
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    await bus.publish({ type: "quota_warning", ...notice });
  } catch (err) {
    log?.error({ err }, "could not announce a quota warning");
  }
}

/**
 * Records a finished turn. Metering is bookkeeping: if it fails the reply still stands, so the
 * failure is logged, not thrown.
 */
export async function meterTurn(deps: UsageDeps, record: TurnUsageRecord, log?: FastifyBaseLogger): Promise<void> {
  try {
    const warnings = await insertTurnUsage(deps.db, record);
    for (const warning of warnings) await announceQuotaWarning(deps.bus, warning, log);
  } catch (err) {
    log?.error({ err, conversationId: record.conversationId }, "could not record the turn's usage");
  }
}

export async function usageSummary(deps: Pick<UsageDeps, "db" | "clock">, user: UserRow): Promise<UsageSummary> {
  const now = deps.clock.now();
  const use = await readCompanyUse(deps.db, user.id, now);
  if (!use) throw apiError("COMPANY_NOT_FOUND");
  const resetsAt = Object.fromEntries(
    QUOTA_NAMES.map((quota) => [quota, quotaResetsAt(quota, now).toISOString()]),
  ) as UsageSummary["resetsAt"];
  const used = { ...use.used, voiceMinutesThisMonth: Math.round(use.used.voiceMinutesThisMonth * 10) / 10 };
  const toolCalls = await readToolCallUse(deps.db, use.companyId, now);
  return {
    companyName: use.companyName,
    quotas: use.quotas,
    used,
    resetsAt,
    nearLimit: nearLimitQuotas(use.quotas, used),
    // The day's cap resets when the message quota does: 00:00 UTC.
    toolCalls: { ...toolCalls, resetsAt: quotaResetsAt("messagesPerDay", now).toISOString() },
  };
}

/**
 * Refuses with 429 when the company has already used up a quota this kind of turn needs. Not
 * the enforcement (the turn's own statement is): a plain early answer for routes that would
 * otherwise only learn of the refusal after their event stream had begun.
 */
export async function refuseWhenExhausted(
  deps: Pick<UsageDeps, "db" | "clock">,
  user: UserRow,
  kind: "text" | "voice",
): Promise<void> {
  const now = deps.clock.now();
  const use = await readCompanyUse(deps.db, user.id, now);
  if (use) throwIfExhausted(use.quotas, use.used, kind, now);
}
