/**
 * The real app, listening on a free port, on a PostgreSQL database the fault test controls,
 * serving a tiny web build from a temporary folder so a test can tell whether the static app
 * still loads while the database is away.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { createManualClock } from "../clock.js";
import { openDatabase, type Database } from "../db/connect.js";
import type { LlmProvider } from "../providers/llm/llm-provider.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";

export const WEB_APP_MARKER = "fault-test web app";
export const WEB_ASSET_PATH = "/assets/app-fault.js";

export interface AppOnDatabase {
  t: TestApp;
  database: Database;
  /** http://127.0.0.1:{port} */
  base: string;
  close(): Promise<void>;
}

export async function startAppOnDatabase(
  url: string,
  options: { llm?: LlmProvider; env?: Record<string, string>; clock?: ReturnType<typeof createManualClock> } = {},
): Promise<AppOnDatabase> {
  const webRoot = mkdtempSync(join(tmpdir(), "agentdesk-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), `<!doctype html><title>${WEB_APP_MARKER}</title>`);
  writeFileSync(join(webRoot, WEB_ASSET_PATH), "console.log('fault test');");

  const database = await openDatabase({ url }).catch((error: unknown) => {
    rmSync(webRoot, { recursive: true, force: true });
    throw error;
  });
  let t: TestApp;
  try {
    t = await startTestApp("postgres", {
      database,
      env: options.env,
      ...(options.clock ? { clock: options.clock } : {}),
      overrides: { webRoot, ...(options.llm ? { llm: options.llm } : {}) },
    });
  } catch (error) {
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
    throw error;
  }
  const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    t,
    database,
    base,
    async close() {
      await t.close();
      await database.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

/** One request with its answer time; a hang shows up as a failure after `giveUpMs`, not as a stuck test. */
export async function timedFetch(
  url: string,
  init: RequestInit = {},
  giveUpMs = 30_000,
): Promise<{ status: number; ms: number; retryAfter: string | null; contentType: string; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(giveUpMs) });
  const body = await res.text();
  return {
    status: res.status,
    ms: performance.now() - started,
    retryAfter: res.headers.get("retry-after"),
    contentType: res.headers.get("content-type") ?? "",
    body,
  };
}
