/**
 * One user cannot take the server from everyone: turns and speech requests beyond the user's
 * (or the company's) cap are refused with 429 and Retry-After before any work starts, while
 * another user's chat is admitted, and nobody gets a 503.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { TtsProvider } from "../providers/tts/tts-provider.js";
import { fakeLlm, makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { errorBody } from "../../contracts/errors.js";

/** How long a held turn may take to reach the fake model: 10 s was passed at load average 49. */
const WAIT_BOUND_MS = 120_000;

const USER_CAP = 3;
const COMPANY_CAP = 5;
const FLOOD = 12;

/** A speech engine whose every request waits until the test lets it go. */
function heldTts() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const tts: TtsProvider = {
    kind: "espeak-ng",
    async synthesize() {
      started++;
      await gate;
      return { audio: Buffer.from("RIFF"), mimeType: "audio/wav" };
    },
  };
  return { tts, release: () => open(), started: () => started };
}

/** Resolves once `count` of the promises have settled, whichever they are. */
function whenSettled(promises: Promise<unknown>[], count: number): Promise<void> {
  let settled = 0;
  return new Promise((resolve) => {
    for (const promise of promises) {
      void promise.finally(() => {
        if (++settled === count) resolve();
      });
    }
  });
}

describeEachEngine("concurrency caps", (engine) => {
  let fake: FakeOpenAi;
  let speech: ReturnType<typeof heldTts>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    speech = heldTts();
    t = await startTestApp(engine, {
      env: {
        USER_CONCURRENT_TURNS: String(USER_CAP),
        COMPANY_CONCURRENT_TURNS: String(COMPANY_CAP),
        USER_CONCURRENT_SPEECH: "2",
      },
      overrides: { llm: fakeLlm(fake), tts: speech.tts },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const chatRequests = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions")).length;

  it("refuses a user's turns beyond the cap with 429 and Retry-After while another user's chat is admitted, and answers no 503", async () => {
    const flooder = await makeUser(t, { companyName: "Flood Co" });
    const other = await makeUser(t, { companyName: "Quiet Co" });
    const [flooderAgent, otherAgent] = [await makeAgent(t, flooder), await makeAgent(t, other)];
    const before = chatRequests();
    fake.setBehaviour({ holdAfterChunks: 1 });

    const flood = Array.from({ length: FLOOD }, (_, i) =>
      postChat(t, flooder, flooderAgent, { message: `Flood ${i}` }),
    );
    await whenSettled(flood, FLOOD - USER_CAP);
    const othersChat = postChat(t, other, otherAgent, { message: "Am I still served?" });
    // The other user's turn reached the model while the flooder's held their slots.
    await vi.waitFor(() => expect(chatRequests()).toBe(before + USER_CAP + 1), { timeout: WAIT_BOUND_MS });
    fake.release();

    const answers = await Promise.all(flood);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array(USER_CAP).fill(200),
      ...Array(FLOOD - USER_CAP).fill(429),
    ]);
    expect(refused[0]?.headers["retry-after"]).toBe(String(t.config.CONCURRENCY_RETRY_AFTER_SECONDS));
    expect(refused[0]?.json()).toEqual(errorBody("USER_BUSY", { work: "turns", limit: USER_CAP }));
    expect((await othersChat).statusCode).toBe(200);
    // Slots are given back as responses close.
    expect((await postChat(t, flooder, flooderAgent, { message: "Later" })).statusCode).toBe(200);
    fake.setBehaviour({});
  });

  it("refuses a company's turns beyond its cap, whichever of its members sends them", async () => {
    const members: MadeUser[] = [];
    for (let i = 0; i < 3; i++) members.push(await makeUser(t, { companyName: "Busy Co" }));
    const agents = await Promise.all(members.map((m) => makeAgent(t, m)));
    fake.setBehaviour({ holdAfterChunks: 1 });
    const before = chatRequests();

    // Two each from three members: six against a company cap of five.
    const turns = members.flatMap((m, i) => [0, 1].map((n) => postChat(t, m, agents[i]!, { message: `Busy ${n}` })));
    await whenSettled(turns, 1);
    await vi.waitFor(() => expect(chatRequests()).toBe(before + COMPANY_CAP), { timeout: WAIT_BOUND_MS });
    fake.release();
    const answers = await Promise.all(turns);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.find((res) => res.statusCode === 429)?.json()).toEqual(
      errorBody("COMPANY_BUSY", { work: "turns", limit: COMPANY_CAP }),
    );
    fake.setBehaviour({});
  });

  it("refuses a user's speech requests beyond the cap before synthesising anything", async () => {
    const talker = await makeUser(t, { companyName: "Talk Co" });
    const speak = () =>
      t.app.inject({
        method: "POST",
        url: "/api/tts",
        headers: { cookie: talker.cookie },
        payload: { text: "Read this long text aloud, please.", voice: "alloy" },
      });
    const requests = Array.from({ length: 6 }, speak);
    await whenSettled(requests, 4);
    await vi.waitFor(() => expect(speech.started()).toBe(2), { timeout: WAIT_BOUND_MS });
    speech.release();
    const statuses = (await Promise.all(requests)).map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });
});
