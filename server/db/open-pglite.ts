/**
 * The embedded engine, loaded by connect.ts only when no DATABASE_URL is given: PGlite and its
 * drizzle driver cost a server on PostgreSQL ~10 MB of memory it would never use.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Db } from "./connect.js";

/**
 * PostgreSQL settings for the embedded engine, given on its command line at every start (so
 * they apply to existing data directories too, and postgresql.conf stays as initdb wrote it).
 *
 * shared_buffers: initdb writes PostgreSQL's 128 MB, and inside WebAssembly the whole pool is
 * resident from the start (its memory is zeroed when allocated, and WebAssembly memory never
 * shrinks): an idle server held ~150 MB of WebAssembly heap for a database of a few MB. At
 * 16 MB it holds ~30 MB. Pages beyond it are read from the operating system's file cache.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
};

/** Extensions the migrations create: PGlite loads them at construction, PostgreSQL has them installed. */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  // PGlite's own start parameters (single-user mode, no parallel workers…) and ours after them.
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
  ],
};

/**
 * Opens PGlite under `dir` (in memory when null) and brings its schema up to date. A `snapshot`
 * (a `dumpDataDir()` of a database already migrated) starts the in-memory engine from those files
 * instead of an empty cluster: the test suite opens hundreds of databases, and an empty one spends
 * seconds in initdb and the migrations.
 */
export async function openPglite(
  dir: string | null,
  schema: Record<string, unknown>,
  snapshot?: Blob,
): Promise<{ client: PGlite; db: Db }> {
  const client = dir
    ? new PGlite(dir, PGLITE_OPTIONS)
    : new PGlite({ ...PGLITE_OPTIONS, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { client, db };
}
