/**
 * Writes a backup from one consistent snapshot: every table is read inside a single
 * transaction (REPEATABLE READ on PostgreSQL; on PGlite the transaction holds the only
 * connection, so the app's writes wait until it ends).
 */
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { encodeEntry, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupHeader, type RowCounts } from "./backup-file.js";
import { appliedMigrationTag } from "./backup-migrations.js";
import { listTablesInLoadOrder, readSequences, readTableRows } from "./backup-queries.js";
import type { RawConnection, SqlSession } from "./backup-session.js";

const ROWS_PER_FETCH = 200;

export interface BackupSummary {
  migration: string;
  rows: RowCounts;
}

async function* backupText(
  session: SqlSession,
  engine: RawConnection["engine"],
  now: Date,
  summary: BackupSummary,
): AsyncGenerator<string> {
  const migration = await appliedMigrationTag(session);
  if (migration === null) throw new Error("This database has no AgentDesk migrations: nothing to back up.");
  summary.migration = migration;
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    migration,
    engine,
    createdAt: now.toISOString(),
  };
  yield encodeEntry({ kind: "header", header });
  for (const table of await listTablesInLoadOrder(session)) {
    yield encodeEntry({ kind: "table", name: table });
    summary.rows[table] = 0;
    for await (const json of readTableRows(session, table, ROWS_PER_FETCH)) {
      summary.rows[table] += 1;
      yield encodeEntry({ kind: "row", json });
    }
  }
  for (const state of await readSequences(session)) yield encodeEntry({ kind: "sequence", state });
  yield encodeEntry({ kind: "end", rows: summary.rows });
}

/** Streams a gzip'd backup of the whole database into `destination` and ends it. */
export async function writeBackup(connection: RawConnection, destination: Writable, now: Date): Promise<BackupSummary> {
  const summary: BackupSummary = { migration: "", rows: {} };
  await connection.transaction(
    (session) =>
      pipeline(Readable.from(backupText(session, connection.engine, now, summary)), createGzip(), destination),
    { readOnlySnapshot: true },
  );
  return summary;
}
