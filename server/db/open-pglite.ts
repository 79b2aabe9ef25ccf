/**
 * The embedded engine, loaded by connect.ts only when no DATABASE_URL is given: PGlite and its
 * drizzle driver cost a server on PostgreSQL ~10 MB of memory it would never use.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, type Db } from "./connect.js";

/** Extensions the migrations create: PGlite loads them at construction, PostgreSQL has them installed. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };

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
