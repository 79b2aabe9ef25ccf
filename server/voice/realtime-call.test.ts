import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type WebSocket from "ws";
import type { RealtimeServerMessage } from "../../contracts/voice-realtime.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { quiet, startFakeRealtime, tone, type FakeRealtime } from "../test-support/fake-realtime.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { makeVoiceAgent, startVoiceConversation, storedMessages } from "./voice-test-support.js";

/** What the browser's side of the socket received, with a way to wait for a message (no sleeps). */
function browserSide(socket: WebSocket) {
  const messages: RealtimeServerMessage[] = [];
  const audio: Buffer[] = [];
  let firstAudioAt = 0;
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.test()) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  socket.on("message", (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      if (audio.length === 0) firstAudioAt = performance.now();
      audio.push(data);
    } else messages.push(JSON.parse(data.toString("utf8")) as RealtimeServerMessage);
    check();
  });
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      waiters.push({ test, resolve });
      check();
    });
  const closed = new Promise<number>((resolve) => socket.on("close", (code: number) => resolve(code)));
  return {
    messages,
    audio,
    firstAudioAt: () => firstAudioAt,
    until,
    closed,
    has: (type: RealtimeServerMessage["type"]) => () => messages.some((m) => m.type === type),
  };
}

describeEachEngine("a realtime speech-to-speech call through the server", (engine) => {
  let fake: FakeRealtime;
  let t: TestApp;
  let user: MadeUser;
  let stranger: MadeUser;
  let admin: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    fake = await startFakeRealtime();
    t = await startTestApp(engine, {
      env: { REALTIME_BASE_URL: fake.url, REALTIME_API_KEY: "sk-realtime-secret", REALTIME_MODEL: "gpt-realtime-test" },
    });
    user = await makeUser(t);
    stranger = await makeUser(t);
    admin = await makeOwner(t);
    agentId = await makeVoiceAgent(t, user);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.events.length = 0;
    fake.headers.length = 0;
    fake.setBehaviour({});
  });

  it("tells the voice dialog that the realtime engine is available", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/voice/capabilities", headers: { cookie: user.cookie } });
    expect(res.json()).toMatchObject({ realtime: true });
  });

  const connect = (who: MadeUser, id: string, language = "en-US") =>
    t.app.injectWS(`/api/voice-conversations/${id}/realtime?language=${language}`, { headers: { cookie: who.cookie } });

  /** The user's new call, its socket open and the server ready. */
  async function readyCall() {
    const id = await startVoiceConversation(t, user, agentId);
    const socket = await connect(user, id);
    const browser = browserSide(socket);
    await browser.until(browser.has("ready"));
    return { id, socket, browser };
  }

  /** A short utterance, then the pause that ends the turn (the fake's detector answers it). */
  function askOnce(socket: WebSocket): void {
    socket.send(tone(300));
    socket.send(quiet(400));
  }

  it("refuses another person's conversation at the upgrade", async () => {
    const id = await startVoiceConversation(t, user, agentId);
    await expect(connect(stranger, id)).rejects.toThrow(/404/);
  });

  it("relays speech to the model and its voice back, with the key kept on the server, and stores both sides", async () => {
    fake.setBehaviour({
      transcriptText: "Where is my order?",
      replyText: "It left the warehouse this morning.",
      firstAudioDelayMs: 30,
    });
    const id = await startVoiceConversation(t, user, agentId);
    const socket = await connect(user, id, "de-DE");
    const browser = browserSide(socket);
    await browser.until(browser.has("ready"));
    expect(fake.headers[0]?.authorization).toBe("Bearer sk-realtime-secret");
    expect(fake.events[0]).toMatchObject({
      type: "session.update",
      session: { voice: expect.any(String), input_audio_transcription: { language: "de" } },
    });
    expect(String((fake.events[0] as { session: { instructions: string } }).session.instructions)).toContain(
      "Vera Voice",
    );

    for (let i = 0; i < 5; i++) socket.send(tone(100));
    const endOfSpeech = performance.now();
    socket.send(quiet(400));
    await browser.until(browser.has("agent-done"));
    // The goal (first audio ≤ 150 ms + the provider's own delay) is measured by bench/voice-turn/realtime.ts:
    // a timing bound here would fail on a busy machine, not on slow code.
    expect(browser.firstAudioAt()).toBeGreaterThan(endOfSpeech);
    expect(browser.audio.length).toBe(4);
    expect(browser.messages.filter((m) => m.type !== "agent-delta")).toEqual([
      { type: "ready" },
      { type: "user", text: "Where is my order?" },
      { type: "reply-start", reply: 1 },
      { type: "agent-done", text: "It left the warehouse this morning.", interrupted: false },
    ]);
    socket.close();
    await browser.closed;
    await expect
      .poll(async () => (await storedMessages(t, id)).map((m) => [m.role, m.content, m.interrupted]))
      .toEqual([
        ["user", "Where is my order?", false],
        ["assistant", "It left the warehouse this morning.", false],
      ]);
  });

  it("stops the reply when the person speaks over it, and stores only what was heard, marked cut", async () => {
    fake.setBehaviour({ replyText: "one two three four five six seven eight", replyChunks: 4, holdAfterChunks: 2 });
    const { id, socket, browser } = await readyCall();
    askOnce(socket);
    await browser.until(() => browser.audio.length >= 2);
    expect(browser.messages).toContainEqual({ type: "reply-start", reply: 1 });
    socket.send(JSON.stringify({ type: "played", ms: 100, reply: 1 }));
    socket.send(tone(300));
    await browser.until(browser.has("agent-done"));
    expect(browser.messages).toContainEqual({ type: "barge-in" });
    expect(browser.messages.find((m) => m.type === "agent-done")).toEqual({
      type: "agent-done",
      text: "one two",
      interrupted: true,
    });
    expect(fake.events.find((e) => e.type === "conversation.item.truncate")).toMatchObject({ audio_end_ms: 100 });
    socket.close();
    await browser.closed;
    await expect
      .poll(async () =>
        (await storedMessages(t, id)).filter((m) => m.role === "assistant").map((m) => [m.content, m.interrupted]),
      )
      .toEqual([["one two", true]]);
  });

  it("numbers each reply before its audio, and cuts a reply by its own played reports, not the last one's", async () => {
    const { socket, browser } = await readyCall();
    askOnce(socket);
    await browser.until(browser.has("agent-done"));
    const firstAudio = browser.audio.length;
    expect(browser.messages).toContainEqual({ type: "reply-start", reply: 1 });

    fake.setBehaviour({ replyText: "one two three four five six seven eight", replyChunks: 4, holdAfterChunks: 2 });
    askOnce(socket);
    await browser.until(() => browser.audio.length >= firstAudio + 2);
    expect(browser.messages.filter((m) => m.type === "reply-start")).toEqual([
      { type: "reply-start", reply: 1 },
      { type: "reply-start", reply: 2 },
    ]);
    // The second reply's report, then one about the first reply that was still on its way.
    socket.send(JSON.stringify({ type: "played", ms: 100, reply: 2 }));
    socket.send(JSON.stringify({ type: "played", ms: 7, reply: 1 }));
    socket.send(tone(300));
    await browser.until(() => browser.messages.filter((m) => m.type === "agent-done").length === 2);
    expect(fake.events.filter((e) => e.type === "conversation.item.truncate")).toEqual([
      expect.objectContaining({ audio_end_ms: 100 }),
    ]);
    socket.close();
    await browser.closed;
  });

  it("tells the browser to fall back to the cascade when the provider refuses the session", async () => {
    fake.setBehaviour({ refuseSession: "model not available" });
    const id = await startVoiceConversation(t, user, agentId);
    const socket = await connect(user, id);
    const browser = browserSide(socket);
    expect(await browser.closed).toBe(1000);
    expect(browser.messages).toEqual([{ type: "fallback", message: expect.stringMatching(/standard voice/) }]);
    expect(await storedMessages(t, id)).toEqual([]);
  });

  it("hands the call to the cascade when a person takes it over, and opens no model session while one holds it", async () => {
    const id = await startVoiceConversation(t, user, agentId);
    const socket = await connect(user, id);
    const browser = browserSide(socket);
    await browser.until(browser.has("ready"));
    const sessionsBefore = fake.headers.length;
    const taken = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/takeover`,
      headers: { cookie: admin.cookie },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await browser.closed).toBe(1000);
    expect(browser.messages.at(-1)).toEqual({
      type: "fallback",
      message: expect.stringMatching(/person from the team/),
    });

    // Reconnecting while held: told at once (before the socket is even handed over, so the
    // listener goes on as it opens), and the provider is never asked.
    let again: ReturnType<typeof browserSide> | undefined;
    await t.app.injectWS(
      `/api/voice-conversations/${id}/realtime?language=en-US`,
      { headers: { cookie: user.cookie } },
      {
        onInit: (ws) => void (again = browserSide(ws)),
      },
    );
    if (!again) throw new Error("the socket never opened");
    expect(await again.closed).toBe(1000);
    expect(again.messages).toEqual([{ type: "fallback", message: expect.stringMatching(/person from the team/) }]);
    expect(fake.headers.length).toBe(sessionsBefore);
  });
});
