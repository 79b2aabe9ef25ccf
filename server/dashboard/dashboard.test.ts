import { afterAll, beforeAll, expect, it } from "vitest";
import { conversations, messages } from "../db/schema.js";
import { makeAgent } from "../test-support/agent-factory.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("dashboard figures", (engine) => {
  let t: TestApp;
  let user: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await makeUser(t, { admin: true });
    user = await makeUser(t);
  });
  afterAll(() => t.close());

  const stats = async (cookie: string) => (await t.app.inject({ url: "/api/dashboard", headers: { cookie } })).json();

  it("starts at zero with a 100% success rate", async () => {
    expect(await stats(user.cookie)).toEqual({
      activeAgents: 0,
      conversations: 0,
      voiceInteractions: 0,
      successRate: 100,
      answeredTurns: 0,
      failedTurns: 0,
    });
  });

  it("counts active agents, text and voice conversations, and the share of replies without a provider error", async () => {
    const active = await makeAgent(t, user.cookie);
    const inactive = await makeAgent(t, user.cookie, { name: "Quiet" });
    await t.app.inject({
      method: "PATCH",
      url: `/api/agents/${inactive}`,
      headers: { cookie: user.cookie },
      payload: { isActive: false },
    });
    const db = t.deps.db.db;
    const [text] = await db
      .insert(conversations)
      .values({ userId: user.id, agentId: active, agentName: "Nova", title: "Hi" })
      .returning();
    await db
      .insert(conversations)
      .values({ userId: user.id, agentId: active, agentName: "Nova", title: "Call", kind: "voice" });
    await db.insert(messages).values([
      { conversationId: text.id, role: "user", content: "q1" },
      { conversationId: text.id, role: "assistant", content: "a1" },
      { conversationId: text.id, role: "assistant", content: "a2" },
      { conversationId: text.id, role: "assistant", content: "a3" },
      { conversationId: text.id, role: "assistant", content: "", status: "failed" },
    ]);
    expect(await stats(user.cookie)).toMatchObject({
      activeAgents: 1,
      conversations: 1,
      voiceInteractions: 1,
      successRate: 75,
    });
  });

  it("is the caller's own and refused when signed out", async () => {
    const other = await makeUser(t);
    expect(await stats(other.cookie)).toMatchObject({ activeAgents: 0, conversations: 0 });
    expect((await t.app.inject({ url: "/api/dashboard" })).statusCode).toBe(401);
  });
});
