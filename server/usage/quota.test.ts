import { expect, it } from "vitest";
import type { QuotaUse, Quotas } from "../../contracts/usage.js";
import { exhaustedQuota, nearestQuota } from "./quota.js";

const used = (figures: Partial<QuotaUse>): QuotaUse => ({
  messagesToday: 0,
  tokensThisMonth: 0,
  voiceMinutesThisMonth: 0,
  ...figures,
});
const quotas = (set: Partial<Quotas>): Quotas => ({
  messagesPerDay: null,
  tokensPerMonth: null,
  voiceMinutesPerMonth: null,
  ...set,
});

it("names the quota a turn breaks, or none while each has room", () => {
  expect(exhaustedQuota(quotas({ tokensPerMonth: 1000 }), used({ tokensThisMonth: 1000 }), "text")).toBe(
    "tokensPerMonth",
  );
  expect(exhaustedQuota(quotas({ tokensPerMonth: 1000 }), used({ tokensThisMonth: 900 }), "text")).toBeNull();
});

it("names the set quota nearest its limit when racing turns used it up after the statement's snapshot", () => {
  // Only a token quota is set: a refusal is about tokens, never about an unset daily message quota.
  expect(
    nearestQuota(quotas({ tokensPerMonth: 1000 }), used({ tokensThisMonth: 900, messagesToday: 40 }), "text"),
  ).toBe("tokensPerMonth");
  expect(
    nearestQuota(
      quotas({ messagesPerDay: 50, tokensPerMonth: 1000 }),
      used({ messagesToday: 49, tokensThisMonth: 10 }),
      "text",
    ),
  ).toBe("messagesPerDay");
  // Voice minutes count only for a voice turn.
  expect(
    nearestQuota(
      quotas({ messagesPerDay: 50, voiceMinutesPerMonth: 10 }),
      used({ messagesToday: 1, voiceMinutesThisMonth: 9.9 }),
      "text",
    ),
  ).toBe("messagesPerDay");
  expect(
    nearestQuota(
      quotas({ messagesPerDay: 50, voiceMinutesPerMonth: 10 }),
      used({ messagesToday: 1, voiceMinutesThisMonth: 9.9 }),
      "voice",
    ),
  ).toBe("voiceMinutesPerMonth");
});
