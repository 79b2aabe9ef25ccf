/**
 * One user opens BENCH_FLOOD (1,000) streamed chats at once; meanwhile another user starts a
 * chat: `npx tsx bench/streams/one-user-flood.ts`. Reports how long the other user's chat took
 * to its first delta and every status the flood got (goal, issue 22: ≤ 1 s, and no 503
 * anywhere). The app is the test app on PostgreSQL (TEST_DATABASE_URL) or PGlite
 * (BENCH_ENGINE=pglite), listening on a real port; the model is the fake OpenAI server, holding
 * each reply open after its first delta until the run ends, so admitted streams stay open.
 */
import { Agent, setGlobalDispatcher } from "undici";
import { makeAgent, streamChat } from "../../server/chat/chat-test-support.js";
import { makeUser } from "../../server/test-support/factories.js";
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";
import { fakeLlm } from "../../server/chat/chat-test-support.js";
import { startTestApp, type Engine } from "../../server/test-support/test-app.js";

const FLOOD = Number(process.env.BENCH_FLOOD ?? 1000);
const ENGINE: Engine = process.env.BENCH_ENGINE === "pglite" ? "pglite" : "postgres";
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

// A connection per stream, as 1,000 browsers would have.
setGlobalDispatcher(new Agent({ connections: FLOOD + 10, pipelining: 0 }));

const fake = await startFakeOpenAi({ holdAfterChunks: 1 });
// USER_CONCURRENT_TURNS / COMPANY_CONCURRENT_TURNS pass through, e.g. set high to see the server without caps.
const caps = ["USER_CONCURRENT_TURNS", "COMPANY_CONCURRENT_TURNS"].flatMap((name) =>
  process.env[name] ? [[name, process.env[name]]] : [],
);
// Every client here is 127.0.0.1; in life the other user comes from another address (or every
// socket from a proxy), so the per-address socket cap is off, as behind a proxy.
const env = { MAX_CONNECTIONS_PER_ADDRESS: "0", ...Object.fromEntries(caps) };
const t = await startTestApp(ENGINE, { env, overrides: { llm: fakeLlm(fake) } });
const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
const flooder = await makeUser(t, { companyName: "Flood Co" });
const other = await makeUser(t, { companyName: "Quiet Co" });
const [flooderAgent, otherAgent] = [await makeAgent(t, flooder), await makeAgent(t, other)];

const leave = new AbortController();
const statuses = new Map<number, number>();
const started = performance.now();
const flood = Array.from({ length: FLOOD }, (_, i) =>
  streamChat(base, flooder, flooderAgent, { message: `Flood ${i}` }, { signal: leave.signal })
    .then((res) => statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1))
    .catch(() => statuses.set(-1, (statuses.get(-1) ?? 0) + 1)),
);
// Every refusal is in (or, without caps, the model has every admitted stream): the flood is at its height.
const answered = () => [...statuses.values()].reduce((a, b) => a + b, 0);
const admitted = Math.min(FLOOD, t.config.USER_CONCURRENT_TURNS);
while (answered() < FLOOD - admitted && fake.requests.length + answered() < FLOOD) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
const floodAnsweredMs = performance.now() - started;

const firstDelta = new AbortController();
const otherStarted = performance.now();
let otherFirstDeltaMs = NaN;
const otherChat = await streamChat(
  base,
  other,
  otherAgent,
  { message: "Am I still served?" },
  {
    signal: firstDelta.signal,
    onFrame: (frame) => {
      if (frame.event !== "delta") return;
      otherFirstDeltaMs = performance.now() - otherStarted;
      firstDelta.abort();
    },
  },
).catch((error: unknown) =>
  // Left on purpose once its first delta came: it was served.
  ({ status: firstDelta.signal.aborted ? 200 : `failed: ${String(error)}` }),
);

leave.abort();
fake.release();
await Promise.all(flood);
console.info(
  `${ENGINE}: one user opened ${FLOOD} streamed chats (all answered in ${floodAnsweredMs.toFixed(0)} ms); statuses ${JSON.stringify(Object.fromEntries(statuses))}; another user's chat: status ${otherChat.status}, first delta after ${otherFirstDeltaMs.toFixed(0)} ms (goal ≤ 1000 ms, no 503)`,
);
await t.close();
await fake.close();
