/**
 * Backups through the real commands: `npm run backup` while the app serves writes, then
 * `npm run restore` into a fresh target, on PGlite (the running app copies its files under
 * its lock, asked on its local socket) and on PostgreSQL (a REPEATABLE READ snapshot).
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  rmSync,
  statSync,
  truncateSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminVoiceMessages } from "../../contracts/admin.js";
import type { ChatMessage, ConversationSummary } from "../../contracts/chat.js";
import { makeAgent, messagesOf, conversationsOf, postChat } from "../chat/chat-test-support.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type Engine, type TestApp } from "../test-support/test-app.js";
import { createTestPostgresDatabase } from "../test-support/postgres-database.js";
import { readBackup, verifyBackup } from "./backup-file.js";
import { restoreBackup } from "./backup-restore.js";
import { writeBackup } from "./backup-export.js";
import {
  borrowPglite,
  connectRaw,
  pgliteDirectory,
  pgliteDirectoryHasData,
  type BackupTarget,
  type RawConnection,
} from "./backup-session.js";
import { serveBackupsOnSocket, type BackupSocket } from "./backup-socket.js";
import { openDatabase, type Database } from "./connect.js";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const SESSION_SECRET = "backup-test-secret-backup-test-secret";
/** Every byte value, so a bytea that is re-encoded anywhere on the way shows. */
const AUDIO = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));

/** A database the test owns, with the environment that points the CLI at it. */
interface OwnedTarget {
  target: BackupTarget;
  env: Record<string, string>;
  remove(): Promise<void>;
}

