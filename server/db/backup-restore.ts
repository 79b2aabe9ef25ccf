/**
 * Restores a backup into an empty target: the schema is built up to the migration the backup
 * was written at, every row goes in within one transaction (all or nothing), and then the
 * app's own openDatabase applies the migrations that came after — so an old backup restores
 * into a newer release the way an upgrade would.
 */
import { rmSync } from "node:fs";
import type { Readable } from "node:stream";
import { readBackup, type BackupEntry, type BackupHeader, type RowCounts } from "./backup-file.js";
import { appliedMigrationTag, migrateUpTo } from "./backup-migrations.js";
import {
  databaseIsEmpty,
  dropObjectsMadeSince,
  insertTableRows,
  listDatabaseObjects,
  writeSequence,
  type DatabaseObjects,
} from "./backup-queries.js";
import {
  connectRaw,
  pgliteDirectory,
  pgliteDirectoryHasData,
  pgliteSession,
  type BackupTarget,
  type SqlSession,
} from "./backup-session.js";
import { openDatabase, type Database } from "./connect.js";

/** Rows per INSERT, or fewer when they are large (voice audio): bounds memory and statement size. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

export interface RestoreSummary {
  /** The migration the backup was written at. */
  fromMigration: string;
  /** The migration the target is at after the app's start-up migrations ran. */
  toMigration: string;
  rows: RowCounts;
}

async function loadRows(session: SqlSession, entries: AsyncGenerator<BackupEntry>): Promise<RowCounts> {
  let table: string | null = null;
  let batch: string[] = [];
  let batchChars = 0;
  const flush = async () => {
    if (table !== null && batch.length > 0) await insertTableRows(session, table, `[${batch.join(",")}]`);
    batch = [];
    batchChars = 0;
  };
  for await (const entry of entries) {
    if (entry.kind === "table") {
      await flush();
      table = entry.name;
    } else if (entry.kind === "row") {
      batch.push(entry.json);
      batchChars += entry.json.length;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
    } else if (entry.kind === "sequence") {
      await flush();
      await writeSequence(session, entry.state);
    } else if (entry.kind === "end") {
      await flush();
      return entry.rows;
    }
  }
  throw new Error("Backup is incomplete.");
}

function refuseNonEmpty(where: string): never {
  throw new Error(`Refusing to restore into ${where}: it already holds data. Restore into an empty one.`);
}

/** PGlite admits one opener at a time, so its open instance is asked; PostgreSQL takes another connection. */
async function migrationOf(database: Database, target: BackupTarget): Promise<string | null> {
  if (database.pglite) return appliedMigrationTag(pgliteSession(database.pglite));
  const connection = await connectRaw(target);
  try {
    return await appliedMigrationTag(connection.session);
  } finally {
    await connection.close();
  }
}

export async function restoreBackup(gzipped: Readable, target: BackupTarget): Promise<RestoreSummary> {
  const entries = readBackup(gzipped);
  const first = await entries.next();
  if (first.done || first.value.kind !== "header") throw new Error("Not an AgentDesk backup.");
  const header: BackupHeader = first.value.header;

  if ("dataDir" in target && pgliteDirectoryHasData(target.dataDir)) refuseNonEmpty(pgliteDirectory(target.dataDir));
  const connection = await connectRaw(target);
  let rows: RowCounts;
  let before: DatabaseObjects | undefined;
  try {
    if ("url" in target && !(await databaseIsEmpty(connection.session))) refuseNonEmpty("the database at DATABASE_URL");
    if ("url" in target) before = await listDatabaseObjects(connection.session);
    await migrateUpTo(connection, header.migration);
    rows = await connection.transaction((session) => loadRows(session, entries));
  } catch (err) {
    // A half-made PGlite directory is ours to remove; in a PostgreSQL database (not ours) only
    // what the restore made goes, so that the retry is not refused as "holds data" (issue 22).
    if (before) await dropObjectsMadeSince(connection.session, before).catch(() => undefined);
    await connection.close();
    if ("dataDir" in target) rmSync(pgliteDirectory(target.dataDir), { recursive: true, force: true });
    throw err;
  }
  await connection.close();

  // The app's start-up path: later migrations, then the template catalogue.
  const upgraded = await openDatabase(target);
  try {
    return { fromMigration: header.migration, toMigration: (await migrationOf(upgraded, target)) ?? "none", rows };
  } finally {
    await upgraded.close();
  }
}
