/**
 * Tools in a voice call (issue 24, decision 149), on both engines, with the fake model emitting
 * streamed tool_calls and a real HTTP action on loopback: the call says "one moment" in its
 * language once a step, a tool that asks is offered and asked about aloud, the caller's approve
 * or deny (the chat's routes) decides it, and an unanswered question or a hang-up denies it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ToolCallStep } from "../../contracts/tool-calls.js";
import type { LanguageCode, VoiceTurnEvent } from "../../contracts/voice.js";
import { makeAgent, modelCalls } from "../chat/chat-test-support.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import {
  startFakeToolHttpServer,
  type FakeToolHttpServer,
  LOOPBACK_TOOL_POLICY,
  orderStatusAction,
} from "../test-support/fake-tool-http-server.js";
import { describeEachEngine, startTestApp } from "../test-support/test-app.js";
import { eventsOf, fakeLlm, startVoiceConversation, storedMessages, streamTurn } from "./voice-test-support.js";

interface ToolMessage {
  role: string;
  content: string | null;
}

describeEachEngine("tools in a voice call", (engine) => {
  let fake: FakeOpenAi;
  let web: FakeToolHttpServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    web = await startFakeToolHttpServer();
  });
  afterAll(async () => {
    await fake.close();
    await web.close();
  });
  beforeEach(() => {
    fake.setBehaviour({});
    fake.requests.length = 0;
  });

  /** An app, its members, and an agent whose HTTP action asks (or not) before it runs. */
  async function setUp(env: Record<string, string> = {}) {
    const t = await startTestApp(engine, { env, overrides: { llm: fakeLlm(fake) } });
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const admin = await makeOwner(t, { companyName: "Acme" });
    const owner = await makeUser(t, { admin: false, companyName: "Acme" });
    const send = (user: MadeUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
    expect((await send(admin, "PUT", "/api/admin/tool-policy", LOOPBACK_TOOL_POLICY)).statusCode).toBe(200);
    const agentWith = async (approval: "auto" | "ask") => {
      const agentId = await makeAgent(t, owner, { name: "Phone Desk" });
      const res = await send(owner, "POST", `/api/agents/${agentId}/tools`, orderStatusAction(web, approval));
      expect(res.statusCode, res.body).toBe(201);
      return agentId;
    };
    const call = async (
      agentId: string,
      message: string,
      language: LanguageCode,
      onEvent?: (event: VoiceTurnEvent, conversationId: string) => void,
      signal?: AbortSignal,
    ) => {
      const conversationId = await startVoiceConversation(t, owner, agentId);
      const res = await streamTurn(
        base,
        owner,
        conversationId,
        { message, language },
        { signal, onEvent: (event) => onEvent?.(event, conversationId) },
      );
      return { conversationId, ...res };
    };
    const steps = async (conversationId: string) =>
      (await send(owner, "GET", `/api/conversations/${conversationId}/tool-calls`)).json<ToolCallStep[]>();
    return { t, owner, send, agentWith, call, steps };
  }

  const toolMessages = (index: number) =>
    (modelCalls(fake)[index]?.body as { messages: ToolMessage[] }).messages.filter((m) => m.role === "tool");
  const asides = (events: VoiceTurnEvent[]) =>
    eventsOf(events, "audio")
      .filter((audio) => audio.aside)
      .map((audio) => [audio.aside, audio.text]);

  describe("with the call's usual wait", () => {
    let app: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      app = await setUp();
    });
    afterAll(async () => {
      await app.t.close();
    });

    it("says 'one moment' once in the call's language as parallel calls start, before the answer, and never stores it", async () => {
      const agentId = await app.agentWith("auto");
      fake.setBehaviour({
        replyText: "Beide Bestellungen sind unterwegs.",
        toolCallQueue: [
          {
            calls: [
              { name: "order_status", arguments: '{"id":"G-1"}' },
              { name: "order_status", arguments: '{"id":"G-2"}' },
            ],
          },
        ],
      });
      const { conversationId, status, events } = await app.call(agentId, "Wo sind G-1 und G-2?", "de-DE");
      expect(status).toBe(200);
      expect(asides(events)).toEqual([["wait", "Einen Moment."]]);
      // Spoken before the tools' results, and before the answer's first sentence.
      const order = events.map((e) => (e.event === "audio" ? `audio:${e.data.aside ?? "reply"}` : e.event));
      expect(order.indexOf("audio:wait")).toBeLessThan(order.indexOf("audio:reply"));
      expect(eventsOf(events, "tool_call").map((c) => c.status)).toEqual(["running", "running"]);
      expect(eventsOf(events, "tool_result").map((r) => r.ok)).toEqual([true, true]);
      expect(eventsOf(events, "done")[0]?.response).toBe("Beide Bestellungen sind unterwegs.");
      const stored = await storedMessages(app.t, conversationId);
      expect(stored.at(-1)).toMatchObject({ role: "assistant", content: "Beide Bestellungen sind unterwegs." });
      expect(stored.some((m) => m.content.includes("Einen Moment"))).toBe(false);
    });

    it("offers a tool that asks, asks aloud in the call's language, and runs it once the caller approves", async () => {
      const agentId = await app.agentWith("ask");
      fake.setBehaviour({
        replyText: "Su pedido ya ha salido.",
        toolCallQueue: [{ calls: [{ name: "order_status", arguments: '{"id":"D-9"}' }] }],
      });
      const decisions: number[] = [];
      const before = web.seen.length;
      const { conversationId, events } = await app.call(
        agentId,
        "¿Dónde está mi pedido D-9?",
        "es-ES",
        (event, cid) => {
          if (event.event !== "tool_call" || event.data.status !== "awaiting_approval") return;
          void app
            .send(app.owner, "POST", `/api/conversations/${cid}/tool-calls/${event.data.id}/approve`)
            .then((res) => decisions.push(res.statusCode));
        },
      );
      expect(decisions).toEqual([200]);
      const offered = (modelCalls(fake)[0]?.body as { tools?: { function: { name: string } }[] }).tools ?? [];
      expect(offered.map((tool) => tool.function.name)).toEqual(["order_status"]);
      expect(eventsOf(events, "tool_call").map((c) => c.status)).toEqual(["awaiting_approval", "running"]);
      expect(asides(events)).toEqual([
        ["approval", "¿Puedo usar order status para D-9? Diga sí o no."],
        ["wait", "Un momento."],
      ]);
      expect(eventsOf(events, "tool_result")[0]).toMatchObject({ ok: true });
      expect(eventsOf(events, "done")[0]?.response).toBe("Su pedido ya ha salido.");
      expect(eventsOf(events, "audio").some((a) => !a.aside && a.text.includes("Su pedido"))).toBe(true);
      expect(web.seen.length).toBe(before + 1);
      // The caller approved, and is recorded as the one who did.
      expect((await app.steps(conversationId))[0]).toMatchObject({ outcome: "ok", decidedBy: app.owner.id });
    });

    it("tells the model plainly when the caller denies the call, and runs nothing", async () => {
      const agentId = await app.agentWith("ask");
      fake.setBehaviour({
        replyText: "Understood, I will not look it up.",
        toolCallQueue: [{ calls: [{ name: "order_status", arguments: '{"id":"N-1"}' }] }],
      });
      const before = web.seen.length;
      const { conversationId, events } = await app.call(agentId, "Where is N-1?", "en-US", (event, cid) => {
        if (event.event !== "tool_call" || event.data.status !== "awaiting_approval") return;
        void app.send(app.owner, "POST", `/api/conversations/${cid}/tool-calls/${event.data.id}/deny`);
      });
      expect(asides(events)).toEqual([["approval", "May I use order status for N-1? Please say yes or no."]]);
      expect(eventsOf(events, "tool_result")[0]).toMatchObject({ ok: false, summary: "Denied" });
      expect(toolMessages(1)[0]?.content).toContain("The person denied this tool call");
      expect(eventsOf(events, "done")[0]?.response).toBe("Understood, I will not look it up.");
      expect(web.seen.length).toBe(before);
      expect((await app.steps(conversationId))[0]).toMatchObject({ outcome: "denied", decidedBy: app.owner.id });
    });

    it("denies a call still waiting when the caller hangs up, and nothing hangs", async () => {
      const agentId = await app.agentWith("ask");
      fake.setBehaviour({
        replyText: "Never heard.",
        toolCallQueue: [{ calls: [{ name: "order_status", arguments: '{"id":"H-1"}' }] }],
      });
      const hangUp = new AbortController();
      const { conversationId } = await app.call(
        agentId,
        "Where is H-1?",
        "en-US",
        (event) => {
          if (event.event === "tool_call" && event.data.status === "awaiting_approval") hangUp.abort();
        },
        hangUp.signal,
      );
      await vi.waitFor(async () => {
        expect((await app.steps(conversationId))[0]).toMatchObject({
          outcome: "denied",
          summary: "Denied: not answered in time",
          decidedBy: null,
        });
      });
    });
  });

  it("counts a question nobody answers within the call's wait as denied, says so in the call's language and tells the model", async () => {
    // A wait this short is the test's own: a call's is VOICE_APPROVAL_WAIT_MS (contracts/voice-approval.ts).
    const app = await setUp({ VOICE_APPROVAL_WAIT_MS: "200" });
    try {
      const agentId = await app.agentWith("ask");
      fake.setBehaviour({
        replyText: "D'accord, je ne l'ai pas consulté.",
        toolCallQueue: [{ calls: [{ name: "order_status", arguments: '{"id":"F-1"}' }] }],
      });
      const { conversationId, events } = await app.call(agentId, "Où est F-1 ?", "fr-FR");
      expect(asides(events)).toEqual([
        ["approval", "Puis-je utiliser order status pour F-1? Dites oui ou non."],
        ["not-answered", "Je n'ai pas entendu de réponse, je n'utiliserai donc pas order status."],
      ]);
      expect(toolMessages(1)[0]?.content).toContain("The caller did not say yes to this tool call in time");
      expect((await app.steps(conversationId))[0]).toMatchObject({ outcome: "denied", decidedBy: null });
    } finally {
      await app.t.close();
    }
  });
});
