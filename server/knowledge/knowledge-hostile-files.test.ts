/**
 * Hostile uploads through HTTP on both engines (issue 22): a decompression bomb is refused with a
 * plain message and leaves nothing stored; a file name loses its bidi controls and its length.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KnowledgeDocument } from "../../contracts/knowledge.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { knowledgeChunks, knowledgeDocuments } from "../db/schema-knowledge.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { buildPdfBomb } from "./extract/bomb-pdf-fixture.js";
import { knowledgeOf, uploadFile } from "./knowledge-test-support.js";

const MB = 1024 * 1024;

describeEachEngine("hostile knowledge files", (engine) => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    user = await makeUser(t, { companyName: "Bomb Target Ltd" });
  });
  afterAll(() => t.close());

  const storedRows = async () => {
    const [docs] = await t.deps.db.db.select({ n: count() }).from(knowledgeDocuments);
    const [chunks] = await t.deps.db.db.select({ n: count() }).from(knowledgeChunks);
    return { documents: docs.n, chunks: chunks.n };
  };

  it("a one-page PDF that inflates to 300 MB is refused as a decompression bomb and nothing is stored", async () => {
    const agentId = await makeAgent(t, user, { name: "Bomb Reader" });
    const before = await storedRows();
    const bytes = await buildPdfBomb({ text: "Quarterly report", inflatedBytes: 300 * MB });
    const res = await uploadFile(t, user, agentId, { fileName: "report.pdf", bytes, type: "application/pdf" });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([
      400,
      "This file unpacks to far more data than a document holds (it looks like a decompression bomb). It was not read.",
    ]);
    expect(await storedRows()).toEqual(before);
    expect(await knowledgeOf(t, user, agentId)).toEqual([]);
  });

  it("an uploaded file name is stored without right-to-left overrides and cut to 255 bytes", async () => {
    const agentId = await makeAgent(t, user, { name: "Name Reader" });
    const disguised = await uploadFile(t, user, agentId, { fileName: "notes\u202Etxt.exe.txt", bytes: "Hello" });
    expect(disguised.statusCode).toBe(201);
    expect(disguised.json<KnowledgeDocument>().fileName).toBe("notestxt.exe.txt");
    const long = await uploadFile(t, user, agentId, { fileName: `${"n".repeat(5_000)}.txt`, bytes: "Hello" });
    expect(long.statusCode).toBe(201);
    const stored = long.json<KnowledgeDocument>().fileName ?? "";
    expect([Buffer.byteLength(stored), stored.endsWith("n.txt")]).toEqual([255, true]);
    const listed = (await knowledgeOf(t, user, agentId)).map((document) => document.fileName);
    expect(listed.sort()).toEqual([stored, "notestxt.exe.txt"].sort());
  });
});
