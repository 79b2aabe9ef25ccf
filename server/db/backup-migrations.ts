/**
 * Migration levels for backups and upgrade fixtures. Rows are always loaded into a schema at
 * exactly the migration they were written at; the app's own start-up (openDatabase) then
 * applies whatever came later, the same path a real upgrade takes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readAppliedMigrationTime } from "./backup-queries.js";
import type { RawConnection, SqlSession } from "./backup-session.js";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export interface JournalEntry {
  idx: number;
  tag: string;
  /** Drizzle stores this as the applied migration's created_at. */
  when: number;
  version: string;
  breakpoints: boolean;
}

interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

function readJournal(folder = MIGRATIONS_FOLDER): Journal {
  return JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

export function latestMigrationTag(folder = MIGRATIONS_FOLDER): string {
  const entries = readJournal(folder).entries;
  return entries[entries.length - 1].tag;
}

/** The tag of the newest migration applied to a database, or null when it was never migrated. */
export async function appliedMigrationTag(session: SqlSession, folder = MIGRATIONS_FOLDER): Promise<string | null> {
  const when = await readAppliedMigrationTime(session);
  if (when === null) return null;
  const entry = readJournal(folder).entries.find((e) => e.when === when);
  if (!entry) throw new Error(`The database has a migration (${when}) this release does not know: it is newer.`);
  return entry.tag;
}

/**
 * Applies the committed migrations up to and including `tag`, and no further, with the same
 * migrator (so the migration history matches what that release wrote). Drizzle reads a
 * folder, so the journal is cut at `tag` in a temporary copy.
 */
export async function migrateUpTo(connection: RawConnection, tag: string): Promise<void> {
  const journal = readJournal();
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`Unknown migration ${tag}: it was written by a newer release than this one.`);
  const folder = mkdtempSync(join(tmpdir(), "agentdesk-migrations-"));
  try {
    mkdirSync(join(folder, "meta"));
    const entries = journal.entries.slice(0, cut + 1);
    writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    await connection.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
