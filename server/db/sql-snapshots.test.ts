/**
 * Each named statement's SQL, as sent to PostgreSQL, kept in a committed file under
 * server/db/sql-snapshots/ (Immich keeps server/src/queries/*.sql the same way): a change to a
 * statement shows up in review as a change to its SQL, and this test fails until the files are
 * refreshed. No database: the statements are built by the real query functions and caught by a
 * client that answers every query with no rows.
 *
 * Refresh after changing a statement:  npm run snapshots:sql
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { storeReply, storeReplyWithUsage } from "../conversations/reply-queries.js";
import { findKeyHolder } from "../publishing/openai-api/queries.js";
import { readTurnContext } from "../conversations/turn-context-query.js";
import { beginTurn } from "../conversations/turn-queries.js";
import { insertTurnUsage, type TurnUsageRecord } from "../usage/queries.js";
import { builtShapes } from "./named-statement.js";

const SNAPSHOT_DIR = fileURLToPath(new URL("./sql-snapshots/", import.meta.url));
const REFRESH = "npm run snapshots:sql";
const writing = process.env.SQL_SNAPSHOTS === "write";

/** A PGlite-like client: shapedRows sends it the statement, it answers with no rows. */
type Db = Parameters<typeof beginTurn>[0];
const capturingDb = { $client: { query: () => Promise.resolve({ rows: [] }) } } as unknown as Db;

const ids = {
  user: "00000000-0000-4000-8000-000000000001",
  agent: "00000000-0000-4000-8000-000000000002",
  conversation: "00000000-0000-4000-8000-000000000003",
  message: "00000000-0000-4000-8000-000000000004",
};
const now = new Date("2026-01-02T03:04:05.000Z");

const usage = (firstTokenMs: number | null): TurnUsageRecord => ({
  userId: ids.user,
  agentId: ids.agent,
  agentName: "Agent",
  conversationId: ids.conversation,
  provider: "openai",
  model: "model",
  promptTokens: 1,
  completionTokens: 1,
  toolCalls: 0,
  tokensEstimated: false,
  firstTokenMs,
  totalMs: 1,
  outcome: "complete",
  startedConversation: false,
  voiceSecondsHeard: 0,
  voiceSecondsSpoken: 0,
  language: null,
  at: now,
});

/**
 * Every shape of every statement. A first-token bucket only names the column a turn counts in,
 * so one bucket (ft_le_100: 50 ms) stands for all of them beside the shape with none.
 * A file that starts running statements through shapedRows belongs here (see the last test).
 */
async function buildEveryShape(): Promise<void> {
  const begin = {
    userId: ids.user,
    agentId: ids.agent,
    title: "t",
    messageId: ids.message,
    message: "m",
    placement: { kind: "append" as const },
  };
  const reserve = { tokens: 0, voiceSeconds: 0 };
  for (const kind of ["edit", "regenerate", "replace"] as const) {
    const placement = { kind, of: ids.message };
    await beginTurn(capturingDb, {
      ...begin,
      placement,
      conversationId: ids.conversation,
      language: null,
      now,
      reserve,
    });
  }
  await beginTurn(capturingDb, { ...begin, conversationId: null, language: null, now, reserve });
  await beginTurn(capturingDb, { ...begin, conversationId: ids.conversation, language: null, now, reserve });
  await beginTurn(capturingDb, {
    ...begin,
    conversationId: ids.conversation,
    kind: "voice",
    language: null,
    now,
    reserve,
  });

  for (const conversationId of [null, ids.conversation]) {
    for (const kind of [undefined, "text" as const]) {
      for (const placement of [
        { kind: "append" as const },
        { kind: "edit" as const, of: ids.message },
        { kind: "regenerate" as const, of: ids.message },
        { kind: "replace" as const, of: ids.message },
      ]) {
        const context = { userId: ids.user, agentId: ids.agent, messageId: ids.message, now, historyLimit: 20 };
        await readTurnContext(capturingDb, { ...context, conversationId, kind, placement });
      }
    }
  }

  const reply = { conversationId: ids.conversation, content: "r", status: "complete" as const, offline: false };
  for (const id of [undefined, ids.message]) {
    await storeReply(capturingDb, { ...reply, id, language: null, now });
    for (const firstTokenMs of [null, 50]) {
      await storeReplyWithUsage(capturingDb, { ...reply, id, language: null, now }, usage(firstTokenMs));
    }
  }
  for (const firstTokenMs of [null, 50]) await insertTurnUsage(capturingDb, usage(firstTokenMs));
  await findKeyHolder(capturingDb, "0".repeat(64), now);
}

const fileOf = (shape: string) => `${shape}.sql`;
const render = (s: { shape: string; name: string; text: string }) =>
  `-- ${s.shape}: prepared on PostgreSQL as ${s.name.replace(/_[0-9a-f]{16}$/, "_<hash of this text>")}\n${s.text.trim()}\n`;

it("every named statement's SQL matches its committed snapshot", async () => {
  await buildEveryShape();
  const shapes = builtShapes();
  expect(shapes.length).toBeGreaterThan(0);

  if (writing) {
    if (existsSync(SNAPSHOT_DIR)) rmSync(SNAPSHOT_DIR, { recursive: true });
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    for (const s of shapes) writeFileSync(join(SNAPSHOT_DIR, fileOf(s.shape)), render(s));
  }

  const committed = existsSync(SNAPSHOT_DIR) ? readdirSync(SNAPSHOT_DIR).filter((f) => f.endsWith(".sql")) : [];
  expect(
    [...committed].sort(),
    `The statements and server/db/sql-snapshots/ list different names. Refresh with: ${REFRESH}`,
  ).toEqual(shapes.map((s) => fileOf(s.shape)).sort());
  for (const s of shapes) {
    const file = fileOf(s.shape);
    expect(
      render(s),
      `The SQL of ${s.shape} drifted from server/db/sql-snapshots/${file}. Review the change, then refresh with: ${REFRESH}`,
    ).toBe(readFileSync(join(SNAPSHOT_DIR, file), "utf8"));
  }
});

it("covers every module that runs shaped statements", () => {
  const serverRoot = fileURLToPath(new URL("../", import.meta.url));
  const callers = readdirSync(serverRoot, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.startsWith("db/"))
    .filter((path) => readFileSync(join(serverRoot, path), "utf8").includes("shapedRows("))
    .sort();
  // A new caller must have its shapes built in buildEveryShape above, then be listed here.
  expect(callers).toEqual([
    "conversations/reply-queries.ts",
    "conversations/turn-context-query.ts",
    "conversations/turn-queries.ts",
    "publishing/openai-api/queries.ts",
    "usage/queries.ts",
  ]);
});
