/**
 * `npm start` runs compiled JavaScript: the server built by scripts/build-server.mjs, started as
 * plain `node dist/server/main.js` (here from a temporary build folder), serves the web app's
 * page and the API, and its worker threads — the speech engine pool, the Japanese reader with
 * kuromoji's dictionary, the knowledge extraction pool — load their compiled entries, with no
 * TypeScript tooling in the process and no process beside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  buildCompiledServer,
  startNodeProcess,
  WEB_MARKER,
  type CompiledBuild,
  type NodeProcess,
} from "../test-support/compiled-server.js";
import { call, signIn, signUp } from "../test-support/http-client.js";
import { describeEachEngine } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";

let build: CompiledBuild;
beforeAll(() => {
  build = buildCompiledServer();
});
afterAll(() => build?.remove());

describeEachEngine("the compiled server started with plain node", (engine) => {
  let server: NodeProcess;
  let dataDir: string;
  let dropDatabase = async () => {};
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "agentdesk-compiled-"));
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "info", TTS_WORKERS: "1" };
    if (engine === "postgres") {
      const database = await createTestPostgresDatabase();
      env.DATABASE_URL = database.url;
      env.SESSION_SECRET = "compiled-start-secret-compiled-start-secret";
      dropDatabase = database.drop;
    }
    server = await startNodeProcess(join(build.dir, "server", "main.js"), env);
    cookie = await signIn(server.base, await signUp(server.base, "owner"));
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the built web app's page and answers the API on the database it was given", async () => {
    const page = await call(server.base, "GET", "/login");
    expect(page.status).toBe(200);
    expect(page.text).toContain(WEB_MARKER);
    const ready = await call(server.base, "GET", "/readyz");
    expect(ready.body).toEqual({ status: "ready", database: engine });
    const me = await call(server.base, "GET", "/api/auth/user", { cookie });
    expect(me.status).toBe(200);
  });

  it("streams an offline chat reply", async () => {
    const agent = await call(server.base, "POST", "/api/agents", {
      cookie,
      json: { name: "Compiled Carla", gender: "female", role: "Support", customPrompt: "Answer briefly." },
    });
    expect(agent.status).toBe(201);
    const { id } = agent.body as { id: string };
    const stream = await call(server.base, "POST", `/api/chat/${id}`, {
      cookie,
      accept: "text/event-stream",
      json: { message: "Hello, who are you?" },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.text).toContain("event: delta");
    expect(stream.text).toContain("Compiled");
    expect(stream.text).toContain("event: done");
  });

  it("speaks through the embedded engine's worker threads, Japanese through kuromoji's dictionary", async () => {
    for (const [language, text] of [
      ["en-US", "Hello from the compiled server."],
      ["ja-JP", "東京へようこそ。"],
    ]) {
      const speech = await call(server.base, "POST", "/api/tts", { cookie, json: { text, language } });
      expect(speech.status, `${language}: ${speech.text.slice(0, 200)}`).toBe(200);
      expect((speech.body as { audioUrl: string }).audioUrl).toMatch(/^data:audio\/wav;base64,/);
    }
  });

  it("reads an uploaded file in the extraction worker", async () => {
    const agent = await call(server.base, "POST", "/api/agents", {
      cookie,
      json: { name: "Knowing Kim", gender: "female", role: "Support", customPrompt: "Answer briefly." },
    });
    const form = new FormData();
    const markdown = "# Returns\n\nItems may be returned within 30 days of delivery with a receipt.\n";
    form.append("file", new Blob([markdown], { type: "text/markdown" }), "returns.md");
    const upload = await call(server.base, "POST", `/api/agents/${(agent.body as { id: string }).id}/knowledge`, {
      cookie,
      form,
    });
    expect(upload.status, upload.text).toBe(201);
    expect(upload.body).toMatchObject({ status: "ready", title: "Returns" });
  });

  it("runs alone: no esbuild service or other process started beside it", () => {
    expect(server.childPids()).toEqual([]);
  });
});
