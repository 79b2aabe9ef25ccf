import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UsageSummary } from "../../contracts/usage.js";
import { GENEROUS_LLM_TIMEOUTS, makeAgent, postChat } from "../chat/chat-test-support.js";
import { createOpenAiCompatibleLlm } from "../providers/llm/openai-compatible-llm.js";
import { connectAdminSocket } from "../realtime/admin-socket-client.js";
import { recordBusEvents } from "../test-support/bus-events.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { startUsageReportingFake, type UsageReportingFake } from "../test-support/fake-openai-usage.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { companyName, companyOf, patchCompany, rowsOf } from "./usage-test-support.js";

/** Quotas are what this suite races: no per-user concurrency cap may refuse a turn first. */
const UNCAPPED = { USER_CONCURRENT_TURNS: "1000", COMPANY_CONCURRENT_TURNS: "1000" };

/** A bound on a hang, not a measure of speed. */
const DEADLINE_MS = 10_000;

describeEachEngine("company quotas", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine, { env: UNCAPPED });
    admin = await makeOwner(t, { companyName: "Quota Admins" });
  });
  afterAll(() => t.close());

  /** A member of a new company, the company's id, and an agent of the member's. */
  async function company(label: string) {
    const name = companyName(label);
    const member = await makeUser(t, { companyName: name });
    const agentId = await makeAgent(t, member);
    return { member, agentId, companyId: (await companyOf(t, admin, name)).id, name };
  }

  const countOf = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number }>(t, query))[0].n);

  it("answers exactly 10 of 50 chats sent at once against a quota of 10 messages a day, and stores only those", async () => {
    const { member, agentId, companyId } = await company("Exact");
    expect((await patchCompany(t, admin, companyId, { messagesPerDay: 10 })).statusCode).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postChat(t, member, agentId, { message: `Question ${i}` })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);

    const ofMember = sql`from conversations c where c.user_id = ${member.id}`;
    expect(await countOf(sql`select count(*)::int as n ${ofMember}`)).toBe(10);
    expect(
      await countOf(
        sql`select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.user_id = ${member.id}`,
      ),
    ).toBe(20);
    expect(await countOf(sql`select count(*)::int as n from usage_records where user_id = ${member.id}`)).toBe(10);
    expect(await countOf(sql`select messages as n from company_usage where company_id = ${companyId}`)).toBe(10);
  });

  it("refuses with 429, Retry-After until midnight UTC and words a person understands, storing nothing; resets at the day's end", async () => {
    const { member, agentId, companyId } = await company("Daily");
    await patchCompany(t, admin, companyId, { messagesPerDay: 1 });
    const first = await postChat(t, member, agentId, { message: "The only one today" });
    expect(first.statusCode).toBe(200);
    const conversationId = first.json().conversationId as string;

    t.clock.set(new Date("2026-06-01T23:59:00Z"));
    const refused = await postChat(t, member, agentId, { message: "One more", conversationId });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(refused.json().message).toBe(
      "Your company has used its 1 messages per day. It resets on Jun 2, 2026, 12:00 AM UTC; ask an administrator if you need more.",
    );
    const voice = await t.app.inject({
      method: "POST",
      url: "/api/voice-conversations",
      headers: { cookie: member.cookie },
      payload: { agentId },
    });
    expect(voice.statusCode).toBe(429);
    expect(await countOf(sql`select message_count as n from conversations where id = ${conversationId}`)).toBe(2);
    expect(await countOf(sql`select count(*)::int as n from conversations where user_id = ${member.id}`)).toBe(1);

    t.clock.set(new Date("2026-06-02T00:00:01Z"));
    expect((await postChat(t, member, agentId, { message: "A new day", conversationId })).statusCode).toBe(200);
    t.clock.set(new Date("2026-06-01T09:00:00Z"));
  });

  it("warns admins over /ws-admin once, when a quota crosses 80 %", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = await connectAdminSocket(base, admin.cookie, base);
    const events = recordBusEvents(t.deps.bus);
    try {
      const { member, agentId, companyId, name } = await company("Warned");
      await patchCompany(t, admin, companyId, { messagesPerDay: 5 });
      for (let i = 0; i < 3; i++) await postChat(t, member, agentId, { message: `Turn ${i}` });
      expect(events.events.filter((e) => e.type === "quota_warning")).toHaveLength(0);

      await postChat(t, member, agentId, { message: "The fourth: 80 %" });
      const { message } = await socket.next("quota_warning", DEADLINE_MS);
      expect(message).toEqual({
        type: "quota_warning",
        companyId,
        companyName: name,
        quota: "messagesPerDay",
        used: 4,
        limit: 5,
      });
      await postChat(t, member, agentId, { message: "The fifth" });
      const usage = await t.app.inject({ url: "/api/usage", headers: { cookie: member.cookie } });
      expect(usage.json<UsageSummary>().nearLimit).toEqual(["messagesPerDay"]);
      expect(events.events.filter((e) => e.type === "quota_warning")).toHaveLength(1);
    } finally {
      events.stop();
      socket.close();
    }
  });

  it("shows every member their company's quotas, use and reset times", async () => {
    const { member, agentId, companyId, name } = await company("Shown");
    await patchCompany(t, admin, companyId, { messagesPerDay: 100, voiceMinutesPerMonth: 30 });
    await postChat(t, member, agentId, { message: "Hello" });
    const res = await t.app.inject({ url: "/api/usage", headers: { cookie: member.cookie } });
    expect(res.json()).toEqual({
      companyName: name,
      quotas: { messagesPerDay: 100, tokensPerMonth: null, voiceMinutesPerMonth: 30 },
      used: { messagesToday: 1, tokensThisMonth: 0, voiceMinutesThisMonth: 0 },
      resetsAt: {
        messagesPerDay: "2026-06-02T00:00:00.000Z",
        tokensPerMonth: "2026-07-01T00:00:00.000Z",
        voiceMinutesPerMonth: "2026-07-01T00:00:00.000Z",
      },
      nearLimit: [],
      toolCalls: { today: 0, perDay: null, resetsAt: "2026-06-02T00:00:00.000Z" },
    });
    expect((await t.app.inject({ url: "/api/usage" })).statusCode).toBe(401);
  });

  it("takes the agent limit from the company row, and audits every limit and quota change", async () => {
    const { member, companyId, name } = await company("Limited");
    expect((await patchCompany(t, admin, companyId, { agentLimit: 1, tokensPerMonth: 5000 })).json()).toEqual({
      id: companyId,
      companyName: name,
      agentLimit: 1,
      quotas: { messagesPerDay: null, tokensPerMonth: 5000, voiceMinutesPerMonth: null },
      knowledgeMegabytes: null,
    });
    const second = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: { cookie: member.cookie },
      payload: { name: "One too many", gender: "male" },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain("limit of 1 agents");
    await patchCompany(t, admin, companyId, { tokensPerMonth: null });

    const audit = await t.app.inject({
      url: `/api/admin/audit?action=company.quota`,
      headers: { cookie: admin.cookie },
    });
    const mine = audit.json().entries.filter((e: { targetId: string }) => e.targetId === companyId);
    expect(mine.map((e: { detail: unknown }) => e.detail)).toEqual([
      { companyName: name, quota: "tokensPerMonth", from: 5000, to: null },
      { companyName: name, quota: "tokensPerMonth", from: null, to: 5000 },
    ]);
    const limit = await t.app.inject({
      url: "/api/admin/audit?action=company.agent_limit",
      headers: { cookie: admin.cookie },
    });
    expect(limit.json().entries[0]).toMatchObject({
      actorEmail: admin.email,
      targetType: "company",
      targetId: companyId,
      detail: { companyName: name, from: 10, to: 1 },
    });
  });

  it("refuses bad company edits with 400, unknown companies with 404, and non-admins with 403", async () => {
    const { member, companyId } = await company("Checked");
    expect((await patchCompany(t, admin, "not-an-id", { agentLimit: 3 })).statusCode).toBe(400);
    expect((await patchCompany(t, admin, companyId, { messagesPerDay: -1 })).json().message).toContain(
      "cannot be negative",
    );
    expect((await patchCompany(t, admin, companyId, { messagesPerDay: 1.5 })).statusCode).toBe(400);
    expect((await patchCompany(t, admin, companyId, { somethingElse: 1 })).statusCode).toBe(400);
    expect((await patchCompany(t, admin, "00000000-0000-4000-8000-000000000000", { agentLimit: 3 })).statusCode).toBe(
      404,
    );
    expect((await patchCompany(t, member, companyId, { agentLimit: 30 })).statusCode).toBe(403);
  });
});

