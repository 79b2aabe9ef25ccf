/**
 * Opens the database: embedded PGlite under DATA_DIR by default, real PostgreSQL when a URL
 * is given. Both speak the same SQL and share one migration history.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { schema } from "./schema.js";
import { seedTemplates } from "./seed-templates.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** The connection string, when PostgreSQL: the event bus opens its own LISTEN connection. */
  url?: string;
  /** The PGlite instance, when embedded: the event bus uses its in-process LISTEN. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    // An idle connection that dies (database restart, admin kill) is reported here; without a
    // listener Node would crash the process. The pool drops it and the next query reconnects.
    pool.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    await seedTemplates(db);
    return { db, engine: "postgres", url: target.url, close: () => pool.end() };
  }
  let client: PGlite;
  if ("dataDir" in target) {
    const dir = join(target.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await seedTemplates(db);
  return { db, engine: "pglite", pglite: client, close: () => client.close() };
}
