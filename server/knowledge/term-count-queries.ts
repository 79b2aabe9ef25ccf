/** Keeping an agent's term statistics (knowledge_terms) in step with its searchable passages. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { knowledgeDocuments } from "../db/schema-knowledge.js";
import type { KnowledgeDocumentSummary } from "./queries.js";

/**
 * Adds (1) or removes (-1) a document's passages to its agent's term statistics
 * (knowledge_terms): called as its chunks are stored and before they stop being searchable
 * (deleted, re-indexed, failed). Rows are written in lexeme order, so two uploads to one agent
 * lock them in the same order and never deadlock.
 */
export async function countDocumentTerms(
  db: Db,
  document: { id: string; agentId: string },
  sign: 1 | -1,
): Promise<void> {
  await db.execute(sql`
    insert into knowledge_terms (agent_id, lexeme, chunks)
    select ${document.agentId}::uuid, u.lexeme, ${sign}::int * count(*)::int
      from knowledge_chunks c cross join lateral unnest(c.search_english) as u
     where c.document_id = ${document.id}
     group by u.lexeme
     order by u.lexeme
    on conflict (agent_id, lexeme) do update set chunks = knowledge_terms.chunks + excluded.chunks`);
}

/** The document's status now, its row locked until the caller's transaction ends; null when gone. */
export async function lockedDocumentStatus(db: Db, id: string): Promise<KnowledgeDocumentSummary["status"] | null> {
  const [row] = await db
    .select({ status: knowledgeDocuments.status })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.id, id))
    .for("update");
  return row?.status ?? null;
}