async function freshTarget(engine: Engine): Promise<OwnedTarget> {
  const dir = mkdtempSync(join(tmpdir(), "agentdesk-backup-"));
  if (engine === "pglite") {
    return {
      target: { dataDir: dir },
      env: { DATA_DIR: dir, DATABASE_URL: "" },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const pg = await createTestPostgresDatabase();
  return {
    target: { url: pg.url },
    env: { DATA_DIR: dir, DATABASE_URL: pg.url },
    async remove() {
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs an npm script the way an operator (or cron) would. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  return run("npm", ["run", "--silent", script, "--", ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, SESSION_SECRET, LOG_LEVEL: "silent" },
  });
}

describeEachEngine("backup and restore", (engine) => {
  let source: OwnedTarget;
  let sourceDb: Database;
  let socket: BackupSocket | null = null;
  let t: TestApp;
  let owner: MadeUser;
  let user: MadeUser;
  const removeLater: Pick<OwnedTarget, "remove">[] = [];
  const backupFilePath = () => {
    const dir = mkdtempSync(join(tmpdir(), "agentdesk-backup-file-"));
    removeLater.push({ remove: async () => rmSync(dir, { recursive: true, force: true }) });
    return join(dir, "snapshot.jsonl.gz");
  };

  beforeAll(async () => {
    source = await freshTarget(engine);
    sourceDb = await openDatabase(source.target);
    t = await startTestApp(engine, { database: sourceDb, env: { SESSION_SECRET } });
    // What server/main.ts does at start-up: a no-op on PostgreSQL.
    if ("dataDir" in source.target) socket = await serveBackupsOnSocket(sourceDb, source.target.dataDir);
    owner = await makeOwner(t);
    user = await makeUser(t);
  }, 120_000);
  afterAll(async () => {
    await socket?.close();
    await t.close();
    await sourceDb.close();
    for (const owned of [source, ...removeLater]) await owned.remove();
  });

  it("restores, from a backup taken while the app serves writes, the rows written before it and a consistent rest", async () => {
    const agentId = await makeAgent(t, user, { name: "Before Backup" });
    let conversationId: string | undefined;
    for (const message of ["Hello", "What are your prices?", "Thanks!"]) {
      const res = await postChat(t, user, agentId, { message, conversationId });
      conversationId = res.json<{ conversationId: string }>().conversationId;
    }
    const voice = await t.app.inject({
      method: "POST",
      url: "/api/voice-conversations",
      headers: { cookie: user.cookie },
      payload: { agentId },
    });
    const voiceId = voice.json<{ id: string }>().id;
    const saved = await t.app.inject({
      method: "POST",
      url: `/api/voice-conversations/${voiceId}/save-audio`,
      headers: { cookie: user.cookie },
      payload: { audioData: `data:audio/wav;base64,${AUDIO.toString("base64")}` },
    });
    expect(saved.statusCode).toBe(201);
    const pending = await makeUser(t, { status: "pending" });
    const textBefore = await messagesOf(t, user, conversationId!);

    // Chat turns keep landing while the backup runs: the snapshot must cut between turns.
    let backupDone = false;
    const busyAgent = await makeAgent(t, user, { name: "Busy Bee" });
    const writer = (async () => {
      let turns = 0;
      let busyConversation: string | undefined;
      while (!backupDone) {
        const res = await postChat(t, user, busyAgent, { message: `Note ${turns}`, conversationId: busyConversation });
        busyConversation = res.json<{ conversationId: string }>().conversationId;
        turns += 1;
      }
      return turns;
    })();
    const file = backupFilePath();
    try {
      const backup = await npmRun("backup", ["--out", file], source.env);
      expect(backup.stdout).toContain(engine === "pglite" ? "file snapshot the running app took" : "REPEATABLE READ");
    } finally {
      backupDone = true;
    }
    expect(await writer).toBeGreaterThan(0);
    expect(statSync(file).mode & 0o077).toBe(0); // owner-only: it holds password hashes
    await makeAgent(t, user, { name: "After Backup" });

    const restored = await freshTarget(engine);
    removeLater.push(restored);
    const restore = await npmRun("restore", [file], restored.env);
    expect(restore.stdout).toContain("Restored");
    const restoredDb = await openDatabase(restored.target);
    const r = await startTestApp(engine, { database: restoredDb, env: { SESSION_SECRET } });
    try {
      // The same secret keeps the restored sessions valid: the user's old cookie still signs in.
      const agents = (await r.app.inject({ url: "/api/agents", headers: { cookie: user.cookie } })).json<
        { name: string }[]
      >();
      expect(agents.map((a) => a.name).sort()).toEqual(["Before Backup", "Busy Bee"]);
      expect(await messagesOf(r, user, conversationId!)).toEqual(textBefore);

      // Consistent: every conversation's count matches its messages, the busy one included.
      const conversations = await conversationsOf(r, user);
      expect(conversations.find((c: ConversationSummary) => c.agentName === "Busy Bee")).toBeDefined();
      for (const c of conversations) {
        const messages: ChatMessage[] = await messagesOf(r, user, c.id);
        expect(messages.length, c.agentName).toBe(c.messageCount);
      }

      const clips = (
        await r.app.inject({
          url: `/api/admin/voice-conversations/${voiceId}/messages`,
          headers: { cookie: owner.cookie },
        })
      ).json<AdminVoiceMessages>();
      const audio = await r.app.inject({ url: clips.audio[0].url, headers: { cookie: owner.cookie } });
      expect(audio.rawPayload.equals(AUDIO)).toBe(true);

      // Sequences came back too: the audit log takes its next id without colliding.
      const approve = await r.app.inject({
        method: "POST",
        url: `/api/admin/users/${pending.id}/approve`,
        headers: { cookie: owner.cookie },
        payload: { approved: true },
      });
      expect(approve.statusCode).toBe(200);
    } finally {
      await r.close();
      await restoredDb.close();
    }
  }, 180_000);

  /** A backup of the source database, as `npm run backup` writes it, in a file of its own. */
  async function backUpSource(): Promise<string> {
    const file = backupFilePath();
    const connection = sourceDb.pglite ? borrowPglite(sourceDb.pglite) : await connectRaw(source.target);
    try {
      await writeBackup(connection, createWriteStream(file), new Date());
    } finally {
      await connection.close();
    }
    return file;
  }

  it("refuses to restore over a database that holds data, and refuses a cut-off backup without leaving one behind", async () => {
    const file = await backUpSource();
    const { rows } = await verifyBackup(createReadStream(file));
    expect(rows.users).toBeGreaterThan(0);
    const whole = `${file}.whole`;
    copyFileSync(file, whole);

    await expect(restoreBackup(createReadStream(file), source.target)).rejects.toThrow(/already holds data/);

    truncateSync(file, Math.floor(statSync(file).size / 2));
    await expect(verifyBackup(createReadStream(file))).rejects.toThrow();
    const target = await freshTarget(engine);
    removeLater.push(target);
    await expect(restoreBackup(createReadStream(file), target.target)).rejects.toThrow();
    if ("dataDir" in target.target) {
      expect(pgliteDirectoryHasData(target.target.dataDir), pgliteDirectory(target.target.dataDir)).toBe(false);
    }
    // The failed restore left nothing behind, so the retry with the whole backup is not refused.
    const restored = await restoreBackup(createReadStream(whole), target.target);
    expect(restored.rows.users).toBe(rows.users);
  }, 120_000);

  it("reads every table from one snapshot, whatever commits while the backup runs", async () => {
    const writer = await makeUser(t);
    const agentId = await makeAgent(t, writer, { name: "Snapshot Sam" });
    const first = await postChat(t, writer, agentId, { message: "First turn" });
    const conversationId = first.json<{ conversationId: string }>().conversationId;

    // A chat turn commits after `conversations` was read and before `messages` is. PostgreSQL
    // lets it commit (the snapshot must hide it); PGlite holds it back until the backup ends.
    let lateTurn: Promise<unknown> | null = null;
    const turnBetweenTables = () => {
      lateTurn = postChat(t, writer, agentId, { message: "Late turn", conversationId });
      return engine === "postgres" ? lateTurn : Promise.resolve();
    };
    const file = backupFilePath();
    const connection = sourceDb.pglite ? borrowPglite(sourceDb.pglite) : await connectRaw(source.target);
    try {
      await writeBackup(
        pauseBeforeTable(connection, "messages", turnBetweenTables),
        createWriteStream(file),
        new Date(),
      );
    } finally {
      await connection.close();
    }
    expect(lateTurn).not.toBeNull();
    expect((await lateTurn!) as { statusCode: number }).toMatchObject({ statusCode: 200 });

    const counts = new Map<string, number>();
    const stored = new Map<string, number>();
    let table = "";
    for await (const entry of readBackup(createReadStream(file))) {
      if (entry.kind === "table") table = entry.name;
      if (entry.kind !== "row") continue;
      const row = JSON.parse(entry.json) as {
        id: string;
        message_count: number;
        conversation_id: string;
        content: string;
      };
      if (table === "conversations") counts.set(row.id, row.message_count);
      if (table === "messages") stored.set(row.conversation_id, (stored.get(row.conversation_id) ?? 0) + 1);
      if (table === "messages") expect(row.content).not.toBe("Late turn");
    }
    expect(counts.get(conversationId)).toBe(2);
    for (const [id, count] of counts) expect(stored.get(id) ?? 0, id).toBe(count);
  }, 60_000);
  it("lists a user message before the reply to it, wherever the reply sits in the table", async () => {
    const writer = await makeUser(t);
    const agentId = await makeAgent(t, writer, { name: "Order Olga" });
    const turn = await postChat(t, writer, agentId, { message: "Which comes first?" });
    const conversationId = turn.json<{ conversationId: string }>().conversationId;
    // An update writes the message's new version after its reply in the table, so a plain scan
    // meets the reply first; a restore inserting in batches could then meet the reply's key
    // before the message exists (a full run under load failed so).
    await sourceDb.db.execute(
      sql`update messages set content = content || '' where conversation_id = ${conversationId} and role = 'user'`,
    );

    const file = await backUpSource();
    const seen = new Set<string>();
    let table = "";
    let replies = 0;
    for await (const entry of readBackup(createReadStream(file))) {
      if (entry.kind === "table") table = entry.name;
      if (entry.kind !== "row" || table !== "messages") continue;
      const row = JSON.parse(entry.json) as { id: string; reply_to: string | null; conversation_id: string };
      if (row.reply_to) {
        expect(seen.has(row.reply_to), `reply ${row.id} before its message ${row.reply_to}`).toBe(true);
        if (row.conversation_id === conversationId) replies += 1;
      }
      seen.add(row.id);
    }
    expect(replies).toBe(1);
  }, 60_000);
});

/** Runs `during` just before the backup starts reading `table`, inside its transaction. */
function pauseBeforeTable(connection: RawConnection, table: string, during: () => Promise<unknown>): RawConnection {
  return {
    ...connection,
    transaction: (work, options) =>
      connection.transaction(
        (session) =>
          work({
            query: (text, params) => session.query(text, params),
            async exec(text) {
              if (text.includes(`from public."${table}"`)) await during();
              await session.exec(text);
            },
          }),
        options,
      ),
  };
}