describeEachEngine("monthly token quotas", (engine) => {
  let fake: FakeOpenAi;
  let reporting: UsageReportingFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    reporting = await startUsageReportingFake(fake, { promptTokens: 100, completionTokens: 50 });
    const llm = createOpenAiCompatibleLlm({ baseUrl: reporting.url, model: "fake-model", ...GENEROUS_LLM_TIMEOUTS });
    t = await startTestApp(engine, { overrides: { llm } });
  });
  afterAll(async () => {
    await t?.close();
    await reporting?.close();
    await fake?.close();
  });

  describe("with 200 tokens a month", () => {
    it("lets the turn that crosses the quota finish, refuses the next until the 1st of the next month", async () => {
      const admin = await makeOwner(t, { companyName: "Token Admins" });
      const name = companyName("Tokens");
      const member = await makeUser(t, { companyName: name });
      const agentId = await makeAgent(t, member);
      await patchCompany(t, admin, (await companyOf(t, admin, name)).id, { tokensPerMonth: 200 });

      expect((await postChat(t, member, agentId, { message: "First" })).statusCode).toBe(200);
      expect((await postChat(t, member, agentId, { message: "Second, crossing 200" })).statusCode).toBe(200);
      const refused = await postChat(t, member, agentId, { message: "Third" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toContain("200 tokens per month. It resets on Jul 1, 2026");
      expect(Number(refused.headers["retry-after"])).toBe(
        (Date.parse("2026-07-01") - Date.parse("2026-06-01T09:00:00Z")) / 1000,
      );

      t.clock.set(new Date("2026-07-01T00:00:00Z"));
      expect((await postChat(t, member, agentId, { message: "A new month" })).statusCode).toBe(200);
    });
  });

  // The text turn records its usage in the statement that stores its reply (reply-queries.ts).
  it("warns admins once when a text turn's tokens take the month past 80 %", async () => {
    const admin = await makeOwner(t, { companyName: "Token Watchers" });
    const name = companyName("Warned tokens");
    const member = await makeUser(t, { companyName: name });
    const agentId = await makeAgent(t, member);
    const companyId = (await companyOf(t, admin, name)).id;
    await patchCompany(t, admin, companyId, { tokensPerMonth: 1000 });
    const events = recordBusEvents(t.deps.bus);
    try {
      for (const message of ["150 tokens", "300", "450", "600", "750"]) {
        expect((await postChat(t, member, agentId, { message })).statusCode).toBe(200);
      }
      expect(events.events.filter((e) => e.type === "quota_warning")).toEqual([]);
      await postChat(t, member, agentId, { message: "900: past 80 %" });
      await postChat(t, member, agentId, { message: "1,050: no second warning" });
      expect(events.events.filter((e) => e.type === "quota_warning")).toEqual([
        { type: "quota_warning", companyId, companyName: name, quota: "tokensPerMonth", used: 900, limit: 1000 },
      ]);
    } finally {
      events.stop();
    }
  });
});
