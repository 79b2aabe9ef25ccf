/**
 * The error catalogue cannot drift: its codes and statuses are rendered into docs/api-errors.md,
 * which this test compares (a renamed or removed code, or a changed status, fails here; refresh
 * a deliberate change with `npx vitest run server/http/error-catalogue.test.ts -u`), and no
 * server module answers a refusal it did not take from the catalogue.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, ERROR_CODES, errorBody } from "../../contracts/errors.js";

/** Each field a made message reads shows as «field». */
const placeholders = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? `«${name}»` : undefined) });

function renderCatalogue(): string {
  const rows = ERROR_CODES.map((code) => {
    const entry = ERROR_CATALOGUE[code] as { status: number; message: (fields: unknown) => string };
    let message: string;
    try {
      message = entry.message(placeholders);
      if (/undefined|Invalid Date/.test(message)) message = "(made from its fields)";
    } catch {
      message = "(made from its fields)";
    }
    return `| \`${code}\` | ${entry.status} | ${message.replace(/\|/g, "\\|")} |`;
  });
  return [
    "# Refusals: the error catalogue",
    "",
    "Generated from `contracts/errors.ts` by `server/http/error-catalogue.test.ts`; do not edit by hand.",
    "Every refusal is `{ code, message, ...fields }`. A code never changes once released: clients branch",
    "on `code`, people read `message`. «field» marks a value the message is made from, sent beside it.",
    "",
    "| code | status | message |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.includes("test-support"))
    .map((path) => join(dir, path));
}

describe("error catalogue", () => {
  it("matches its committed rendering, code by code", async () => {
    await expect(renderCatalogue()).toMatchFileSnapshot("../../docs/api-errors.md");
  });

  it("builds every body from its code, with the fields beside the message", () => {
    expect(errorBody("AGENT_NOT_FOUND")).toEqual({ code: "AGENT_NOT_FOUND", message: "Agent not found" });
    expect(errorBody("CONVERSATION_LOCKED", { minutesLeft: 1 })).toEqual({
      code: "CONVERSATION_LOCKED",
      message: expect.stringContaining("1 minute."),
      minutesLeft: 1,
    });
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("is the only source of refusals: no server module writes a refusal's words itself", () => {
    const handWritten: string[] = [];
    for (const file of serverSources("server")) {
      const source = readFileSync(file, "utf8");
      const patterns = [/new HttpError\(\s*\d+\s*,\s*["'`]/, /status\(\s*[45]\d\d\s*\)\.send\(\{/];
      for (const pattern of patterns) if (pattern.test(source)) handWritten.push(`${file}: ${pattern.source}`);
    }
    expect(handWritten).toEqual([]);
  });
});
