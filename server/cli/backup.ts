/**
 * `npm run backup [-- --out FILE|DIR]`: writes a consistent snapshot of the database the app
 * uses (DATABASE_URL, else PGlite under DATA_DIR) as one gzip'd file, then reads it back to
 * check it is whole before giving it its final name. With embedded PGlite and the app
 * running, the app copies its files under a lock and this command exports the copy
 * (see server/db/backup-socket.ts and backup-snapshot.ts).
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { writeBackup } from "../db/backup-export.js";
import { verifyBackup } from "../db/backup-file.js";
import {
  connectRaw,
  pgliteDirectory,
  pgliteDirectoryHasData,
  pgliteDirectoryInUse,
  type BackupTarget,
} from "../db/backup-session.js";
import { requestSnapshotFromApp } from "../db/backup-socket.js";

/** A file, or a directory (existing, or named with a trailing slash) to put a dated file in. */
function outputPath(out: string | undefined, dataDir: string, now: Date): string {
  const name = `agentdesk-${now.toISOString().replace(/[:.]/g, "-")}.jsonl.gz`;
  // By default beside the data (DATA_DIR is git-ignored); a schedule should point elsewhere.
  if (!out) return join(dataDir, "backups", name);
  const path = resolve(out);
  const isDirectory = out.endsWith("/") || (existsSync(path) && statSync(path).isDirectory());
  return isDirectory ? join(path, name) : path;
}

async function exportFrom(target: BackupTarget, file: Writable, now: Date): Promise<void> {
  const connection = await connectRaw(target);
  try {
    await writeBackup(connection, file, now);
  } finally {
    await connection.close();
  }
}

/** Answers how the snapshot was taken, for the summary line. */
async function takeSnapshot(config: ReturnType<typeof loadConfig>, file: Writable, now: Date): Promise<string> {
  if (config.DATABASE_URL) {
    await exportFrom({ url: config.DATABASE_URL }, file, now);
    return "PostgreSQL (REPEATABLE READ snapshot)";
  }
  const snapshot = await requestSnapshotFromApp(config.dataDir);
  if (snapshot) {
    try {
      await exportFrom({ dataDir: snapshot.dataDir }, file, now);
    } finally {
      await rm(snapshot.dataDir, { recursive: true, force: true });
    }
    return `PGlite, from a file snapshot the running app took (its queries waited ${snapshot.pausedMs} ms)`;
  }
  if (pgliteDirectoryInUse(config.dataDir)) {
    throw new Error(
      `${pgliteDirectory(config.dataDir)} is open in another process that did not answer on DATA_DIR/run/backup.sock. ` +
        "Back up through the running app, or, if it crashed, start and stop it once so PGlite closes its files cleanly.",
    );
  }
  if (!pgliteDirectoryHasData(config.dataDir)) throw new Error(`No database at ${pgliteDirectory(config.dataDir)}.`);
  await exportFrom({ dataDir: config.dataDir }, file, now);
  return "PGlite, opened directly (the app is not running)";
}

const { values } = parseArgs({ options: { out: { type: "string" } } });
const config = loadConfig();
const now = new Date();
const target = outputPath(values.out, config.dataDir, now);
const partial = `${target}.partial`;
mkdirSync(dirname(target), { recursive: true });
try {
  // Backups hold password hashes and personal data: readable by the owner only.
  const how = await takeSnapshot(config, createWriteStream(partial, { mode: 0o600 }), now);
  const { header, rows } = await verifyBackup(createReadStream(partial));
  renameSync(partial, target);
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  console.log(`Backup written: ${target}`);
  console.log(`  ${how}; migration ${header.migration}; ${total} rows in ${Object.keys(rows).length} tables.`);
} catch (err) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
