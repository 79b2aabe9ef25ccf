/**
 * An upload stores its passages in short batches (issue 21: while a 20 MB document was being
 * ingested, other chats of the company waited seconds; on PGlite the upload's one transaction
 * held the only connection). Both engines, ordered by events, not by time: a chat that starts
 * once the document is seen storing must be answered while it is still storing. A document
 * deleted mid-way, or left storing by a server that stopped (found by the next upload to the
 * agent, or by the next server's start), leaves nothing behind, and the agent's term statistics
 * stay what counting its searchable passages again gives.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import { makeAgent, postChat } from "../chat/chat-test-support.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import type { Database } from "../db/connect.js";
import { describeEachEngine, openTestDatabase, startTestApp, type TestApp } from "../test-support/test-app.js";
import {
  keptTermCounts,
  knowledgeOf,
  pasteText,
  termCountsCountedAgain,
  uploadFile,
} from "./knowledge-test-support.js";
import {
  appendFilePart,
  appendStoredChunks,
  documentFile,
  FILE_PART_BYTES,
  insertStoringDocument,
  STORING_LEASE_MS,
  storingBatches,
} from "./storing-queries.js";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A long manual: numbered sections of distinct paragraphs, enough for many batches of passages. */
function longManual(sections: number): string {
  const parts: string[] = [];
  for (let n = 1; n <= sections; n++) {
    parts.push(
      `## Section ${n}: model ${n} maintenance\n\n` +
        `Model ${n} needs its filter ${n % 7} cleaned every ${n % 11} weeks. The brush roll of unit ${n} ` +
        `is replaced after ${n * 3} hours of cleaning, and error code E${n % 50} means the dust bin of ` +
        `series ${n} is full or missing.\n\nWhen the battery of model ${n} drops below ${n % 90} percent, ` +
        `the robot returns to dock ${n % 13} and resumes the room it left.`,
    );
  }
  return parts.join("\n\n");
}

/** The statuses of the agent's documents, sorted. */
async function statusesOf(t: TestApp, agentId: string): Promise<string[]> {
  const result = await t.deps.db.db.execute(
    sql`select status from knowledge_documents where agent_id = ${agentId} order by status`,
  );
  return rowsOf<{ status: string }>(result).map((row) => row.status);
}

/**
 * Resolves once one of the agent's documents is in `status` (each look is a query, in turn with
 * the upload's). Not "the newest document": the test clock stands still, so a document pasted
 * before the upload has the same created_at, and a look at the newest could find it forever.
 */
async function seen(t: TestApp, agentId: string, status: string): Promise<void> {
  while (!(await statusesOf(t, agentId)).includes(status)) await new Promise((resolve) => setImmediate(resolve));
}

/** Another session's lock on the agent's document being stored, until `release`. PostgreSQL only. */
async function holdDocumentRow(t: TestApp, agentId: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: t.deps.db.url });
  await client.connect();
  await client.query("begin");
  const locked = await client.query(
    "select id from knowledge_documents where agent_id = $1 and status = 'storing' for update",
    [agentId],
  );
  if (locked.rowCount !== 1) throw new Error(`expected one document being stored, found ${locked.rowCount}`);
  return {
    release: async () => {
      await client.query("commit");
      await client.end();
    },
  };
}

/** The agent's kept term statistics equal a fresh count over its ready documents' passages. */
async function expectStatisticsRight(t: TestApp, agentId: string): Promise<void> {
  expect(await keptTermCounts(t, agentId)).toEqual(await termCountsCountedAgain(t, agentId));
}

