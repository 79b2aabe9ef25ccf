/**
 * The agent's term statistics (knowledge_terms, decision 118) through HTTP on both engines: after
 * every upload, delete and re-index, and as an embedded document turns ready or failed, each
 * English stem's count is the number of the agent's searchable passages that hold it — what
 * counting them all again gives — so retrieval can trust one row for a word's rarity.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { EMBEDDING_ATTEMPTS, EMBEDDING_LEASE_MS } from "./ingestion.js";
import {
  keptTermCounts,
  knowledgeOf,
  pasteText,
  RETURNS_POLICY,
  termCountsCountedAgain,
  type TermCounts,
} from "./knowledge-test-support.js";

const SHIPPING = "Orders ship within two working days. Refunds for lost parcels are paid at once.";

async function expectStatisticsRight(t: TestApp, agentId: string): Promise<TermCounts> {
  const kept = await keptTermCounts(t, agentId);
  expect(kept).toEqual(await termCountsCountedAgain(t, agentId));
  return kept;
}

async function added(t: TestApp, user: MadeUser, agentId: string, title: string, text: string) {
  const res = await pasteText(t, user, agentId, title, text);
  expect(res.statusCode).toBe(201);
  return res.json<KnowledgeDocument>();
}

describeEachEngine("knowledge term statistics", (engine) => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    user = await makeUser(t, { companyName: "Terms Ltd" });
  });
  afterAll(() => t.close());

  it("counts each stem's passages as documents are added, deleted and re-indexed", async () => {
    const agentId = await makeAgent(t, user, { name: "Counted" });
    const other = await makeAgent(t, user, { name: "Counted apart" });
    await added(t, user, other, "Other shipping", SHIPPING);

    const policy = await added(t, user, agentId, "Returns policy", RETURNS_POLICY);
    const afterPolicy = await expectStatisticsRight(t, agentId);
    // "refund" in one passage of the policy; the other agent's passage is its own.
    expect(afterPolicy.refund).toBe(1);

    const shipping = await added(t, user, agentId, "Shipping", SHIPPING);
    const afterBoth = await expectStatisticsRight(t, agentId);
    expect(afterBoth.refund).toBe(2);
    expect(afterBoth.parcel).toBe(1);

    const reindexed = await t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge/${policy.id}/reindex`,
      headers: { cookie: user.cookie },
    });
    expect(reindexed.statusCode).toBe(200);
    expect(await expectStatisticsRight(t, agentId)).toEqual(afterBoth);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/agents/${agentId}/knowledge/${shipping.id}`,
      headers: { cookie: user.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await expectStatisticsRight(t, agentId)).toEqual(afterPolicy);
    expect((await keptTermCounts(t, other)).parcel).toBe(1);
  });

  it("forgets an agent's statistics with the agent", async () => {
    const agentId = await makeAgent(t, user, { name: "Short-lived" });
    await added(t, user, agentId, "Shipping", SHIPPING);
    expect(await keptTermCounts(t, agentId)).not.toEqual({});

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/agents/${agentId}`,
      headers: { cookie: user.cookie },
    });

    expect(res.statusCode).toBe(204);
    expect(await keptTermCounts(t, agentId)).toEqual({});
  });
});

describeEachEngine("knowledge term statistics while embedding", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, { env: { EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: "embed-small" } });
    user = await makeUser(t, { companyName: "Vectors Ltd" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("counts a document's passages while it is embedded and once it is ready, and never one that failed", async () => {
    const agentId = await makeAgent(t, user, { name: "Embedded" });
    const policy = await added(t, user, agentId, "Returns policy", RETURNS_POLICY);
    expect(policy.status).toBe("processing");

    await t.app.knowledgeIngestion.idle();

    expect((await knowledgeOf(t, user, agentId))[0]?.status).toBe("ready");
    expect((await expectStatisticsRight(t, agentId)).refund).toBe(1);

    fake.setBehaviour({ failure: "http-500" });
    try {
      const failing = await added(t, user, agentId, "Shipping", SHIPPING);
      await t.app.knowledgeIngestion.idle();
      // Still being embedded, so searched by its words (decision 169): its words are counted.
      expect((await knowledgeOf(t, user, agentId)).find((d) => d.id === failing.id)?.status).toBe("processing");
      expect((await expectStatisticsRight(t, agentId)).refund).toBe(2);
      for (let attempt = 2; attempt <= EMBEDDING_ATTEMPTS; attempt++) {
        t.clock.advance(EMBEDDING_LEASE_MS + 1_000);
        t.app.knowledgeIngestion.wake();
        await t.app.knowledgeIngestion.idle();
      }
      expect((await knowledgeOf(t, user, agentId)).find((d) => d.id === failing.id)?.status).toBe("failed");
    } finally {
      fake.setBehaviour({});
    }
    expect((await expectStatisticsRight(t, agentId)).refund).toBe(1);
  });
});
