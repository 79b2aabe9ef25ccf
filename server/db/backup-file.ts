/**
 * The backup file: gzip'd JSON lines, the same for PGlite and PostgreSQL, so a backup of
 * one restores into the other. A header names the migration the rows were written at; each
 * table's rows follow its name; sequences come last; an `end` line with the row counts
 * proves the file is whole (a cut-off file has none and is refused).
 */
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { SequenceState } from "./backup-queries.js";

export const BACKUP_FORMAT = "agentdesk-backup";
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Tag of the newest migration applied when the backup was taken (server/db/migrations). */
  migration: string;
  engine: "pglite" | "postgres";
  createdAt: string;
}

export type RowCounts = Record<string, number>;

export type BackupEntry =
  | { kind: "header"; header: BackupHeader }
  | { kind: "table"; name: string }
  /** One row as row_to_json text, passed through unparsed (it may hold megabytes of audio). */
  | { kind: "row"; json: string }
  | { kind: "sequence"; state: SequenceState }
  | { kind: "end"; rows: RowCounts };

const ROW_PREFIX = '{"row":';

export function encodeEntry(entry: BackupEntry): string {
  switch (entry.kind) {
    case "header":
      return `${JSON.stringify({ header: entry.header })}\n`;
    case "table":
      return `${JSON.stringify({ table: entry.name })}\n`;
    case "row":
      return `${ROW_PREFIX}${entry.json}}\n`;
    case "sequence":
      return `${JSON.stringify({ sequence: entry.state })}\n`;
    case "end":
      return `${JSON.stringify({ end: { rows: entry.rows } })}\n`;
  }
}

function decodeLine(line: string): BackupEntry {
  if (line.startsWith(ROW_PREFIX) && line.endsWith("}"))
    return { kind: "row", json: line.slice(ROW_PREFIX.length, -1) };
  const value = JSON.parse(line) as {
    header?: BackupHeader;
    table?: string;
    sequence?: SequenceState;
    end?: { rows: RowCounts };
  };
  if (value.header) return { kind: "header", header: value.header };
  if (typeof value.table === "string") return { kind: "table", name: value.table };
  if (value.sequence) return { kind: "sequence", state: value.sequence };
  if (value.end) return { kind: "end", rows: value.end.rows };
  throw new Error(`Unreadable backup line: ${line.slice(0, 80)}`);
}

/**
 * Reads a backup and checks it as it goes: a header first, rows only inside a table, and an
 * end line whose counts match the rows seen. Throws when any of that fails.
 */
export async function* readBackup(gzipped: Readable): AsyncGenerator<BackupEntry> {
  const gunzip = createGunzip();
  gzipped.once("error", (err) => gunzip.destroy(err)); // .pipe() does not pass a source's errors on
  const lines = createInterface({ input: gzipped.pipe(gunzip), crlfDelay: Infinity });
  const seen: RowCounts = {};
  let table: string | null = null;
  let started = false;
  for await (const line of lines) {
    if (line === "") continue;
    const entry = decodeLine(line);
    if (!started) {
      if (entry.kind !== "header" || entry.header.format !== BACKUP_FORMAT) throw new Error("Not an AgentDesk backup.");
      if (entry.header.version > BACKUP_FORMAT_VERSION) {
        throw new Error(`Backup format ${entry.header.version} is newer than this release reads.`);
      }
      started = true;
    } else if (entry.kind === "table") {
      table = entry.name;
      seen[table] = 0;
    } else if (entry.kind === "row") {
      if (table === null) throw new Error("Backup has a row outside any table.");
      seen[table] += 1;
    } else if (entry.kind === "end") {
      const expected = JSON.stringify(Object.entries(entry.rows).sort());
      if (expected !== JSON.stringify(Object.entries(seen).sort())) {
        throw new Error(`Backup row counts do not match its end line: ${JSON.stringify(seen)}`);
      }
      yield entry;
      return;
    }
    yield entry;
  }
  throw new Error(started ? "Backup is incomplete: it has no end line." : "Backup is empty.");
}

/** Reads a whole backup to check it is complete; answers its header and row counts. */
export async function verifyBackup(gzipped: Readable): Promise<{ header: BackupHeader; rows: RowCounts }> {
  let header: BackupHeader | null = null;
  for await (const entry of readBackup(gzipped)) {
    if (entry.kind === "header") header = entry.header;
    if (entry.kind === "end" && header) return { header, rows: entry.rows };
  }
  throw new Error("Backup is incomplete.");
}
