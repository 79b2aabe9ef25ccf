/**
 * Month quotas under racing turns: each turn reserves its estimated cost in the statement that
 * admits it and settles to the real figure when it ends, so however many turns race for what is
 * left, the quota is overrun by at most one turn's estimate, and the ledger ends at the real use.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENEROUS_LLM_TIMEOUTS, makeAgent, postChat } from "../chat/chat-test-support.js";
import { createOpenAiCompatibleLlm } from "../providers/llm/openai-compatible-llm.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { startUsageReportingFake, type UsageReportingFake } from "../test-support/fake-openai-usage.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { post, startVoiceConversation } from "../voice/voice-test-support.js";
import { turnReservation } from "./turn-reservation.js";
import { companyName, companyOf, patchCompany, rowsOf } from "./usage-test-support.js";

/** Quotas are what this suite races: no per-user concurrency cap may refuse a turn first. */
const UNCAPPED = { USER_CONCURRENT_TURNS: "1000", COMPANY_CONCURRENT_TURNS: "1000" };
const TURN_TOKENS = 150;
const RACING_TURNS = 30;

describeEachEngine("quota reservations", (engine) => {
  let fake: FakeOpenAi;
  let reporting: UsageReportingFake;
  let t: TestApp;
  let admin: MadeUser;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    reporting = await startUsageReportingFake(fake, { promptTokens: 100, completionTokens: TURN_TOKENS - 100 });
    const llm = createOpenAiCompatibleLlm({ baseUrl: reporting.url, model: "fake-model", ...GENEROUS_LLM_TIMEOUTS });
    t = await startTestApp(engine, { env: UNCAPPED, overrides: { llm } });
    admin = await makeOwner(t, { companyName: "Reservation Admins" });
  });
  afterAll(async () => {
    await t?.close();
    await reporting?.close();
    await fake?.close();
  });

  async function company(label: string) {
    const name = companyName(label);
    const member = await makeUser(t, { companyName: name });
    const agentId = await makeAgent(t, member);
    return { member, agentId, companyId: (await companyOf(t, admin, name)).id };
  }

  /** What the company's ledger holds this month: the figures every quota is checked against. */
  async function ledgerOf(companyId: string) {
    const [row] = await rowsOf<{ tokens: number; voice_seconds: number; messages: number }>(
      t,
      sql`select coalesce(sum(tokens), 0)::int as tokens, coalesce(sum(voice_seconds), 0)::float8 as voice_seconds,
            coalesce(sum(messages), 0)::int as messages
          from company_usage where company_id = ${companyId}`,
    );
    return row!;
  }

  /** Use from earlier in the month, on a day before the test's clock (2026-06-01 09:00). */
  async function usedEarlier(companyId: string, figures: { tokens?: number; voiceSeconds?: number }) {
    await t.deps.db.db.execute(
      sql`insert into company_usage (company_id, day, tokens, voice_seconds)
          values (${companyId}, '2026-06-01', ${figures.tokens ?? 0}, ${figures.voiceSeconds ?? 0})`,
    );
  }

  it("overruns a monthly token quota by at most one turn's estimate when 30 turns race for its last 100 tokens", async () => {
    const { member, agentId, companyId } = await company("Racing tokens");
    await patchCompany(t, admin, companyId, { tokensPerMonth: 1000 });
    await usedEarlier(companyId, { tokens: 900 });

    const answers = await Promise.all(
      Array.from({ length: RACING_TURNS }, (_, i) => postChat(t, member, agentId, { message: `Question ${i}` })),
    );
    const admitted = answers.filter((res) => res.statusCode === 200).length;
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.statusCode)).toEqual(
      Array.from({ length: RACING_TURNS - admitted }, () => 429),
    );
    expect(admitted).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode === 429)) expect(res.body).toContain("tokens per month");

    const ledger = await ledgerOf(companyId);
    const estimate = turnReservation(t.config, `Question ${RACING_TURNS}`).tokens;
    expect(ledger.tokens - 1000).toBeLessThanOrEqual(estimate);
    // Every reservation was settled to the real figure.
    expect(ledger.tokens).toBe(900 + admitted * TURN_TOKENS);
    expect(ledger.messages).toBe(admitted);
  });

  it("gives a turn's reservation back when its reply fails", async () => {
    const { member, agentId, companyId } = await company("Failed reply");
    await patchCompany(t, admin, companyId, { tokensPerMonth: 1000 });
    fake.setBehaviour({ failure: "http-500" });
    try {
      expect((await postChat(t, member, agentId, { message: "This one fails" })).statusCode).toBe(502);
    } finally {
      fake.setBehaviour({});
    }
    expect((await ledgerOf(companyId)).tokens).toBe(0);
    expect((await postChat(t, member, agentId, { message: "This one works" })).statusCode).toBe(200);
    expect((await ledgerOf(companyId)).tokens).toBe(TURN_TOKENS);
  });

  describe("voice minutes", () => {
    it("overrun a monthly voice quota by at most one turn's estimate when 12 voice turns race for its last 10 seconds", async () => {
      const { member, agentId, companyId } = await company("Racing voice");
      const calls = await Promise.all(Array.from({ length: 12 }, () => startVoiceConversation(t, member, agentId)));
      await patchCompany(t, admin, companyId, { voiceMinutesPerMonth: 1 });
      await usedEarlier(companyId, { voiceSeconds: 50 });

      const message = "Hello there, how are you today?";
      const answers = await Promise.all(
        calls.map((id) => post(t, member, `/api/voice-conversations/${id}/chat`, { message, language: "en-US" })),
      );
      const admitted = answers.filter((res) => res.statusCode === 200).length;
      expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.statusCode)).toEqual(
        Array.from({ length: 12 - admitted }, () => 429),
      );
      expect(admitted).toBeGreaterThanOrEqual(1);
      const estimate = turnReservation(t.config, message).voiceSeconds;
      expect((await ledgerOf(companyId)).voice_seconds - 60).toBeLessThanOrEqual(estimate);
    });
  });
});
