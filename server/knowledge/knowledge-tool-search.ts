/**
 * The search behind the built-in tool `search_knowledge` (issue 24): the agent's own documents
 * searched with the model's words, so it can look again when the passages the turn was given
 * do not answer. Handed to the toolbox through FeatureDeps.searchKnowledge.
 */
import { KNOWLEDGE_PASSAGES_PER_TURN } from "../../contracts/knowledge.js";
import type { Db } from "../db/connect.js";
import type { KnowledgeSearch } from "../feature-deps.js";
import type { Reranker } from "../providers/rerank/reranker.js";
import type { Embedder } from "./ingestion.js";
import { retrievePassages } from "./search/retrieve-passages.js";

export function createKnowledgeSearch(deps: {
  db: Db;
  embeddings: Embedder | null;
  reranker?: Reranker | null;
  log?: { warn: (o: object, m: string) => void };
}): KnowledgeSearch {
  return async (agentId, query, signal) => {
    const passages = await retrievePassages(deps.db, deps.embeddings, {
      agentId,
      query,
      limit: KNOWLEDGE_PASSAGES_PER_TURN,
      signal,
      reranker: deps.reranker,
      onRerankFailed: (error) =>
        deps.log?.warn({ err: error }, "knowledge reranking failed; passages kept the search's order"),
    });
    return passages.map(({ title, location, content }) => ({ title, location, content }));
  };
}
