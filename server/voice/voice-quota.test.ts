/**
 * Quota refusals of streaming voice turns are plain 429s: racing turns that pass the early check
 * are refused by the statement that stores the message, which now runs before the stream opens.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { companyName, companyOf, patchCompany } from "../usage/usage-test-support.js";
import { makeVoiceAgent, post, startVoiceConversation, turnEvents } from "./voice-test-support.js";

const RACING_TURNS = 12;
/** Quotas are what this suite races: no per-user concurrency cap may refuse a turn first. */
const UNCAPPED = { USER_CONCURRENT_TURNS: "1000", COMPANY_CONCURRENT_TURNS: "1000" };

describeEachEngine("voice turns at the quota's edge", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine, { env: UNCAPPED });
    admin = await makeOwner(t, { companyName: "Voice Quota Admins" });
  });
  afterAll(() => t.close());

  /** A member with RACING_TURNS open calls, and the company's id. */
  async function callers(label: string) {
    const name = companyName(label);
    const member = await makeUser(t, { companyName: name });
    const agentId = await makeVoiceAgent(t, member);
    const calls = await Promise.all(
      Array.from({ length: RACING_TURNS }, () => startVoiceConversation(t, member, agentId)),
    );
    return { member, calls, companyId: (await companyOf(t, admin, name)).id };
  }

  const turnAt = (member: MadeUser, id: string) =>
    post(t, member, `/api/voice-conversations/${id}/turn`, { message: "Hello, are you there?", language: "en-US" });

  /** Each answer as "200 done", "429", or what else it was (a 200 ending in an error event). */
  function outcomeOf(res: { statusCode: number; body: string }): string {
    if (res.statusCode !== 200) return String(res.statusCode);
    const { order } = turnEvents(res.body);
    return `200 ${order.at(-1)}`;
  }

  it("answers every voice turn the daily message quota refuses with 429 before streaming, when 12 race for the last 3", async () => {
    const { member, calls, companyId } = await callers("Voice messages");
    await patchCompany(t, admin, companyId, { messagesPerDay: 3 });

    const outcomes = (await Promise.all(calls.map((id) => turnAt(member, id)))).map(outcomeOf).sort();
    expect(outcomes).toEqual([...Array(3).fill("200 done"), ...Array(RACING_TURNS - 3).fill("429")].sort());
  });

  it("answers every voice turn the monthly voice quota refuses with 429 before streaming, when 12 race for its last seconds", async () => {
    const { member, calls, companyId } = await callers("Voice minutes");
    await patchCompany(t, admin, companyId, { voiceMinutesPerMonth: 1 });
    await t.deps.db.db.execute(
      sql`insert into company_usage (company_id, day, voice_seconds) values (${companyId}, '2026-06-01', 50)`,
    );

    const outcomes = (await Promise.all(calls.map((id) => turnAt(member, id)))).map(outcomeOf);
    expect(outcomes.filter((o) => o !== "200 done" && o !== "429")).toEqual([]);
    expect(outcomes.filter((o) => o === "200 done").length).toBeGreaterThanOrEqual(1);
  });
});
