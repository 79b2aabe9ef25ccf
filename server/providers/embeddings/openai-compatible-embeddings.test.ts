import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeEmbedding } from "../../test-support/fake-openai-embeddings.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test-support/fake-openai.js";
import { EmbeddingsError } from "./embeddings-provider.js";
import { createOpenAiCompatibleEmbeddings } from "./openai-compatible-embeddings.js";

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

const makeEmbeddings = (options: { timeoutMs?: number } = {}) =>
  createOpenAiCompatibleEmbeddings({
    baseUrl: fake.url,
    apiKey: "test-key",
    model: "embed-test",
    timeoutMs: options.timeoutMs ?? 30_000,
  });

async function failureOf(promise: Promise<unknown>): Promise<EmbeddingsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof EmbeddingsError)) throw new Error(`expected an EmbeddingsError, got ${String(error)}`);
  return error;
}

describe("the OpenAI-compatible embeddings provider", () => {
  it("returns one vector per text, in order, as the service computed them", async () => {
    const vectors = await makeEmbeddings().embed(["Refunds take 5 days.", "Shipping is free."]);

    expect(vectors).toHaveLength(2);
    expect(vectors[0]![0]).toBeCloseTo(fakeEmbedding("Refunds take 5 days.")[0]!, 6);
    expect(vectors[1]).toHaveLength(fakeEmbedding("x").length);
    expect(vectors[0]).not.toEqual(vectors[1]);
  });

  it("sends the model, the texts as an input array, float encoding and the key", async () => {
    await makeEmbeddings().embed(["one", "two"]);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe("/v1/embeddings");
    expect(fake.requests[0]?.body).toEqual({ model: "embed-test", input: ["one", "two"], encoding_format: "float" });
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("splits 150 texts into requests of at most 64 and keeps the order across them", async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `passage number ${i} about topic ${i % 7}`);

    const vectors = await makeEmbeddings().embed(texts);

    const sizes = fake.requests.map((request) => (request.body as { input: string[] }).input.length);
    expect(sizes).toEqual([64, 64, 22]);
    expect(vectors).toHaveLength(150);
    expect(vectors[149]![3]).toBeCloseTo(fakeEmbedding(texts[149]!)[3]!, 6);
    expect(vectors[64]![5]).toBeCloseTo(fakeEmbedding(texts[64]!)[5]!, 6);
  });

  it("sends nothing for no texts", async () => {
    expect(await makeEmbeddings().embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("reports an error status as an http failure carrying the status", async () => {
    fake.setBehaviour({ failure: "http-500" });

    const error = await failureOf(makeEmbeddings().embed(["hello"]));

    expect(error.reason).toBe("http");
    expect(error.status).toBe(500);
    expect(error.message).toContain("HTTP 500");
  });

  it("reports a service that never answers as a timeout", async () => {
    fake.setBehaviour({ failure: "hang" });

    const error = await failureOf(makeEmbeddings({ timeoutMs: 1_000 }).embed(["hello"]));

    expect(error.reason).toBe("timeout");
    // On a busy machine the client can give up before the fake has read the request's body and
    // recorded it: wait for the record, then check there was exactly one (no retry).
    await expect.poll(() => fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it("reports the caller's abort as aborted, not as a failure of the service", async () => {
    fake.setBehaviour({ failure: "hang" });
    const controller = new AbortController();

    const pending = failureOf(makeEmbeddings().embed(["hello"], controller.signal));
    await untilRequestArrives();
    controller.abort();

    expect((await pending).reason).toBe("aborted");
  });

  it("reports an unreachable service as a network failure", async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const provider = createOpenAiCompatibleEmbeddings({ baseUrl: closed.url, model: "m", timeoutMs: 30_000 });

    expect((await failureOf(provider.embed(["hello"]))).reason).toBe("network");
  });
});

/** Resolves once the fake has recorded the hanging request, so the abort happens mid-request. */
async function untilRequestArrives(): Promise<void> {
  while (fake.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
}
