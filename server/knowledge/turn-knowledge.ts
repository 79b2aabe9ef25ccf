/**
 * The knowledge a turn is given: the agent's passages that best match the message and, when
 * the message is short ("and for Spain?"), the person's previous message too — a follow-up
 * rarely names its subject again. A retrieval failure costs the turn its knowledge, not its reply.
 */
import { KNOWLEDGE_PASSAGES_PER_TURN } from "../../contracts/knowledge.js";
import type { FeatureDeps } from "../feature-deps.js";
import type { ChatTurn, KnowledgePassage } from "../providers/llm/llm-provider.js";
import { passagesAboutMessage } from "./passage-relevance.js";
import { retrievePassages } from "./search/retrieve-passages.js";

/** Messages with fewer words than this borrow the previous user message's words for retrieval. */
const FOLLOW_UP_WORDS = 8;

export async function knowledgeForTurn(
  deps: Pick<FeatureDeps, "db" | "embeddings" | "reranker">,
  turn: {
    agent: { id: string };
    message: string;
    signal: AbortSignal;
    requestLog?: { warn: (o: object, m: string) => void };
  },
  history: ChatTurn[],
): Promise<KnowledgePassage[]> {
  try {
    const passages = await retrievePassages(deps.db, deps.embeddings, {
      agentId: turn.agent.id,
      query: retrievalQuery(turn.message, history),
      limit: KNOWLEDGE_PASSAGES_PER_TURN,
      signal: turn.signal,
      onVectorSearchFailed: (error) =>
        turn.requestLog?.warn({ err: error }, "knowledge vector search failed; answered by words"),
      reranker: deps.reranker,
      onRerankFailed: (error) =>
        turn.requestLog?.warn({ err: error }, "knowledge reranking failed; passages kept the search's order"),
    });
    // Retrieval may have borrowed the previous message's words: only passages about this message are given.
    return passagesAboutMessage(turn.message, passages).map(({ documentId, title, content, location }) => ({
      documentId,
      title,
      content,
      location,
    }));
  } catch (error) {
    if (turn.signal.aborted) throw error;
    turn.requestLog?.warn({ err: error }, "knowledge retrieval failed; the turn goes on without it");
    return [];
  }
}

export function retrievalQuery(message: string, history: ChatTurn[]): string {
  const wordCount = message.trim().split(/\s+/).length;
  if (wordCount >= FOLLOW_UP_WORDS) return message;
  const previous = [...history].reverse().find((turn) => turn.role === "user");
  return previous ? `${message}\n${previous.content}` : message;
}
