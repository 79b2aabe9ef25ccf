/**
 * Guests' turns in the company's figures (issue 25): a guest's turn on the public page or the
 * widget is metered under the channel "web", one through the API under "api" (the guest row's
 * channel, which /v1 sets), beside members' turns ("app"); each counts against the company's
 * daily message quota like a member's.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { GuestSession } from "../../contracts/publishing.js";
import type { AnalyticsReport } from "../../contracts/usage.js";
import { fakeLlm, makeAgent } from "../chat/chat-test-support.js";
import { users } from "../db/schema.js";
import { guests } from "../db/schema-publishing.js";
import { companyUsage, usageRecords } from "../db/schema-usage.js";
import { utcDay } from "../usage/periods.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("guests' turns in usage and analytics", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let base: string;
  let admin: MadeUser;
  let owner: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.setBehaviour({ replyText: "Happy to help." });
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t, { companyName: "Guestco" });
    owner = await makeUser(t, { admin: false, companyName: "Guestco" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function newGuest(slug: string): Promise<string> {
    const res = await fetch(`${base}/api/public/${slug}/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as GuestSession).token;
  }

  /** A guest's turn, read to the end of its event stream (the usage is written before `done`). */
  async function guestTurn(slug: string, token: string, message: string): Promise<string> {
    const res = await fetch(`${base}/api/public/${slug}/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ message }),
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  it("a guest's turn is counted under the channel web (an API guest's under api) and against the company's daily quota", async () => {
    const agentId = await makeAgent(t, owner, { name: "Front desk" });
    const slug = `front-desk-${engine}`;
    const published = await t.app.inject({
      method: "PUT",
      url: `/api/agents/${agentId}/publishing`,
      headers: { cookie: owner.cookie },
      payload: { enabled: true, slug, allowedOrigins: [], greeting: "Hi!", voice: false, guestMessagesPerHour: 20 },
    });
    expect(published.statusCode, published.body).toBe(200);
    const [{ companyId }] = await t.deps.db.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, owner.id));
    const day = utcDay(t.clock.now());
    const ledger = async () =>
      (
        await t.deps.db.db
          .select({ messages: companyUsage.messages })
          .from(companyUsage)
          .where(and(eq(companyUsage.companyId, companyId!), eq(companyUsage.day, day)))
      )[0]?.messages ?? 0;
    const before = await ledger();

    const webGuest = await newGuest(slug);
    expect(await guestTurn(slug, webGuest, "Are you open today?")).toContain("event: done");
    // A guest of the /v1 API is a guests row with the channel "api"; its turns are metered as such.
    const apiGuest = await newGuest(slug);
    await t.deps.db.db
      .update(guests)
      .set({ channel: "api" })
      .where(eq(guests.id, apiGuest.split(".")[1]));
    expect(await guestTurn(slug, apiGuest, "And tomorrow?")).toContain("event: done");

    expect(await ledger()).toBe(before + 2);
    const records = await t.deps.db.db
      .select({ channel: usageRecords.channel, userId: usageRecords.userId })
      .from(usageRecords)
      .where(eq(usageRecords.agentId, agentId));
    expect(records.map((r) => r.channel).sort()).toEqual(["api", "web"]);
    expect(records.every((r) => r.userId === owner.id)).toBe(true);

    const res = await t.app.inject({
      url: `/api/admin/analytics?from=${day}&to=${day}&agentId=${agentId}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<AnalyticsReport>();
    expect(report.totals).toMatchObject({ messages: 2, webMessages: 1, apiMessages: 1, textMessages: 2 });
    expect(report.agents).toEqual([expect.objectContaining({ agentId, messages: 2, webMessages: 1, apiMessages: 1 })]);
  });
});
