/** The `/rerank` client against the fake server speaking the Cohere/Jina/vLLM protocol over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "../../test-support/fake-openai.js";
import { RerankError } from "./reranker.js";
import { createRerankApiReranker } from "./rerank-api.js";

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({});
});

const API_KEY = "rerank-secret-key-123";

const makeReranker = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createRerankApiReranker({
    baseUrl: options.baseUrl ?? fake.url,
    apiKey: API_KEY,
    model: "rerank-test",
    timeoutMs: options.timeoutMs ?? 30_000,
  });

/** A RerankError with these fields (vitest reads the rejection; a resolved promise fails). */
const failure = (fields: Partial<RerankError>) => expect.objectContaining({ name: "RerankError", ...fields });

/** Judges by a marker word alone, so a test knows the order it should get. */
const byMarker = (_query: string, document: string) =>
  document.includes("best") ? 0.9 : document.includes("good") ? 0.5 : 0.1;

describe("the /rerank client", () => {
  it("returns each document's relevance in the order the documents were sent", async () => {
    fake.setBehaviour({ rerankRelevance: byMarker });

    const scores = await makeReranker().rerank("which?", ["a plain one", "the best one", "a good one"]);

    // The service sorts its results by relevance; the client puts them back by index.
    expect(scores).toEqual([0.1, 0.9, 0.5]);
  });

  it("sends the model, the query, the documents, top_n for all of them, and the key", async () => {
    await makeReranker().rerank("How do I return an item?", ["first", "second"]);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/rerank");
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toEqual({
      model: "rerank-test",
      query: "How do I return an item?",
      documents: ["first", "second"],
      top_n: 2,
    });
  });

  it("asks nothing when there is nothing to rerank", async () => {
    expect(await makeReranker().rerank("anything", [])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("reports an error status with its status and the service's message, the key cut out", async () => {
    fake.setBehaviour({ rerankFailure: "http-500" });

    await expect(makeReranker().rerank("q", ["d"])).rejects.toEqual(
      failure({
        reason: "http",
        status: 500,
        message: expect.stringContaining("The fake reranker failed.") as string,
      }),
    );
    await expect(makeReranker().rerank("q", ["d"])).rejects.toEqual(
      failure({ message: expect.not.stringContaining(API_KEY) as string }),
    );
  });

  it("refuses a result that names no document sent, and an answer that leaves a document out", async () => {
    fake.setBehaviour({ rerankFailure: "unreadable" });
    await expect(makeReranker().rerank("q", ["one", "two"])).rejects.toEqual(failure({ reason: "malformed" }));

    fake.setBehaviour({ rerankFailure: "too-few" });
    await expect(makeReranker().rerank("q", ["one", "two"])).rejects.toEqual(failure({ reason: "malformed" }));
  });

  it("reports a service that never answers as a timeout", async () => {
    fake.setBehaviour({ failure: "hang" });

    await expect(makeReranker({ timeoutMs: 1_000 }).rerank("q", ["d"])).rejects.toEqual(
      failure({ reason: "timeout", message: expect.stringContaining("1000 ms") as string }),
    );
  });

  it("reports the caller's abort as aborted, not as a failure of the service", async () => {
    fake.setBehaviour({ failure: "hang" });
    const controller = new AbortController();

    const pending = expect(makeReranker().rerank("q", ["d"], controller.signal)).rejects.toEqual(
      failure({ reason: "aborted" }),
    );
    await expect.poll(() => fake.requests.length).toBeGreaterThan(0);
    controller.abort();

    await pending;
  });

  it("reports an unreachable service as a network failure", async () => {
    const closed = await startFakeOpenAi();
    await closed.close();

    await expect(makeReranker({ baseUrl: closed.url }).rerank("q", ["d"])).rejects.toEqual(
      failure({ reason: "network" }),
    );
  });
});
