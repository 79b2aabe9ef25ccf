import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { LOADING_MARKUP } from "./signed-in-document.js";

const PAGE =
  '<!doctype html><html><head><title>AgentDesk</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js"></head><body><div id="root"></div></body></html>';

/** A build's manifest as Vite writes it: the frame and the pages share the runtime with the entry and an icon chunk. */
const MANIFEST = {
  "index.html": {
    file: "assets/index-1.js",
    isEntry: true,
    imports: ["_runtime-1.js"],
    dynamicImports: ["signed-in-app.tsx", "pages/dashboard.tsx", "pages/chat.tsx", "pages/not-found.tsx"],
  },
  "_runtime-1.js": { file: "assets/runtime-1.js" },
  "signed-in-app.tsx": {
    file: "assets/signed-in-app-1.js",
    isDynamicEntry: true,
    imports: ["_runtime-1.js", "index.html", "_bot-1.js"],
  },
  "_bot-1.js": { file: "assets/bot-1.js", imports: ["_runtime-1.js"] },
  "pages/dashboard.tsx": { file: "assets/dashboard-1.js", isDynamicEntry: true, imports: ["index.html", "_bot-1.js"] },
  "pages/chat.tsx": { file: "assets/chat-1.js", isDynamicEntry: true, imports: ["index.html", "_markdown-1.js"] },
  "_markdown-1.js": { file: "assets/markdown-1.js" },
  "pages/not-found.tsx": { file: "assets/not-found-1.js", isDynamicEntry: true, imports: ["index.html"] },
};

/** The chunks a page's document names, in order. */
function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
}

function writeBuild(options: { manifest: boolean }): string {
  const webRoot = mkdtempSync(join(tmpdir(), "agentdesk-signed-in-document-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), PAGE);
  if (options.manifest) {
    mkdirSync(join(webRoot, ".vite"));
    writeFileSync(join(webRoot, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  }
  return webRoot;
}

const SESSION = { cookie: "sid=any-session-id" };

describeEachEngine("the page document for a request with a session cookie", (engine) => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = writeBuild({ manifest: true });
    t = await startTestApp(engine, { overrides: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url, headers });

  it("names the signed-in frame's chunks and the page's, but not the entry's, and marks the session cookie", async () => {
    const res = await get("/chat/123", SESSION);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    // The runtime the entry shares with the frame is named once, where the build named it.
    expect(preloaded(res.body)).toEqual([
      "/assets/runtime-1.js",
      "/assets/signed-in-app-1.js",
      "/assets/bot-1.js",
      "/assets/chat-1.js",
      "/assets/markdown-1.js",
    ]);
    expect(res.body).toContain('<meta name="session-cookie" content="sent" />');
    // The app's first frame, the spinner, is in the page already.
    expect(res.body).toContain(`<div id="root">${LOADING_MARKUP}</div>`);
    // The additions sit at the end of the head and in the root; the rest is the build's page as it was.
    const additions = /\s*<meta name="session-cookie"[^>]*>(\s*<link rel="modulepreload"[^>]*>)*\s*(?=<\/head>)/;
    expect(res.body.replace(additions, "").replace(LOADING_MARKUP, "")).toBe(PAGE);
  });

  it("names the page each path shows once signed in: the dashboard at /, the not-found page elsewhere", async () => {
    expect(preloaded((await get("/", SESSION)).body)).toEqual([
      "/assets/runtime-1.js",
      "/assets/signed-in-app-1.js",
      "/assets/bot-1.js",
      "/assets/dashboard-1.js",
    ]);
    expect(preloaded((await get("/no-such-page", SESSION)).body)).toContain("/assets/not-found-1.js");
  });

  it("sends the login and sign-up pages as they are, cookie or not: a stale cookie is how visitors reach them", async () => {
    for (const url of ["/login", "/signup"]) {
      const res = await get(url, SESSION);
      expect(res.body, url).toBe(PAGE);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("is private to the browser and revalidated every time, varying on the cookie and the encoding", async () => {
    const res = await get("/", SESSION);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("is sent brotli-compressed, gzip-compressed or as it is, by what the client accepts", async () => {
    const plain = await get("/", SESSION);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get("/", { ...SESSION, "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get("/", { ...SESSION, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("answers HEAD with the compressed document's headers and no body", async () => {
    const res = await get("/dashboard", { ...SESSION, "accept-encoding": "br" }, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.rawPayload.length).toBe(0);
  });

  it("leaves a request without a session cookie the build's index.html, byte for byte, varying on the cookie", async () => {
    const withoutSession: Record<string, string>[] = [{}, { cookie: "theme=dark" }];
    for (const headers of withoutSession) {
      const res = await get("/", headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PAGE);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it("still answers unknown API paths with 404 JSON, cookie or not", async () => {
    const res = await get("/api/nothing-here", SESSION);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("Not found");
  });
});

describeEachEngine("a build without Vite's manifest", (engine) => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = writeBuild({ manifest: false });
    t = await startTestApp(engine, { overrides: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("sends the build's index.html to a request with a session cookie too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/", headers: SESSION });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
  });
});
