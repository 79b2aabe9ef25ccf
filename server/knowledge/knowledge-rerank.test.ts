/**
 * A rerank service in a turn, on both engines, through the real app and the fake server's
 * `/rerank` (the Cohere/Jina/vLLM protocol): the turn's best passages are sent to it with their
 * titles, the model is given them in its order and cites by that order (the search_knowledge
 * tool's passages come in it too); when it fails, the turn
 * still answers, with the passages in the search's own order.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { ChatResponse } from "../../contracts/chat.js";
import { fakeLlm, makeAgent, modelCalls, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { createKnowledgeSearch } from "./knowledge-tool-search.js";
import { pasteText, PRICING, RETURNS_POLICY } from "./knowledge-test-support.js";
import { retrievePassages } from "./search/retrieve-passages.js";

const QUESTION = "Is return shipping free for me?";

/** What the rerank service prefers: the pricing page, which the words rank below the policy. */
const prefersPricing = (_query: string, document: string) => (document.includes("Gold plan costs 29") ? 0.9 : 0.2);

describeEachEngine("reranking a turn's passages", (engine) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let user: MadeUser;
  let agentId: string;

  const rerankRequests = () => fake.requests.filter((request) => request.path === "/v1/rerank");
  /** The passage list of the latest call's system message, as the model reads it. */
  const passagesGiven = () => {
    const body = modelCalls(fake).at(-1)?.body as { messages: { role: string; content: string }[] };
    return body.messages.find((m) => m.role === "system")?.content.match(/^\[\d+\] .+$/gm) ?? [];
  };
  /** The titles the search alone puts first, asked directly. */
  const titlesByWords = async () =>
    (await retrievePassages(t.deps.db.db, null, { agentId, query: QUESTION, limit: 5 })).map((p) => p.title);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, {
      env: { RERANK_BASE_URL: fake.url, RERANK_MODEL: "rerank-test" },
      overrides: { llm: fakeLlm(fake) },
    });
    user = await makeUser(t);
    agentId = await makeAgent(t, user, { name: "Rhea Reranked" });
    await pasteText(t, user, agentId, "Returns policy", RETURNS_POLICY);
    await pasteText(t, user, agentId, "Pricing", PRICING);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({});
    fake.requests.length = 0;
  });

  it("sends the best passages with their titles, and gives the model them in the service's order", async () => {
    // Without the service, the policy's passage comes first: the order below is the service's doing.
    expect((await titlesByWords())[0]).toBe("Returns policy");
    fake.setBehaviour({ replyText: "Yes, on the Gold plan [1].", rerankRelevance: prefersPricing });

    const res = await postChat(t, user, agentId, { message: QUESTION });

    expect(res.statusCode).toBe(200);
    const [request] = rerankRequests();
    expect(rerankRequests()).toHaveLength(1);
    const body = request!.body as { model: string; query: string; documents: string[]; top_n: number };
    expect(body.model).toBe("rerank-test");
    expect(body.query).toBe(QUESTION);
    expect(body.top_n).toBe(body.documents.length);
    expect(body.documents.some((d) => d.startsWith("Pricing\n\n") && d.includes("Gold plan costs 29"))).toBe(true);
    expect(body.documents.some((d) => d.startsWith("Returns policy\n\n"))).toBe(true);
    const given = passagesGiven();
    expect(given[0]).toMatch(/^\[1\] Pricing /);
    expect(given[1]).toMatch(/^\[2\] Returns policy /);
    expect(res.json<ChatResponse>().citations.map((c) => c.title)).toEqual(["Pricing"]);
  });

  it("orders the passages of the search_knowledge tool the same way", async () => {
    fake.setBehaviour({ rerankRelevance: prefersPricing });
    const search = createKnowledgeSearch({ db: t.deps.db.db, embeddings: null, reranker: t.deps.reranker });

    const found = await search(agentId, QUESTION, new AbortController().signal);

    expect(rerankRequests()).toHaveLength(1);
    expect(found[0]?.title).toBe("Pricing");
  });

  it("answers with the search's order when the rerank service fails", async () => {
    fake.setBehaviour({ replyText: "Yes [1].", rerankFailure: "http-500" });

    const res = await postChat(t, user, agentId, { message: QUESTION });

    expect(res.statusCode).toBe(200);
    expect(rerankRequests()).toHaveLength(1);
    expect(passagesGiven()[0]).toMatch(/^\[1\] Returns policy /);
    expect(res.json<ChatResponse>().citations.map((c) => c.title)).toEqual(["Returns policy"]);
  });
});
