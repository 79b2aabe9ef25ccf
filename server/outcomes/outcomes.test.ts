/**
 * Outcomes through HTTP on both engines (issue 26): outcome fields per agent, extraction by the
 * idle sweep (driven with the test clock, never by waiting), offline and through the model's
 * structured output at the wire, a person's corrections, and who may read them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgentOutcomeFields, ConversationOutcome } from "../../contracts/outcomes.js";
import { makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { sweepIdleConversations } from "./sweep.js";

const TEN_MINUTES = 10 * 60 * 1000;

async function chatOnce(t: TestApp, user: MadeUser, agentId: string, message: string, conversationId?: string) {
  const res = await postChat(t, user, agentId, { message, conversationId });
  expect(res.statusCode).toBe(200);
  return (res.json() as { conversationId: string }).conversationId;
}

function sweep(t: TestApp) {
  return sweepIdleConversations({ ...t.app.outcomeDeps, idleAfterMs: t.config.OUTCOME_IDLE_AFTER_MS });
}

async function outcomeOf(t: TestApp, who: MadeUser, conversationId: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/conversations/${conversationId}/outcome`,
    headers: { cookie: who.cookie },
  });
}

describeEachEngine("outcomes, offline", (engine) => {
  let t: TestApp;
  let owner: MadeUser;
  let colleague: MadeUser;
  let stranger: MadeUser;
  let admin: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeUser(t, { companyName: "Acme Outcomes" });
    colleague = await makeUser(t, { companyName: "Acme Outcomes" });
    stranger = await makeUser(t, { companyName: "Elsewhere Ltd" });
    admin = await makeUser(t, { admin: true, companyName: "Admin House" });
    agentId = await makeAgent(t, owner, { type: "sales", visibility: "company" });
  });
  afterAll(() => t.close());

  it("an agent's outcome fields start from its template's tracked data", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/agents/${agentId}/outcome-fields`,
      headers: { cookie: colleague.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AgentOutcomeFields;
    expect(body.fromTemplate).toBe(true);
    expect(body.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["email", "Demos booked", "Deal value discussed"]),
    );
    expect(body.fields.find((f) => f.name === "Demos booked")?.type).toBe("yes/no");
    expect(body.fields.find((f) => f.name === "Deal value discussed")?.type).toBe("number");
  });

  it("the owner edits the fields; a colleague is refused with 403, a stranger cannot see them, bad fields are 400", async () => {
    const fields = [
      { name: "contact_name", type: "text", description: "The person's name" },
      { name: "email", type: "email", description: "" },
      { name: "phone", type: "phone", description: "" },
      { name: "budget", type: "number", description: "The budget they mentioned" },
      { name: "wants_demo", type: "yes/no", description: "Would they like a demo?" },
      { name: "plan", type: "choice", description: "", options: ["Starter", "Business"] },
    ];
    const put = (who: MadeUser, payload: unknown) =>
      t.app.inject({
        method: "PUT",
        url: `/api/agents/${agentId}/outcome-fields`,
        headers: { cookie: who.cookie },
        payload: payload as object,
      });
    expect((await put(colleague, { fields })).statusCode).toBe(403);
    expect((await put(stranger, { fields })).statusCode).toBe(404);
    const bad = await put(owner, { fields: [{ name: "plan", type: "choice", description: "", options: ["Only"] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at least two options/);
    const saved = await put(owner, { fields });
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/agents/${agentId}/outcome-fields`,
      headers: { cookie: owner.cookie },
    });
    expect(read.json()).toMatchObject({
      fromTemplate: false,
      fields: [{ name: "contact_name" }, {}, {}, {}, {}, { options: ["Starter", "Business"] }],
    });
  });

  describe("a conversation", () => {
    let conversationId: string;
    beforeEach(async () => {
      conversationId = await chatOnce(
        t,
        colleague,
        agentId,
        "Hi, my name is Sarah Miller. Budget is $5,000, mail me at Sarah@Example.com",
      );
    });

    it("gets no outcome before it has been idle for the configured time, then an offline one that names what it could not fill", async () => {
      t.clock.advance(TEN_MINUTES - 1000);
      await sweep(t);
      const pending = (await outcomeOf(t, colleague, conversationId)).json() as ConversationOutcome;
      expect(pending).toMatchObject({ method: "pending", extractedAt: null, fields: {} });

      t.clock.advance(2000);
      expect(await sweep(t)).toBeGreaterThanOrEqual(1);
      const res = await outcomeOf(t, colleague, conversationId);
      expect(res.statusCode).toBe(200);
      const outcome = res.json() as ConversationOutcome;
      expect(outcome.method).toBe("offline");
      expect(outcome.success).toBe("unclear");
      expect(outcome.fields).toEqual({
        contact_name: { value: "Sarah Miller", source: "offline" },
        email: { value: "sarah@example.com", source: "offline" },
        budget: { value: 5000, source: "offline" },
      });
      expect(outcome.unfilled).toEqual(expect.arrayContaining(["phone", "wants_demo", "plan"]));
      expect(outcome.extractedAt).toBe(t.clock.now().toISOString());
      // Nothing new in it: the next round leaves it alone.
      t.clock.advance(TEN_MINUTES * 2);
      const again = await sweep(t);
      expect((await outcomeOf(t, colleague, conversationId)).json().extractedAt).toBe(outcome.extractedAt);
      expect(again).toBe(0);
    });

    it("a person's correction is kept beside the extracted value and survives the next extraction", async () => {
      t.clock.advance(TEN_MINUTES + 1);
      await sweep(t);
      const patch = await t.app.inject({
        method: "PATCH",
        url: `/api/conversations/${conversationId}/outcome`,
        headers: { cookie: owner.cookie },
        payload: { success: "achieved", fields: { email: "sarah.miller@example.com", phone: "+15550100" } },
      });
      expect(patch.statusCode).toBe(200);
      expect(patch.json()).toMatchObject({
        success: "achieved",
        fields: {
          email: { value: "sarah.miller@example.com", source: "person", extracted: "sarah@example.com" },
          phone: { value: "+15550100", source: "person", extracted: null },
          budget: { value: 5000, source: "offline" },
        },
      });
      const unknown = await t.app.inject({
        method: "PATCH",
        url: `/api/conversations/${conversationId}/outcome`,
        headers: { cookie: owner.cookie },
        payload: { fields: { shoe_size: 42 } },
      });
      expect(unknown.statusCode).toBe(400);

      await chatOnce(t, colleague, agentId, "Actually the budget is 7000 dollars", conversationId);
      t.clock.advance(TEN_MINUTES + 1);
      await sweep(t);
      const after = (await outcomeOf(t, colleague, conversationId)).json() as ConversationOutcome;
      expect(after.fields["email"]).toMatchObject({ value: "sarah.miller@example.com", source: "person" });
      expect(after.success).toBe("achieved");
      expect(after.editedAt).not.toBeNull();
    });

    it("is read by its person, the agent's owner and admins; anyone else, or its person after deleting it, gets 404", async () => {
      t.clock.advance(TEN_MINUTES + 1);
      await sweep(t);
      expect((await outcomeOf(t, colleague, conversationId)).statusCode).toBe(200);
      expect((await outcomeOf(t, owner, conversationId)).statusCode).toBe(200);
      expect((await outcomeOf(t, admin, conversationId)).statusCode).toBe(200);
      expect((await outcomeOf(t, stranger, conversationId)).statusCode).toBe(404);
      const patchByStranger = await t.app.inject({
        method: "PATCH",
        url: `/api/conversations/${conversationId}/outcome`,
        headers: { cookie: stranger.cookie },
        payload: { success: "achieved" },
      });
      expect(patchByStranger.statusCode).toBe(404);
      expect((await outcomeOf(t, colleague, "not-a-uuid")).statusCode).toBe(404);
      await t.app.inject({
        method: "DELETE",
        url: `/api/conversations/${conversationId}`,
        headers: { cookie: colleague.cookie },
      });
      expect((await outcomeOf(t, colleague, conversationId)).statusCode).toBe(404);
      expect((await outcomeOf(t, owner, conversationId)).statusCode).toBe(200);
    });
  });
});

describeEachEngine("outcomes through the model's structured output", (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let user: MadeUser;
  let agentId: string;
  const valid = JSON.stringify({
    summary: "Sarah asked about pricing and booked a demo.",
    success: "achieved",
    fields: { contact_name: "Sarah Miller", email: "sarah@example.com", phone: null, wants_demo: true },
  });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, { env: { LLM_BASE_URL: fake.url, LLM_MODEL: "fake-model" } });
    user = await makeUser(t);
    agentId = await makeAgent(t, user, { type: "sales" });
    const fields = [
      { name: "contact_name", type: "text", description: "The person's name" },
      { name: "email", type: "email", description: "" },
      { name: "phone", type: "phone", description: "" },
      { name: "wants_demo", type: "yes/no", description: "Would they like a demo?" },
    ];
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/agents/${agentId}/outcome-fields`,
      headers: { cookie: user.cookie },
      payload: { fields },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function idleConversation(): Promise<string> {
    fake.setBehaviour({});
    const id = await chatOnce(t, user, agentId, "Hi, my name is Sarah Miller, sarah@example.com");
    t.clock.advance(TEN_MINUTES + 1);
    return id;
  }
  const extractionCalls = () =>
    fake.requests.filter((r) => (r.body as { response_format?: unknown } | undefined)?.response_format);

  it("sends a strict JSON Schema response format built from the fields and stores the validated answer", async () => {
    const id = await idleConversation();
    const before = extractionCalls().length;
    fake.setBehaviour({ replyQueue: [valid] });
    await sweep(t);
    const calls = extractionCalls().slice(before);
    expect(calls).toHaveLength(1);
    const format = (
      calls[0]!.body as {
        response_format: {
          type: string;
          json_schema: { strict: boolean; schema: { properties: { fields: { required: string[] } } } };
        };
      }
    ).response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.properties.fields.required).toEqual([
      "contact_name",
      "email",
      "phone",
      "wants_demo",
    ]);
    const outcome = (await outcomeOf(t, user, id)).json() as ConversationOutcome;
    expect(outcome).toMatchObject({
      method: "model",
      success: "achieved",
      summary: "Sarah asked about pricing and booked a demo.",
      fields: { wants_demo: { value: true, source: "model" }, email: { value: "sarah@example.com", source: "model" } },
      unfilled: ["phone"],
    });
  });

  it("asks once more after a malformed answer and keeps the valid second one", async () => {
    const id = await idleConversation();
    const before = extractionCalls().length;
    fake.setBehaviour({ replyQueue: ['{"summary": "cut', valid] });
    await sweep(t);
    expect(extractionCalls().length - before).toBe(2);
    expect(((await outcomeOf(t, user, id)).json() as ConversationOutcome).method).toBe("model");
  });

  it("marks the extraction failed after two answers that break the schema, keeping the offline values", async () => {
    const id = await idleConversation();
    const before = extractionCalls().length;
    const wrongType = JSON.stringify({
      summary: "x",
      success: "achieved",
      fields: { contact_name: "S", email: "not an email", phone: null, wants_demo: "yes" },
    });
    fake.setBehaviour({ replyQueue: [wrongType, wrongType] });
    await sweep(t);
    expect(extractionCalls().length - before).toBe(2);
    const outcome = (await outcomeOf(t, user, id)).json() as ConversationOutcome;
    expect(outcome.method).toBe("failed");
    expect(outcome.fields["email"]).toEqual({ value: "sarah@example.com", source: "offline" });
  });
});
