/**
 * Knowledge through HTTP on both engines: every file kind becomes searchable passages, a bad
 * file is refused with a readable message and nothing stored, the limits hold, and only the
 * agent's owner manages it (admins may read).
 */
import { errorBody } from "../../contracts/errors.js";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  KNOWLEDGE_CHUNKS_PER_AGENT,
  KNOWLEDGE_DOCUMENTS_PER_AGENT,
  KNOWLEDGE_FILE_MAX_BYTES,
  type KnowledgeDocument,
} from "../../contracts/knowledge.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { companies, users } from "../db/schema.js";
import { knowledgeChunks, knowledgeDocuments } from "../db/schema-knowledge.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { buildDocx, buildPdf } from "./extract/document-fixtures.js";
import { buildEncryptedPdf } from "./extract/encrypted-pdf-fixture.js";
import { knowledgeOf, pasteText, RETURNS_POLICY, uploadFile } from "./knowledge-test-support.js";

describeEachEngine("knowledge uploads", (engine) => {
  let t: TestApp;
  let owner: MadeUser;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeOwner(t, { companyName: "Admin House" });
    user = await makeUser(t, { companyName: "Shop Ltd" });
  });
  afterAll(() => t.close());

  const storedRows = async () => {
    const [docs] = await t.deps.db.db.select({ n: count() }).from(knowledgeDocuments);
    const [chunks] = await t.deps.db.db.select({ n: count() }).from(knowledgeChunks);
    return { documents: docs.n, chunks: chunks.n };
  };

  it("reads every kind of file into ready passages that keep where they came from", async () => {
    const agentId = await makeAgent(t, user, { name: "Kind Reader" });
    const files = [
      { fileName: "policy.md", bytes: RETURNS_POLICY, kind: "md", location: "Returns policy › Time limit" },
      { fileName: "notes.txt", bytes: "Opening hours are 9 to 5.\n\nWe close on public holidays.", kind: "txt" },
      {
        fileName: "pricing.html",
        bytes:
          "<html><head><title>Pricing</title></head><body><h1>Plans</h1><p>Gold costs 29 euros a month.</p></body></html>",
        kind: "html",
        location: "Plans",
      },
      {
        fileName: "stock.csv",
        bytes: "sku,name,stock\nA1,Kettle,12\nB2,Toaster,0\n",
        kind: "csv",
        location: "rows 2–3",
      },
      {
        fileName: "manual.pdf",
        bytes: await buildPdf([["Unpacking the pump."], ["The filter must be cleaned every 30 days."]], "Pump manual"),
        kind: "pdf",
        location: "page 2",
      },
      {
        fileName: "handbook.docx",
        bytes: await buildDocx([{ heading: 1, text: "Warranty" }, { text: "The warranty lasts two years." }]),
        kind: "docx",
        location: "Warranty",
      },
    ];
    for (const file of files) {
      const res = await uploadFile(t, user, agentId, file);
      expect(res.statusCode, `${file.fileName}: ${res.body}`).toBe(201);
      const created = res.json<KnowledgeDocument>();
      expect(created).toMatchObject({ kind: file.kind, status: "ready", fileName: file.fileName, error: null });
      expect(created.chunks).toBeGreaterThan(0);
      if (file.location) {
        const locations = await t.deps.db.db
          .select({ location: knowledgeChunks.location })
          .from(knowledgeChunks)
          .where(eq(knowledgeChunks.documentId, created.id));
        expect(locations.map((l) => l.location)).toContain(file.location);
      }
    }
    const listed = await knowledgeOf(t, user, agentId);
    expect(listed.map((d) => d.kind).sort()).toEqual(["csv", "docx", "html", "md", "pdf", "txt"]);
    // Titles: the PDF's own, the HTML <title>, else the file name.
    expect(listed.find((d) => d.kind === "pdf")?.title).toBe("Pump manual");
    expect(listed.find((d) => d.kind === "html")?.title).toBe("Pricing");
    expect(listed.find((d) => d.kind === "txt")?.title).toBe("notes");
  });

  it("reads a Latin-1 / Windows-1252 text file with its accents and euro sign, not as binary", async () => {
    const agentId = await makeAgent(t, user, { name: "Legacy Reader" });
    // What Notepad on an older Windows writes: one byte a character (é 0xE9, € 0x80, — 0x97),
    // invalid as UTF-8.
    const text = "Crème brûlée: 5 € — Müller & Söhne.";
    const special: Record<string, number> = { "€": 0x80, "—": 0x97 };
    const bytes = Uint8Array.from(Array.from(text, (char) => special[char] ?? char.charCodeAt(0)));
    const res = await uploadFile(t, user, agentId, { fileName: "menu.txt", bytes });
    expect(res.statusCode, res.body).toBe(201);
    const [chunk] = await t.deps.db.db
      .select({ content: knowledgeChunks.content })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.documentId, res.json<KnowledgeDocument>().id));
    expect(chunk?.content).toBe(text);
  });

  it("takes pasted text with a title, and a typed title over the file's own", async () => {
    const agentId = await makeAgent(t, user, { name: "Paste Reader" });
    const pasted = await pasteText(t, user, agentId, "House rules", "No pets in the showroom.");
    expect(pasted.statusCode).toBe(201);
    expect(pasted.json()).toMatchObject({ title: "House rules", kind: "text", status: "ready", chunks: 1 });
    const titled = await uploadFile(t, user, agentId, { fileName: "a.txt", bytes: "Text.", title: "My title" });
    expect(titled.json()).toMatchObject({ title: "My title" });
  });

  it("refuses bad files with a readable message and stores nothing", async () => {
    const agentId = await makeAgent(t, user, { name: "Gatekeeper" });
    const before = await storedRows();
    const refusals: [string, Parameters<typeof uploadFile>[3], number, RegExp][] = [
      ["a PNG named .pdf", { fileName: "x.pdf", bytes: "\x89PNG\r\n\x1a\nrest", type: "application/pdf" }, 415, /PDF/],
      ["a cut-off PDF", { fileName: "cut.pdf", bytes: (await buildPdf([["Hello"]])).slice(0, 300) }, 400, /PDF/],
      [
        "a password-protected PDF",
        { fileName: "locked.pdf", bytes: buildEncryptedPdf({ text: "secret", userPassword: "u", ownerPassword: "o" }) },
        400,
        /password/i,
      ],
      ["an empty file", { fileName: "empty.txt", bytes: "" }, 400, /empty|no text/i],
      ["an executable named .txt", { fileName: "run.txt", bytes: "MZ\x00\x00\x90\x00binary" }, 415, /\.txt|text/],
      ["an unknown extension", { fileName: "photo.jpg", bytes: "hello" }, 415, /\.pdf/],
      [
        "a file over the size limit",
        { fileName: "big.txt", bytes: "a".repeat(KNOWLEDGE_FILE_MAX_BYTES + 1) },
        413,
        /MB/,
      ],
    ];
    for (const [what, part, status, message] of refusals) {
      const res = await uploadFile(t, user, agentId, part);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json<{ message: string }>().message, what).toMatch(message);
    }
    const noFile = await t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge`,
      headers: { cookie: user.cookie },
      payload: { title: "No text" },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual(errorBody("INVALID_INPUT", { message: "text is required" }));
    expect(await storedRows()).toEqual(before);
    expect(await knowledgeOf(t, user, agentId)).toEqual([]);
  });

  it("holds a whole manual (1,000 documents) and refuses the next one before reading it", async () => {
    const agentId = await makeAgent(t, user, { name: "Full Manual" });
    const pages = Array.from({ length: KNOWLEDGE_DOCUMENTS_PER_AGENT }, (_, i) => ({
      agentId,
      userId: user.id,
      title: `Page ${i}`,
      kind: "txt" as const,
      sizeBytes: 4,
      status: "ready" as const,
    }));
    await t.deps.db.db.insert(knowledgeDocuments).values(pages);
    expect(KNOWLEDGE_DOCUMENTS_PER_AGENT).toBeGreaterThanOrEqual(1_000);

    // A program renamed .txt would be refused by the reader (415): the limit answers first.
    const res = await uploadFile(t, user, agentId, { fileName: "run.txt", bytes: "MZ\x00\x00\x90\x00binary" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already holds 1000 documents/);
  });

  it("refuses a PDF with more passages than the agent has room for, with the limit's message, storing nothing", async () => {
    const agentId = await makeAgent(t, user, { name: "Nearly Full" });
    const [document] = await t.deps.db.db
      .insert(knowledgeDocuments)
      .values({
        agentId,
        userId: user.id,
        title: "Big manual",
        kind: "txt",
        sizeBytes: 4,
        status: "ready",
        chunkCount: KNOWLEDGE_CHUNKS_PER_AGENT - 2,
      })
      .returning({ id: knowledgeDocuments.id });
    // Its passages' rows are left out: the limit counts the documents' chunk_count, and writing
    // 200,000 rows would cost this test more than everything else in the file.
    expect(document).toBeDefined();
    const before = await storedRows();

    const pages = Array.from({ length: 6 }, (_, i) => [`Chapter ${i + 1}`, `Step ${i + 1} of the installation.`]);
    const res = await uploadFile(t, user, agentId, {
      fileName: "pump.pdf",
      bytes: await buildPdf(pages, "Pump manual"),
    });

    // The reader stops at the third page with text (the agent's room is handed to it), and says what the limit is.
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(errorBody("TOO_MANY_PASSAGES", { limit: KNOWLEDGE_CHUNKS_PER_AGENT }));
    expect(await storedRows()).toEqual(before);
  });

  it("answers 400, not 500, to a body that is not the multipart form its header announces", async () => {
    const agentId = await makeAgent(t, user, { name: "Form Checker" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge`,
      headers: { cookie: user.cookie, "content-type": "multipart/form-data; boundary=xyz" },
      payload: JSON.stringify({ title: "Notes", text: "Refunds are paid within 14 days." }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody("UPLOAD_UNREADABLE"));
    expect(await knowledgeOf(t, user, agentId)).toEqual([]);
  });

  it("holds the company's knowledge storage quota", async () => {
    const member = await makeUser(t, { companyName: "Tiny Storage Inc" });
    const agentId = await makeAgent(t, member, { name: "Quota Keeper" });
    const [row] = await t.deps.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, member.id));
    await t.deps.db.db.update(companies).set({ knowledgeMegabytes: 1 }).where(eq(companies.id, row.companyId!));
    const first = await uploadFile(t, member, agentId, { fileName: "a.txt", bytes: "word ".repeat(150_000) });
    expect(first.statusCode).toBe(201);
    const second = await uploadFile(t, member, agentId, { fileName: "b.txt", bytes: "word ".repeat(100_000) });
    expect(second.statusCode).toBe(413);
    expect(second.json<{ message: string }>().message).toContain("knowledge storage (1 MB) is full");
    expect((await knowledgeOf(t, member, agentId)).map((d) => d.fileName)).toEqual(["a.txt"]);
  });

  it("lets only the owner manage an agent's knowledge, and admins read it", async () => {
    const agentId = await makeAgent(t, user, { name: "Private Knowledge" });
    const doc = (await pasteText(t, user, agentId, "Secret prices", "Wholesale is 40% off.")).json<KnowledgeDocument>();
    const stranger = await makeUser(t, { companyName: "Elsewhere" });
    const asStranger = (method: "GET" | "POST" | "DELETE", url: string) =>
      t.app.inject({ method, url, headers: { cookie: stranger.cookie }, payload: method === "POST" ? {} : undefined });
    expect((await asStranger("GET", `/api/agents/${agentId}/knowledge`)).statusCode).toBe(404);
    expect((await pasteText(t, stranger, agentId, "Mine now", "Hijacked")).statusCode).toBe(404);
    expect((await asStranger("DELETE", `/api/agents/${agentId}/knowledge/${doc.id}`)).statusCode).toBe(404);
    expect((await asStranger("POST", `/api/agents/${agentId}/knowledge/${doc.id}/reindex`)).statusCode).toBe(404);
    expect((await knowledgeOf(t, owner, agentId)).map((d) => d.title)).toEqual(["Secret prices"]);
    expect((await pasteText(t, owner, agentId, "Admin wrote", "x")).statusCode).toBe(404);
    expect((await knowledgeOf(t, user, agentId)).map((d) => d.title)).toEqual(["Secret prices"]);
  });

  it("deletes a document with its passages, and re-indexes one from its stored original", async () => {
    const agentId = await makeAgent(t, user, { name: "Housekeeper" });
    const kept = (await pasteText(t, user, agentId, "Kept", RETURNS_POLICY)).json<KnowledgeDocument>();
    const gone = (await pasteText(t, user, agentId, "Gone", "Temporary note.")).json<KnowledgeDocument>();
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/agents/${agentId}/knowledge/${gone.id}`,
      headers: { cookie: user.cookie },
    });
    expect(del.statusCode).toBe(204);
    const [left] = await t.deps.db.db
      .select({ n: count() })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.documentId, gone.id));
    expect(left.n).toBe(0);

    // Re-indexing rebuilds the passages: wipe them behind the API's back, then ask for it.
    await t.deps.db.db.execute(sql`delete from knowledge_chunks where document_id = ${kept.id}`);
    const reindexed = await t.app.inject({
      method: "POST",
      url: `/api/agents/${agentId}/knowledge/${kept.id}/reindex`,
      headers: { cookie: user.cookie },
    });
    expect(reindexed.statusCode).toBe(200);
    expect(reindexed.json()).toMatchObject({ id: kept.id, status: "ready", chunks: kept.chunks });
    const [rebuilt] = await t.deps.db.db
      .select({ n: count() })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.documentId, kept.id));
    expect(rebuilt.n).toBe(kept.chunks);
    expect((await knowledgeOf(t, user, agentId)).map((d) => d.title)).toEqual(["Kept"]);
  });
});
