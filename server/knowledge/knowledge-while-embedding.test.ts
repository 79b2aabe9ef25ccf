/**
 * A document being embedded is searched by its words (decision 169), on both engines, through
 * the real app with the offline responder and a fake `/embeddings` that keeps failing: while the
 * document waits for its vectors, a turn answers from it and cites it; once it has failed, it is
 * searched no more.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ChatResponse } from "../../contracts/chat.js";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import { makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { EMBEDDING_ATTEMPTS, EMBEDDING_LEASE_MS } from "./ingestion.js";
import { knowledgeOf, pasteText, RETURNS_POLICY } from "./knowledge-test-support.js";

const QUESTION = "How many days do I have to return an unused item?";

describeEachEngine("knowledge while it is being embedded", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let user: MadeUser;
  let agentId: string;
  let policy: KnowledgeDocument;

  const statusOfPolicy = async () => (await knowledgeOf(t, user, agentId)).find((d) => d.id === policy.id)?.status;

  beforeAll(async () => {
    // The embeddings service fails every request; no language model: the offline responder answers.
    fake = await startFakeOpenAi({ failure: "http-500" });
    t = await startTestApp(engine, { env: { EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: "embed-small" } });
    user = await makeUser(t);
    agentId = await makeAgent(t, user, { name: "Patient Pat" });
    const res = await pasteText(t, user, agentId, "Returns policy", RETURNS_POLICY);
    expect(res.statusCode).toBe(201);
    policy = res.json<KnowledgeDocument>();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("answers from a document whose embeddings keep failing, while it waits for another attempt", async () => {
    await t.app.knowledgeIngestion.idle();
    expect(fake.requests.some((request) => request.path === "/v1/embeddings")).toBe(true);
    expect(await statusOfPolicy()).toBe("processing");

    const res = await postChat(t, user, agentId, { message: QUESTION });

    expect(res.statusCode).toBe(200);
    const reply = res.json<ChatResponse>();
    expect(reply.citations.map((c) => c.title)).toEqual(["Returns policy"]);
    expect(reply.response).toContain("45 days");
  });

  it("searches it no more once it has failed", async () => {
    for (let attempt = 2; attempt <= EMBEDDING_ATTEMPTS; attempt++) {
      t.clock.advance(EMBEDDING_LEASE_MS + 1_000);
      t.app.knowledgeIngestion.wake();
      await t.app.knowledgeIngestion.idle();
    }
    expect(await statusOfPolicy()).toBe("failed");

    const res = await postChat(t, user, agentId, { message: QUESTION });

    expect(res.statusCode).toBe(200);
    expect(res.json<ChatResponse>().citations).toEqual([]);
    expect(res.json<ChatResponse>().response).not.toContain("45 days");
  });
});
