/**
 * Recall@k of the labelled questions: the share whose answer substring is in one of the top k
 * passages retrieval returns for the agent. Also checks the labels against what extraction
 * produced, so a broken label is reported as such, never counted as a retrieval miss.
 */
import type { Db } from "../../server/db/connect.js";
import { passagesAboutMessage } from "../../server/knowledge/passage-relevance.js";
import { offlineKnowledgeAnswer } from "../../server/providers/llm/offline-knowledge-answer.js";
import { retrievePassages, type Passage } from "../../server/knowledge/search/retrieve-passages.js";
import type { EmbeddingsProvider } from "../../server/providers/embeddings/embeddings-provider.js";
import { normaliseText } from "./corpus.js";
import type { IngestedFile } from "./ingest.js";
import type { LabelledQuestion } from "./questions.js";

export const RECALL_AT = 5;
/** How deep a miss is looked for, to tell "just below the cut" from "not found". */
const MISS_DEPTH = 20;

export interface QuestionResult {
  question: LabelledQuestion;
  /** 1-based rank of the first passage holding the answer; null when not in the top RECALL_AT. */
  rank: number | null;
  passages: Passage[];
  /** For a miss: rank within the top MISS_DEPTH, or null when not even there. */
  deeperRank?: number | null;
  /**
   * The offline responder's reply (no model configured) to the question, built as a turn builds
   * it: the passages about the message, the first one quoted. Judged by the label: the reply
   * holds the answer when it holds the labelled substring.
   */
  offlineReply: string | null;
  offlineAnswers: boolean;
}

const holdsAnswer = (question: LabelledQuestion) => {
  const answer = normaliseText(question.answerContains);
  return (content: string) => normaliseText(content).includes(answer);
};

function rankOf(question: LabelledQuestion, passages: Passage[]): number | null {
  const index = passages.findIndex((passage) => holdsAnswer(question)(passage.content));
  return index >= 0 ? index + 1 : null;
}

export async function scoreQuestions(
  db: Db,
  embeddings: EmbeddingsProvider | null,
  agentId: string,
  questions: LabelledQuestion[],
  diagnoseMisses: boolean,
): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const question of questions) {
    const input = { agentId, query: question.question, limit: RECALL_AT };
    const passages = await retrievePassages(db, embeddings, input);
    const rank = rankOf(question, passages);
    const [best] = passagesAboutMessage(question.question, passages);
    const offlineReply = best
      ? offlineKnowledgeAnswer(question.question, best, question.lang === "es" ? "es-ES" : "en-US")
      : null;
    const offlineAnswers = offlineReply !== null && holdsAnswer(question)(offlineReply);
    const result: QuestionResult = { question, rank, passages, offlineReply, offlineAnswers };
    if (rank === null && diagnoseMisses) {
      result.deeperRank = rankOf(question, await retrievePassages(db, embeddings, { ...input, limit: MISS_DEPTH }));
    }
    results.push(result);
  }
  return results;
}

export interface LabelCheck {
  /** Labels whose substring is in no chunk of their document: the set is broken. */
  broken: LabelledQuestion[];
  /** Labels whose substring also appears in another document's chunks (scored leniently). */
  elsewhere: LabelledQuestion[];
  /** Labels whose substring is in more than one chunk of their own document (overlap, repeats). */
  repeated: number;
}

export function checkLabels(questions: LabelledQuestion[], files: IngestedFile[]): LabelCheck {
  const check: LabelCheck = { broken: [], elsewhere: [], repeated: 0 };
  for (const question of questions) {
    const holds = holdsAnswer(question);
    const own = files.find((file) => file.key === question.document)?.chunks.filter(holds) ?? [];
    if (own.length === 0) check.broken.push(question);
    if (own.length > 1) check.repeated++;
    if (files.some((file) => file.key !== question.document && file.chunks.some(holds))) {
      check.elsewhere.push(question);
    }
  }
  return check;
}

export interface Subset {
  label: string;
  keep(question: LabelledQuestion): boolean;
}

export const SUBSETS: Subset[] = [
  { label: "all questions", keep: () => true },
  { label: "manual (PDF)", keep: (q) => q.document === "manual" },
  { label: "pricing (HTML)", keep: (q) => q.document === "pricing" },
  { label: "returns, English (MD)", keep: (q) => q.document === "returns-en" },
  { label: "returns, Spanish (MD)", keep: (q) => q.document === "returns-es" },
  { label: "FAQ (MD)", keep: (q) => q.document === "faq" },
  { label: "asked in Spanish", keep: (q) => q.lang === "es" },
  { label: "a similar passage elsewhere", keep: (q) => q.tags.includes("similar") },
  { label: "cross-language", keep: (q) => q.tags.includes("cross-language") },
];

export function recall(results: QuestionResult[], keep: Subset["keep"], at = RECALL_AT): { n: number; share: number } {
  const kept = results.filter((result) => keep(result.question));
  const found = kept.filter((result) => result.rank !== null && result.rank <= at).length;
  return { n: kept.length, share: kept.length === 0 ? NaN : found / kept.length };
}
