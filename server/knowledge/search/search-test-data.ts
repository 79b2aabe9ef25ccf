/**
 * Knowledge rows for retrieval tests and the retrieval measurement, written straight into the
 * database (retrieval reads tables; the upload route is tested elsewhere): an owner, agents,
 * and documents with their chunks in a chosen status, optionally with embeddings.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connect.js";
import { agents, users } from "../../db/schema.js";
import { knowledgeChunks, knowledgeDocuments } from "../../db/schema-knowledge.js";
import { countDocumentTerms } from "../term-count-queries.js";
import { wordsCounted, type StoredStatus } from "../word-searchable.js";

export async function insertOwner(db: Db): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `owner-${randomUUID()}@example.com`,
      passwordHash: "not-a-real-hash",
      fullName: "Knowledge Owner",
      companyName: "Acme Corp",
      phoneNumber: "+1 555 0100",
      address: "1 Main Street",
      approvalStatus: "approved",
    })
    .returning({ id: users.id });
  return user!.id;
}

export async function insertAgent(db: Db, userId: string, name = "Support"): Promise<string> {
  const [agent] = await db.insert(agents).values({ userId, name, gender: "female" }).returning({ id: agents.id });
  return agent!.id;
}

export interface DocumentFixture {
  agentId: string;
  userId: string;
  title: string;
  chunks: (string | { content: string; location: string | null })[];
  /** "storing": its passages still being written, as an upload's are before the document is searchable. */
  status?: StoredStatus;
  /** Embeds every chunk and marks the document as embedded with this provider's model. */
  embeddings?: { model: string; embed(texts: string[]): Promise<number[][]> };
}

/** Inserts a document and its chunks; answers the chunk ids in order. */
export async function insertDocument(db: Db, fixture: DocumentFixture): Promise<{ id: string; chunkIds: string[] }> {
  const chunks = fixture.chunks.map((chunk) =>
    typeof chunk === "string" ? { content: chunk, location: null } : chunk,
  );
  const vectors = fixture.embeddings ? await fixture.embeddings.embed(chunks.map((chunk) => chunk.content)) : null;
  const text = chunks.map((chunk) => chunk.content).join("\n\n");
  const [document] = await db
    .insert(knowledgeDocuments)
    .values({
      agentId: fixture.agentId,
      userId: fixture.userId,
      title: fixture.title,
      kind: "text",
      sizeBytes: Buffer.byteLength(text),
      status: fixture.status ?? "ready",
      chunkCount: chunks.length,
      embeddingModel: fixture.embeddings?.model ?? null,
    })
    .returning({ id: knowledgeDocuments.id });
  const chunkIds: string[] = [];
  // Bounded statements: a 10,000-chunk document would pass PostgreSQL's 65,535-parameter limit.
  for (let start = 0; start < chunks.length; start += 500) {
    const rows = await db
      .insert(knowledgeChunks)
      .values(
        chunks.slice(start, start + 500).map((chunk, i) => ({
          documentId: document!.id,
          agentId: fixture.agentId,
          ordinal: start + i,
          content: chunk.content,
          location: chunk.location,
          embedding: vectors?.[start + i] ?? null,
        })),
      )
      .returning({ id: knowledgeChunks.id });
    chunkIds.push(...rows.map((row) => row.id));
  }
  if (wordsCounted(fixture.status ?? "ready"))
    await countDocumentTerms(db, { id: document!.id, agentId: fixture.agentId }, 1);
  return { id: document!.id, chunkIds };
}