describeEachEngine("knowledge uploads stored in batches", (engine) => {
  let t: TestApp;
  let uploader: MadeUser;
  let colleague: MadeUser;
  const manual = longManual(1_500);

  beforeAll(async () => {
    t = await startTestApp(engine);
    uploader = await makeUser(t, { companyName: "Batch Robotics" });
    colleague = await makeUser(t, { companyName: "Batch Robotics" });
  });
  afterAll(() => t.close());

  it("answers a colleague's chat while a long document's passages are still being stored", async () => {
    const agentId = await makeAgent(t, uploader, { name: "Manual Reader" });
    const colleagueAgent = await makeAgent(t, colleague, { name: "Front Desk" });
    const upload = uploadFile(t, uploader, agentId, { fileName: "manual.md", bytes: manual, type: "text/markdown" });

    await seen(t, agentId, "storing");
    // Listed while storing, as a document being indexed.
    const listed = await knowledgeOf(t, uploader, agentId);
    expect(listed.map((d) => d.status)).toEqual(["processing"]);
    expect(listed[0].chunks).toBeGreaterThan(200);

    // On PostgreSQL, another session holds the document's row, so the upload waits at its next
    // batch however fast the machine is; on PGlite's one connection the batches and the chat's
    // statements take turns, and the document has many more batches than a chat has statements.
    const held = engine === "postgres" ? await holdDocumentRow(t, agentId) : null;
    try {
      const chat = await postChat(t, colleague, colleagueAgent, { message: "Hello, are you open today?" });
      expect(chat.statusCode).toBe(200);
      // Answered before the document was done: the upload did not hold the database meanwhile.
      expect(await statusesOf(t, agentId)).toEqual(["storing"]);
    } finally {
      await held?.release();
    }

    const res = await upload;
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json<KnowledgeDocument>();
    expect(stored.status).toBe("ready");
    const passages = await t.deps.db.db.execute(
      sql`select count(*)::int as n from knowledge_chunks where document_id = ${stored.id}`,
    );
    expect(rowsOf<{ n: number }>(passages)[0].n).toBe(stored.chunks);
    await expectStatisticsRight(t, agentId);

    // Searchable once ready: the agent cites the manual.
    const asked = await postChat(t, uploader, agentId, { message: "What does error code E17 mean for series 617?" });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("manual");
  });

  it("keeps a file of several parts whole: re-indexing reads it back byte for byte", async () => {
    const agentId = await makeAgent(t, uploader, { name: "Parts Reader" });
    const file = Buffer.from(longManual(3_000));
    const res = await uploadFile(t, uploader, agentId, { fileName: "manual.md", bytes: file, type: "text/markdown" });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json<KnowledgeDocument>();
    const parts = rowsOf<{ n: number }>(
      await t.deps.db.db.execute(
        sql`select count(*)::int as n from knowledge_document_parts where document_id = ${stored.id}`,
      ),
    );
    expect(parts[0].n).toBe(Math.ceil(file.length / FILE_PART_BYTES));
    expect(parts[0].n).toBeGreaterThan(1);
    expect((await documentFile(t.deps.db.db, stored.id)).equals(file)).toBe(true);

    const reindexed = await t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge/${stored.id}/reindex`,
      headers: { cookie: uploader.cookie },
    });
    expect(reindexed.statusCode, reindexed.body).toBe(200);
    expect(reindexed.json()).toMatchObject({ status: "ready", chunks: stored.chunks });
  });

  it("leaves nothing behind when the document is deleted while it is being stored", async () => {
    const agentId = await makeAgent(t, uploader, { name: "Deleted Reader" });
    // Another document already counted, so the statistics have something to get wrong.
    expect((await pasteText(t, uploader, agentId, "Opening hours", "We open at nine every weekday.")).statusCode).toBe(
      201,
    );
    const upload = uploadFile(t, uploader, agentId, { fileName: "manual.md", bytes: manual, type: "text/markdown" });
    await seen(t, agentId, "storing");
    // Held on PostgreSQL while the document is found and its delete sent (as above), so the
    // upload cannot finish meanwhile; the delete then queues for the row beside the next batch.
    const held = engine === "postgres" ? await holdDocumentRow(t, agentId) : null;
    const storing = (await knowledgeOf(t, uploader, agentId)).find((d) => d.title !== "Opening hours");
    expect(storing?.status).toBe("processing");
    const deleting = t.app.inject({
      method: "DELETE",
      url: `/api/agents/${agentId}/knowledge/${storing!.id}`,
      headers: { cookie: uploader.cookie },
    });
    await held?.release();
    expect((await deleting).statusCode).toBe(204);
    const res = await upload;
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe("DOCUMENT_NOT_FOUND");

    expect((await knowledgeOf(t, uploader, agentId)).map((d) => d.title)).toEqual(["Opening hours"]);
    const left = await t.deps.db.db.execute(
      sql`select count(*)::int as n from knowledge_chunks where document_id = ${storing!.id}`,
    );
    expect(rowsOf<{ n: number }>(left)[0].n).toBe(0);
    await expectStatisticsRight(t, agentId);
  });

  it("discards a document a stopped server left storing once its lease has run out, and keeps a fresh one", async () => {
    const agentId = await makeAgent(t, uploader, { name: "Abandoned Reader" });
    const [owner] = rowsOf<{ id: string }>(
      await t.deps.db.db.execute(sql`select id from users where email = ${uploader.email}`),
    );
    const leftBehind = async (title: string, at: Date) => {
      const chunks = [0, 1, 2].map((ordinal) => ({
        ordinal,
        content: `${title}: the charging dock blinks amber when the contacts are dirty (${ordinal}).`,
        location: null,
      }));
      const row = await insertStoringDocument(t.deps.db.db, {
        agentId,
        userId: owner.id,
        title,
        kind: "text",
        fileName: null,
        sizeBytes: 100,
        chunkCount: 5,
        createdAt: at,
        updatedAt: at,
      });
      expect(await appendFilePart(t.deps.db.db, row, 0, Buffer.from(title), at)).toBe(true);
      for (const batch of storingBatches(chunks))
        expect(await appendStoredChunks(t.deps.db.db, row, batch, at)).toBe(true);
      return row;
    };
    const now = t.clock.now();
    await leftBehind("Stopped long ago", new Date(now.getTime() - STORING_LEASE_MS - 1_000));
    const fresh = await leftBehind("Still being stored", new Date(now.getTime() - 1_000));

    // The next upload to the agent discards the abandoned one; the fresh one may belong to another instance.
    expect((await pasteText(t, uploader, agentId, "Dock", "The dock light is green when charged.")).statusCode).toBe(
      201,
    );
    const titles = (await knowledgeOf(t, uploader, agentId)).map((d) => `${d.title}: ${d.status}`).sort();
    expect(titles).toEqual(["Dock: ready", "Still being stored: processing"]);

    // Its words are counted while it stores; counted again, the statistics hold them beside the ready ones.
    const kept = rowsOf<{ chunks: number }>(
      await t.deps.db.db.execute(
        sql`select chunks from knowledge_terms where agent_id = ${agentId} and lexeme = 'amber'`,
      ),
    );
    expect(kept[0]?.chunks).toBe(3);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/agents/${agentId}/knowledge/${fresh.id}`,
      headers: { cookie: uploader.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await expectStatisticsRight(t, agentId);
  });
});

describeEachEngine("an upload its server left storing", (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  const apps: TestApp[] = [];
  const startServer = async () => {
    const started = await startTestApp(engine, { database, keepDatabase: true });
    apps.push(started);
    return started;
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(engine));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  it("is discarded when the next server starts, once its lease has run out; a fresh one is left to its server", async () => {
    const first = await startServer();
    const owner = await makeUser(first, { companyName: "Restart Robotics" });
    const agentId = await makeAgent(first, owner, { name: "Restart Reader" });
    const leftStoring = async (title: string, at: Date) => {
      const row = await insertStoringDocument(first.deps.db.db, {
        agentId,
        userId: owner.id,
        title,
        kind: "text",
        fileName: null,
        sizeBytes: title.length,
        chunkCount: 2,
        createdAt: at,
        updatedAt: at,
      });
      expect(await appendFilePart(first.deps.db.db, row, 0, Buffer.from(title), at)).toBe(true);
      const chunks = [0, 1].map((ordinal) => ({
        ordinal,
        content: `${title}: the dock blinks amber (${ordinal}).`,
        location: null,
      }));
      expect(await appendStoredChunks(first.deps.db.db, row, chunks, at)).toBe(true);
      return row;
    };
    const now = first.clock.now();
    const abandoned = await leftStoring("Stopped long ago", new Date(now.getTime() - STORING_LEASE_MS - 1_000));
    const fresh = await leftStoring("Still being stored", new Date(now.getTime() - 1_000));
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const next = await startServer();

    const left = rowsOf<{ id: string; parts: number; chunks: number }>(
      await next.deps.db.db.execute(sql`
        select d.id,
               (select count(*)::int from knowledge_document_parts p where p.document_id = d.id) as parts,
               (select count(*)::int from knowledge_chunks c where c.document_id = d.id) as chunks
          from knowledge_documents d where d.agent_id = ${agentId}`),
    );
    expect(left).toEqual([{ id: fresh.id, parts: 1, chunks: 2 }]);
    const orphans = rowsOf<{ n: number }>(
      await next.deps.db.db.execute(
        sql`select (select count(*) from knowledge_chunks where document_id = ${abandoned.id})
                 + (select count(*) from knowledge_document_parts where document_id = ${abandoned.id}) as n`,
      ),
    );
    expect(Number(orphans[0].n)).toBe(0);
    // The abandoned document's words left the statistics with it: only the fresh one's remain.
    expect(await keptTermCounts(next, agentId)).toMatchObject({ amber: 2 });
  });
});
