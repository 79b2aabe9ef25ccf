/** Outcomes counted on the admin analytics screen (issue 26): rates and values per agent and company, and the CSV. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OutcomeAnalytics } from "../../contracts/outcomes.js";
import { makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { sweepIdleConversations } from "./sweep.js";

describeEachEngine("outcome analytics", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let seller: MadeUser;
  let helper: MadeUser;
  let salesAgent: string;
  let supportAgent: string;
  const range = "from=2026-06-01&to=2026-06-30";

  async function chat(user: MadeUser, agentId: string, message: string): Promise<string> {
    const res = await postChat(t, user, agentId, { message });
    expect(res.statusCode).toBe(200);
    return (res.json() as { conversationId: string }).conversationId;
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeUser(t, { admin: true, companyName: "Admin House" });
    seller = await makeUser(t, { companyName: "Sellers Inc" });
    helper = await makeUser(t, { companyName: "Helpers Ltd" });
    salesAgent = await makeAgent(t, seller, { name: "Sal", type: "sales" });
    supportAgent = await makeAgent(t, helper, { name: "Sup", type: "customer-support" });
    const first = await chat(seller, salesAgent, "My name is Ana Ruiz, budget is 4.000 €");
    await chat(seller, salesAgent, "Email me at lead@example.com");
    await chat(helper, supportAgent, "The app crashes at login");
    t.clock.advance(t.config.OUTCOME_IDLE_AFTER_MS + 1);
    await sweepIdleConversations({ ...t.app.outcomeDeps, idleAfterMs: t.config.OUTCOME_IDLE_AFTER_MS });
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/conversations/${first}/outcome`,
      headers: { cookie: seller.cookie },
      payload: { success: "achieved", fields: { "Demos booked": true } },
    });
    expect(patch.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("counts achieved rates and filled fields per agent and per company, with a person's corrections", async () => {
    const res = await t.app.inject({ url: `/api/admin/outcome-analytics?${range}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const report = res.json() as OutcomeAnalytics;
    expect(report.totals).toMatchObject({ outcomes: 3, achieved: 1, unclear: 2 });
    const sal = report.agents.find((a) => a.agentId === salesAgent)!;
    expect(sal).toMatchObject({
      agentName: "Sal",
      companyName: "Sellers Inc",
      outcomes: 2,
      achieved: 1,
      achievedRate: 0.5,
    });
    // Ana Ruiz's name and budget, the corrected "Demos booked", and the other conversation's email.
    expect(sal.fieldsFilled).toBe(4);
    expect(sal.fillRate).toBeCloseTo(4 / (2 * 8));
    expect(report.companies.map((c) => c.companyName).sort()).toEqual(["Helpers Ltd", "Sellers Inc"]);
    expect(report.values).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agentId: salesAgent, field: "Deal value discussed", filled: 1, sum: 4000 }),
        expect.objectContaining({ agentId: salesAgent, field: "Demos booked", filled: 1, yes: 1, no: 0 }),
      ]),
    );
    const empty = await t.app.inject({
      url: "/api/admin/outcome-analytics?from=2026-07-01&to=2026-07-31",
      headers: { cookie: admin.cookie },
    });
    expect((empty.json() as OutcomeAnalytics).totals).toMatchObject({
      outcomes: 0,
      achievedRate: null,
      fillRate: null,
    });
  });

  it("downloads each table as CSV", async () => {
    const res = await t.app.inject({
      url: `/api/admin/outcome-analytics.csv?table=agents&${range}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "agentId,agentName,companyName,outcomes,achieved,notAchieved,unclear,achievedRate,fieldsFilled,fieldsTracked,fillRate",
    );
    expect(lines.find((l) => l.startsWith(salesAgent))).toContain(",Sal,Sellers Inc,2,1,0,1,0.5,");
    const values = await t.app.inject({
      url: `/api/admin/outcome-analytics.csv?table=values&${range}`,
      headers: { cookie: admin.cookie },
    });
    expect(values.body).toContain(`${salesAgent},Sal,Deal value discussed,1,0,0,4000`);
    const bad = await t.app.inject({
      url: `/api/admin/outcome-analytics.csv?table=nope&${range}`,
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
