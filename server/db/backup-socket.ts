/**
 * Online backups of embedded PGlite. PGlite is single-process: while the app runs nobody
 * else may open its files, so `npm run backup` asks the running app, on a Unix socket in
 * DATA_DIR/run, for a file snapshot (backup-snapshot.ts) and exports that copy itself. The
 * directory is private to the app's user (0700): only someone who could read the data files
 * anyway can ask. PostgreSQL needs none of this; the CLI connects to it directly.
 */
import { chmodSync, existsSync, mkdirSync, unlinkSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import type { Database } from "./connect.js";

/** Unix socket paths are limited to about 107 bytes (sun_path). */
const SOCKET_PATH_MAX = 100;
const SNAPSHOT_PATH = "/snapshot";

function runDirectory(dataDir: string): string {
  return join(dataDir, "run");
}

export function backupSocketPath(dataDir: string): string {
  return join(runDirectory(dataDir), "backup.sock");
}

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

/** What the app answers: where the copy is, and how long its queries waited for it. */
export interface SnapshotAnswer {
  dataDir: string;
  pausedMs: number;
}

/**
 * Serves snapshots of an embedded database; answers null for PostgreSQL, or when the socket
 * path would be too long (the CLI then refuses rather than touch the files of a running app).
 */
export async function serveBackupsOnSocket(database: Database, dataDir: string): Promise<BackupSocket | null> {
  const pglite = database.pglite;
  if (!pglite) return null;
  // Imported here: the snapshot code loads PGlite, which a server on PostgreSQL never needs.
  const { removeSnapshots, snapshotPgliteFiles } = await import("./backup-snapshot.js");
  const run = runDirectory(dataDir);
  const path = backupSocketPath(dataDir);
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) {
    console.warn(`Online backups are off: the socket path ${path} is too long; use a shorter DATA_DIR.`);
    return null;
  }
  mkdirSync(run, { recursive: true, mode: 0o700 });
  chmodSync(run, 0o700);
  if (existsSync(path)) {
    if (await socketAnswers(path)) throw new Error(`Another AgentDesk is already running on ${dataDir}.`);
    unlinkSync(path); // left by a process that did not exit cleanly
  }
  await removeSnapshots(run);

  const server: Server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== SNAPSHOT_PATH) {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    snapshotPgliteFiles(pglite, dataDir, run).then(
      (snapshot) => {
        const answer: SnapshotAnswer = { dataDir: snapshot, pausedMs: Math.round(performance.now() - started) };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message }));
      },
    );
  });
  server.unref(); // never keeps a stopping process alive
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  const removeSocket = () => {
    if (existsSync(path)) unlinkSync(path);
  };
  process.once("exit", removeSocket);
  return {
    path,
    async close() {
      process.off("exit", removeSocket);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeSocket();
    },
  };
}

/**
 * Asks the app running on `dataDir` for a file snapshot of its database. Answers null when
 * no app answers on the socket. The caller exports the snapshot and removes its directory.
 */
export async function requestSnapshotFromApp(dataDir: string): Promise<SnapshotAnswer | null> {
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) return null;
  const response = await new Promise<IncomingMessage | null>((resolve, reject) => {
    const req = httpRequest({ socketPath: path, path: SNAPSHOT_PATH, method: "POST" }, resolve);
    req.once("error", (err: NodeJS.ErrnoException) =>
      err.code === "ECONNREFUSED" || err.code === "ENOENT" ? resolve(null) : reject(err),
    );
    req.end();
  });
  if (!response) return null;
  let body = "";
  for await (const chunk of response) body += String(chunk);
  const answer = JSON.parse(body) as SnapshotAnswer & { message?: string };
  if (response.statusCode !== 200) throw new Error(`The running app could not take a snapshot: ${answer.message}`);
  return answer;
}
