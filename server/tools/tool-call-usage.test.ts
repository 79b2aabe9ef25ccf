/**
 * Tool calls as a counted figure (issue 24, decision 148): a call that reaches its tool counts
 * in the day's roll-up for its company, user and agent, so the admin's analytics and its CSV
 * show it; a denied or refused call does not; the per-company daily cap refuses the call past
 * it with words the chat shows, and the member's usage view reads the day's calls against it.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { ChatSseToolCall, ChatSseToolResult } from "../../contracts/chat.js";
import type { ToolCallStep } from "../../contracts/tool-calls.js";
import type { AnalyticsReport, UsageSummary } from "../../contracts/usage.js";
import { fakeLlm, frameData, makeAgent, streamChat, type StreamedFrame } from "../chat/chat-test-support.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import {
  startFakeToolHttpServer,
  type FakeToolHttpServer,
  LOOPBACK_TOOL_POLICY,
  orderStatusAction,
} from "../test-support/fake-tool-http-server.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { companyOf } from "../usage/usage-test-support.js";

const POLICY = LOOPBACK_TOOL_POLICY;
const DAY = "2026-06-01";

describeEachEngine("tool calls counted in usage and capped per company", (engine) => {
  let t: TestApp;
  let base: string;
  let fake: FakeOpenAi;
  let web: FakeToolHttpServer;
  let admin: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    web = await startFakeToolHttpServer();
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t, { companyName: "Tool Usage Admins" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await web.close();
  });
  beforeEach(async () => {
    fake.setBehaviour({});
    await setPolicy(POLICY);
  });

  const send = (user: MadeUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  async function setPolicy(policy: object) {
    expect((await send(admin, "PUT", "/api/admin/tool-policy", policy)).statusCode).toBe(200);
  }
  /** A member of a company of their own, with an agent whose one tool looks up an order over HTTP. */
  async function memberWithAgent(
    companyName: string,
    approval: "auto" | "ask" = "auto",
  ): Promise<{ user: MadeUser; agentId: string; companyId: string }> {
    const user = await makeUser(t, { admin: false, companyName, fullName: `${companyName} Member` });
    const agentId = await makeAgent(t, user, { name: `${companyName} Desk` });
    const res = await send(user, "POST", `/api/agents/${agentId}/tools`, orderStatusAction(web, approval));
    expect(res.statusCode, res.body).toBe(201);
    return { user, agentId, companyId: (await companyOf(t, admin, companyName)).id };
  }
  const lookups = (...ids: string[]) => ids.map((id) => ({ name: "order_status", arguments: JSON.stringify({ id }) }));
  async function analyticsOf(companyId: string): Promise<AnalyticsReport> {
    const res = await send(admin, "GET", `/api/admin/analytics?from=${DAY}&to=${DAY}&companyId=${companyId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AnalyticsReport>();
  }

  it("counts a call that ran for its day, company, user and agent, in the report and its CSV", async () => {
    const { user, agentId, companyId } = await memberWithAgent("Counted Calls");
    fake.setBehaviour({ replyText: "It shipped.", toolCallQueue: [{ calls: lookups("U-1") }] });
    const res = await streamChat(base, user, agentId, { message: "Where is U-1?" });
    expect(frameData<ChatSseToolResult>(res.frames, "tool_result")).toEqual([expect.objectContaining({ ok: true })]);

    const report = await analyticsOf(companyId);
    expect(report.totals).toMatchObject({ messages: 1, toolCalls: 1 });
    expect(report.daily.map((d) => [d.date, d.toolCalls])).toEqual([[DAY, 1]]);
    expect(report.companies.map((c) => [c.companyName, c.toolCalls])).toEqual([["Counted Calls", 1]]);
    expect(report.users.map((u) => [u.userId, u.toolCalls])).toEqual([[user.id, 1]]);
    expect(report.agents.map((a) => [a.agentId, a.toolCalls])).toEqual([[agentId, 1]]);

    const csv = await send(
      admin,
      "GET",
      `/api/admin/analytics.csv?table=agents&from=${DAY}&to=${DAY}&companyId=${companyId}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(row[header.indexOf("toolCalls")]).toBe("1");
    expect(row[header.indexOf("messages")]).toBe("1");
  });

  it("counts each of the calls a model asks for side by side, and each step's", async () => {
    const { user, agentId, companyId } = await memberWithAgent("Parallel Calls");
    fake.setBehaviour({
      replyText: "All three shipped.",
      toolCallQueue: [{ calls: lookups("P-1", "P-2") }, { calls: lookups("P-3") }],
    });
    const res = await streamChat(base, user, agentId, { message: "P-1, P-2 and P-3?" });
    expect(frameData<ChatSseToolResult>(res.frames, "tool_result")).toHaveLength(3);
    const report = await analyticsOf(companyId);
    expect(report.totals).toMatchObject({ messages: 1, toolCalls: 3 });
    expect(report.agents[0]).toMatchObject({ agentId, toolCalls: 3 });
  });

  it("does not count a call the person denied: it never reached its tool", async () => {
    const { user, agentId, companyId } = await memberWithAgent("Denied Calls", "ask");
    fake.setBehaviour({ replyText: "I will not look.", toolCallQueue: [{ calls: lookups("D-9") }] });
    let conversationId = "";
    const seenBefore = web.seen.length;
    await streamChat(
      base,
      user,
      agentId,
      { message: "D-9?" },
      {
        onFrame: (frame: StreamedFrame) => {
          if (frame.event === "conversation")
            conversationId = (JSON.parse(frame.data) as { conversationId: string }).conversationId;
          if (frame.event !== "tool_call") return;
          const call = JSON.parse(frame.data) as ChatSseToolCall;
          void send(user, "POST", `/api/conversations/${conversationId}/tool-calls/${call.id}/deny`);
        },
      },
    );
    expect(web.seen.length).toBe(seenBefore);
    expect((await analyticsOf(companyId)).totals).toMatchObject({ messages: 1, toolCalls: 0 });
    expect((await send(user, "GET", "/api/usage")).json<UsageSummary>().toolCalls.today).toBe(0);
  });

  it("refuses the call past the company's daily cap with words the chat shows, and counts only the calls that ran", async () => {
    await setPolicy({ ...POLICY, callsPerCompanyPerDay: 2 });
    const { user, agentId, companyId } = await memberWithAgent("Capped Calls");
    fake.setBehaviour({ replyText: "Both shipped.", toolCallQueue: [{ calls: lookups("K-1", "K-2") }] });
    await streamChat(base, user, agentId, { message: "K-1 and K-2?" });

    fake.setBehaviour({ replyText: "I cannot look that up today.", toolCallQueue: [{ calls: lookups("K-3") }] });
    const seenBefore = web.seen.length;
    const res = await streamChat(base, user, agentId, { message: "And K-3?" });
    const [call] = frameData<ChatSseToolCall>(res.frames, "tool_call");
    expect(call).toMatchObject({ name: "order_status", status: "running" });
    const [refused] = frameData<ChatSseToolResult>(res.frames, "tool_result");
    const words =
      "Not run: your company has reached its limit of 2 tool calls a day. It resets at 00:00 UTC; ask an administrator if you need more.";
    expect(refused).toEqual({ id: call.id, ok: false, refused: true, summary: words, ms: 0 });
    expect(web.seen.length).toBe(seenBefore);
    const [{ conversationId }] = frameData<{ conversationId: string }>(res.frames, "conversation");
    const steps = await send(user, "GET", `/api/conversations/${conversationId}/tool-calls`);
    expect(steps.json<ToolCallStep[]>()).toEqual([expect.objectContaining({ outcome: "refused", summary: words })]);

    expect((await analyticsOf(companyId)).totals).toMatchObject({ messages: 2, toolCalls: 2 });
    const usage = (await send(user, "GET", "/api/usage")).json<UsageSummary>();
    expect(usage.toolCalls).toEqual({ today: 2, perDay: 2, resetsAt: "2026-06-02T00:00:00.000Z" });

    // The cap is the company's: another company's member still has today's calls.
    const other = await memberWithAgent("Uncapped Neighbour");
    fake.setBehaviour({ replyText: "Shipped.", toolCallQueue: [{ calls: lookups("N-1") }] });
    const theirs = await streamChat(base, other.user, other.agentId, { message: "N-1?" });
    expect(frameData<ChatSseToolResult>(theirs.frames, "tool_result")).toEqual([expect.objectContaining({ ok: true })]);
  });
});
