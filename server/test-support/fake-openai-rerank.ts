/**
 * The fake server's `/rerank` endpoint, shaped as Cohere, Jina and vLLM answer it: every
 * document scored against the query, the results sorted by relevance, `top_n` of them. The
 * default relevance is the cosine of the fake embeddings (fake-openai-embeddings.ts) — texts
 * that share words and word parts score higher — and a test can hand its own judgement instead.
 */
import { fakeEmbedding } from "./fake-openai-embeddings.js";
import { isRecord } from "./fake-openai-wire.js";

export type RerankRelevance = (query: string, document: string) => number;

export type FakeRerankFailure =
  /** Scores as asked. */
  | "none"
  /** 500 with an error body, on this endpoint only. */
  | "http-500"
  /** A result whose index names no document sent. */
  | "unreadable"
  /** One result fewer than the documents asked for. */
  | "too-few";

export function answerRerank(
  body: unknown,
  relevance: RerankRelevance | null,
  failure: FakeRerankFailure,
): { status: number; payload: unknown } {
  const documents = isRecord(body) ? body["documents"] : undefined;
  if (
    !isRecord(body) ||
    typeof body["model"] !== "string" ||
    typeof body["query"] !== "string" ||
    !Array.isArray(documents) ||
    documents.length === 0 ||
    !documents.every((document) => typeof document === "string")
  ) {
    return { status: 400, payload: { error: { message: "model, query and documents are required" } } };
  }
  if (failure === "http-500") return { status: 500, payload: { error: { message: "The fake reranker failed." } } };
  const query = body["query"];
  const judge = relevance ?? cosineOfFakeEmbeddings;
  const topN = typeof body["top_n"] === "number" ? body["top_n"] : documents.length;
  const results = (documents as string[])
    .map((document, index) => ({ index, relevance_score: judge(query, document) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, topN);
  if (failure === "unreadable") results[0] = { index: documents.length, relevance_score: 1 };
  if (failure === "too-few") results.pop();
  return { status: 200, payload: { id: "rerank-fake", model: body["model"], results } };
}

function cosineOfFakeEmbeddings(query: string, document: string): number {
  const a = fakeEmbedding(query);
  const b = fakeEmbedding(document);
  return a.reduce((sum, x, i) => sum + x * b[i]!, 0);
}
