/**
 * GET /metrics through HTTP on both engines: who may read it, that each metric is there, that
 * requests and open event streams are counted (a real chat stream held open by the fake model),
 * and that the turn code's time-to-first-token reaches the histogram.
 */
import { errorBody } from "../../contracts/errors.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLlm, makeAgent, streamChat } from "../chat/chat-test-support.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { METRICS_PATH } from "./metrics.js";

/** The value of one series in Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachEngine("metrics", (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  let admin: MadeUser;
  let user: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t);
    user = await makeUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const scrape = async (cookie?: string) =>
    fetch(`${base}${METRICS_PATH}`, { headers: cookie ? { cookie } : {} }).then(async (res) => ({
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      body: await res.text(),
    }));

  it("is refused signed out (401) and to a user who is not an administrator (403)", async () => {
    expect((await scrape()).status).toBe(401);
    const asUser = await scrape(user.cookie);
    expect(asUser.status).toBe(403);
    expect(JSON.parse(asUser.body)).toEqual(errorBody("ADMIN_REQUIRED"));
  });

  it("shows an administrator every metric in Prometheus text, with the requests counted by route pattern", async () => {
    const before = await scrape(admin.cookie);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/agents`, { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
    }
    const res = await scrape(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      "http_request_duration_seconds",
      "agentdesk_time_to_first_token_seconds",
      "agentdesk_open_event_streams",
      "nodejs_eventloop_delay_seconds",
      "process_resident_memory_bytes",
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
    const agentsCount = 'http_request_duration_seconds_count{method="GET",route="/api/agents",status_code="200"}';
    expect(sample(res.body, agentsCount)).toBe((sample(before.body, agentsCount) ?? 0) + 2);
    expect(sample(res.body, 'nodejs_eventloop_delay_seconds{quantile="0.99"}')).toBeGreaterThan(0);
    // Requests to no route share one series instead of one per URL.
    await fetch(`${base}/api/no-such-thing-${Date.now()}`);
    expect((await scrape(admin.cookie)).body).toContain('route="unmatched",status_code="404"}');
  });

  it(`reports the PostgreSQL pool ${engine === "postgres" ? "size and queue" : "nowhere: PGlite has no pool"}`, async () => {
    const { body } = await scrape(admin.cookie);
    if (engine === "postgres") {
      expect(sample(body, "db_pool_max_connections")).toBe(20);
      expect(sample(body, "db_pool_connections")).toBeGreaterThan(0);
      expect(sample(body, "db_pool_waiting_queries")).toBe(0);
    } else {
      expect(body).not.toContain("db_pool_");
    }
  });

  it(`reports the read cache's answers ${engine === "pglite" ? "on the embedded engine" : "nowhere: PostgreSQL has none"}`, async () => {
    const read = () => fetch(`${base}/api/agents`, { headers: { cookie: user.cookie } });
    await read();
    const before = (await scrape(admin.cookie)).body;
    await read();
    const { body } = await scrape(admin.cookie);
    if (engine === "pglite") {
      expect(sample(body, "db_read_cache_hits_total")).toBeGreaterThan(sample(before, "db_read_cache_hits_total") ?? 0);
      expect(sample(body, "db_read_cache_entries")).toBeGreaterThan(0);
    } else {
      expect(body).not.toContain("db_read_cache_");
    }
  });

  it("counts a chat event stream as open while it streams, and no longer once it ends", async () => {
    const agentId = await makeAgent(t, user);
    const open = 'agentdesk_open_event_streams{route="/api/chat/:agentId"}';
    fake.setBehaviour({ replyText: "One. Two. Three.", chunkCount: 3, holdAfterChunks: 1 });
    let whileOpen: number | undefined;
    const before = (await scrape(admin.cookie)).body;
    const streamed = await streamChat(
      base,
      user,
      agentId,
      { message: "Count to three", conversationId: null },
      {
        onFrame: (frame) => {
          if (frame.event !== "delta" || whileOpen !== undefined) return;
          whileOpen = -1;
          // The model holds the rest of the reply until this scrape has been read.
          void scrape(admin.cookie).then(({ body }) => {
            whileOpen = sample(body, open);
            fake.release();
          });
        },
      },
    );
    expect(streamed.frames.at(-1)?.event).toBe("done");
    expect(whileOpen).toBe(1);
    const after = (await scrape(admin.cookie)).body;
    expect(sample(after, open)).toBe(0);
    // Three deltas, one turn: the chat route observed its first token once.
    const firstTokens = 'agentdesk_time_to_first_token_seconds_count{kind="text"}';
    expect(sample(after, firstTokens)).toBe((sample(before, firstTokens) ?? 0) + 1);
  });
});

describe("time to first token", () => {
  it("is observed through app.metrics, which the turn code calls, into its histogram by kind", async () => {
    const t = await startTestApp("pglite");
    try {
      const admin = await makeOwner(t);
      t.app.metrics.observeTimeToFirstToken("text", 0.042);
      t.app.metrics.observeTimeToFirstToken("voice", 0.3);
      const res = await t.app.inject({ url: METRICS_PATH, headers: { cookie: admin.cookie } });
      expect(sample(res.body, 'agentdesk_time_to_first_token_seconds_bucket{le="0.05",kind="text"}')).toBe(1);
      expect(sample(res.body, 'agentdesk_time_to_first_token_seconds_bucket{le="0.25",kind="voice"}')).toBe(0);
      expect(sample(res.body, 'agentdesk_time_to_first_token_seconds_count{kind="voice"}')).toBe(1);
    } finally {
      await t.close();
    }
  });
});
