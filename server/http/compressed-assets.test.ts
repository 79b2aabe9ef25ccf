import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressVariants } from "../../web-build/precompress.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

/** A build's files as web-build/precompress.ts leaves them: each beside its .br and .gz. */
async function writeWithVariants(path: string, text: string): Promise<Buffer> {
  const bytes = Buffer.from(text);
  const { br, gz } = await compressVariants(bytes);
  writeFileSync(path, bytes);
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  return bytes;
}

describeEachEngine("pre-compressed web assets", (engine) => {
  let t: TestApp;
  let webRoot: string;
  let script: Buffer;
  let page: Buffer;
  const small = Buffer.from("console.log('tiny')");

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), "agentdesk-compressed-"));
    mkdirSync(join(webRoot, "assets"));
    script = await writeWithVariants(
      join(webRoot, "assets", "app-1234.js"),
      Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join("\n"),
    );
    page = await writeWithVariants(
      join(webRoot, "index.html"),
      `<!doctype html><html><head><title>AgentDesk</title></head><body>${"<div></div>".repeat(100)}</body></html>`,
    );
    writeFileSync(join(webRoot, "assets", "tiny-5678.js"), small);
    t = await startTestApp(engine, { overrides: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  describe("a built script", () => {
    it("is sent brotli-compressed to a client that accepts br, and decompresses to the original", async () => {
      const res = await get("/assets/app-1234.js", "gzip, deflate, br");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.rawPayload.length).toBeLessThan(script.length);
      expect(brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
    });

    it("is sent gzip-compressed to a client that accepts only gzip", async () => {
      const res = await get("/assets/app-1234.js", "gzip");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).equals(script)).toBe(true);
    });

    it("is sent as it is, still varying on Accept-Encoding, to a client that accepts no compression", async () => {
      for (const acceptEncoding of [undefined, "identity"]) {
        const res = await get("/assets/app-1234.js", acceptEncoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"], acceptEncoding).toBeUndefined();
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.equals(script)).toBe(true);
      }
    });

    it("answers HEAD with the headers of the compressed file and no body", async () => {
      const res = await get("/assets/app-1234.js", "br", "HEAD");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBe(0);
    });
  });

  it("sends a file the build left uncompressed as it is, even to a client that accepts br", async () => {
    const res = await get("/assets/tiny-5678.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(small)).toBe(true);
  });

  describe("index.html through the client-route fallback", () => {
    it("is sent brotli-compressed as HTML, never cached without revalidation", async () => {
      const res = await get("/agents/123", "br");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).equals(page)).toBe(true);
    });

    it("is sent gzip-compressed, or as it is, by what the client accepts", async () => {
      const gzipped = await get("/", "gzip");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipped.rawPayload).equals(page)).toBe(true);
      const plain = await get("/");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(page)).toBe(true);
    });

    it("answers HEAD compressed too, with no body", async () => {
      const res = await get("/dashboard", "br", "HEAD");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.rawPayload.length).toBe(0);
    });
  });

  it("never serves the compressed files as pages of their own", async () => {
    const res = await get("/assets/app-1234.js.br");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});
