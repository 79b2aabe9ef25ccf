/**
 * Background embedding of knowledge, on both engines, through the real app and the fake
 * OpenAI-compatible /embeddings endpoint: a document becomes ready once its passages are
 * embedded; one left half-done by a server that stopped is resumed by the next server once the
 * lease runs out; an endpoint that keeps failing marks it failed with the reason (never
 * "processing" forever); a changed model re-embeds a ready document in place.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { makeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, openTestDatabase, startTestApp, type TestApp } from "../test-support/test-app.js";
import { EMBEDDING_ATTEMPTS, EMBEDDING_LEASE_MS } from "./ingestion.js";
import { knowledgeOf, pasteText, RETURNS_POLICY } from "./knowledge-test-support.js";

const embeddingRequests = (fake: FakeOpenAi) => fake.requests.filter((r) => r.path === "/v1/embeddings");

/** Rows of the document's chunks that carry a vector, and the model it was embedded with. */
async function embeddedState(t: TestApp, documentId: string) {
  const result = (await t.deps.db.db.execute(sql`
    select count(c.embedding)::int as embedded, count(*)::int as chunks, d.embedding_model as model, d.attempts
      from knowledge_documents d join knowledge_chunks c on c.document_id = d.id
     where d.id = ${documentId}
     group by d.id`)) as unknown as {
    rows: { embedded: number; chunks: number; model: string | null; attempts: number }[];
  };
  return result.rows[0];
}

describeEachEngine("embedding knowledge in the background", (engine) => {
  let fake: FakeOpenAi;
  let database: Database;
  let drop: () => Promise<void>;
  const apps: TestApp[] = [];

  /** A server on the shared database; several in turn play a restart. */
  async function startServer(model = "embed-small"): Promise<TestApp> {
    const t = await startTestApp(engine, {
      database,
      keepDatabase: true,
      env: { EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: model },
    });
    apps.push(t);
    return t;
  }

  /** Lets the lease of a claim made on another server's clock run out, then looks for work. */
  async function afterLease(t: TestApp): Promise<void> {
    t.clock.advance(EMBEDDING_LEASE_MS + 1_000);
    t.app.knowledgeIngestion.wake();
    await t.app.knowledgeIngestion.idle();
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    ({ database, drop } = await openTestDatabase(engine));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await drop();
    await fake.close();
  });

  describe("in order", () => {
    let first: TestApp;
    let user: Awaited<ReturnType<typeof makeUser>>;
    let agentId: string;
    let documentId: string;

    beforeAll(async () => {
      fake.setBehaviour({});
      first = await startServer();
      user = await makeUser(first);
      agentId = await makeAgent(first, user, { name: "Emma Embedded" });
    });

    it("embeds a new document's passages, then shows it ready", async () => {
      const created = await pasteText(first, user, agentId, "Returns policy", RETURNS_POLICY);
      expect(created.statusCode).toBe(201);
      documentId = created.json<{ id: string; status: string }>().id;
      expect(created.json<{ status: string }>().status).toBe("processing");

      await first.app.knowledgeIngestion.idle();

      const [listed] = await knowledgeOf(first, user, agentId);
      expect(listed).toMatchObject({ id: documentId, status: "ready", error: null });
      const state = await embeddedState(first, documentId);
      expect(state).toMatchObject({ model: "embed-small" });
      expect(state?.embedded).toBe(state?.chunks);
      const [request] = embeddingRequests(fake);
      expect(request?.body).toMatchObject({ model: "embed-small" });
      expect(JSON.stringify(request?.body)).toContain("45 days");
    });

    it("resumes a document a stopped server left half-done, once its lease runs out", async () => {
      fake.setBehaviour({ failure: "hang" });
      const asked = embeddingRequests(fake).length;
      const created = await pasteText(first, user, agentId, "Shipping", "Orders ship within two working days.");
      const stranded = created.json<{ id: string }>().id;
      // The server has claimed it and asked for its vectors when it stops.
      await expect.poll(() => embeddingRequests(fake).length, { timeout: 30_000 }).toBe(asked + 1);
      await first.close();
      apps.splice(apps.indexOf(first), 1);
      expect(await embeddedState(first, stranded)).toMatchObject({ embedded: 0, attempts: 1 });

      fake.setBehaviour({});
      const next = await startServer();
      // Within the lease the claim still holds: another server must not take it over.
      next.app.knowledgeIngestion.wake();
      await next.app.knowledgeIngestion.idle();
      expect((await knowledgeOf(next, user, agentId)).find((d) => d.id === stranded)?.status).toBe("processing");

      await afterLease(next);

      expect((await knowledgeOf(next, user, agentId)).find((d) => d.id === stranded)?.status).toBe("ready");
      const state = await embeddedState(next, stranded);
      expect(state?.embedded).toBe(state?.chunks);
    });

    it(`marks a document failed, with the reason, after ${EMBEDDING_ATTEMPTS} failed attempts`, async () => {
      const t = apps.at(-1)!;
      fake.setBehaviour({ failure: "http-500" });
      const created = await pasteText(t, user, agentId, "Warranty", "Every device is covered for two years.");
      const failing = created.json<{ id: string }>().id;
      await t.app.knowledgeIngestion.idle();
      for (let attempt = 2; attempt <= EMBEDDING_ATTEMPTS; attempt++) {
        expect((await knowledgeOf(t, user, agentId)).find((d) => d.id === failing)?.status).toBe("processing");
        await afterLease(t);
      }

      const document = (await knowledgeOf(t, user, agentId)).find((d) => d.id === failing);
      expect(document?.status).toBe("failed");
      expect(document?.error).toMatch(
        /^The embeddings service failed 3 times \(.*HTTP 500.*\)\. Re-index the document/,
      );
      fake.setBehaviour({});
    });

    it("re-embeds a ready document in place when the model changes, staying ready", async () => {
      for (const t of apps.splice(0)) await t.close();
      const renamed = await startServer("embed-large");
      expect((await knowledgeOf(renamed, user, agentId)).find((d) => d.id === documentId)?.status).toBe("ready");

      await afterLease(renamed);

      const state = await embeddedState(renamed, documentId);
      expect(state).toMatchObject({ model: "embed-large" });
      expect(state?.embedded).toBe(state?.chunks);
      expect(embeddingRequests(fake).at(-1)?.body).toMatchObject({ model: "embed-large" });
      expect((await knowledgeOf(renamed, user, agentId)).find((d) => d.id === documentId)?.status).toBe("ready");
    });
  });
});
