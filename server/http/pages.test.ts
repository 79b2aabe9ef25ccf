import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("serving the web app's pages", (engine) => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), "agentdesk-web-"));
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>AgentDesk</title>");
    writeFileSync(join(webRoot, "assets", "app-1234.js"), "console.log('app')");
    t = await startTestApp(engine, { overrides: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("answers HEAD on client routes like GET, without a body", async () => {
    for (const url of ["/", "/dashboard", "/agents/123"]) {
      const get = await t.app.inject({ method: "GET", url });
      const head = await t.app.inject({ method: "HEAD", url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers["content-type"]).toMatch(/text\/html/);
      expect(head.body).toBe("");
    }
  });

  it("answers HEAD on a built asset", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/assets/app-1234.js" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["cache-control"]).toContain("immutable");
  });

  it("still answers 404 JSON for unknown API paths, with GET or HEAD", async () => {
    expect((await t.app.inject({ method: "HEAD", url: "/api/nothing-here" })).statusCode).toBe(404);
    const get = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toContain("Not found");
  });
});
