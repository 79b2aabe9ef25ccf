/**
 * Runs a hand-written statement as a prepared one on PostgreSQL. Drizzle's `execute` sends
 * every statement unnamed, so PostgreSQL parses and plans the turn's large statements on each
 * call; a named statement is parsed once per connection and its plan reused. The name is the
 * statement's shape (a hash of its text), so statements that differ only in their values share
 * it and two shapes can never collide. PGlite runs in-process with no per-statement round trip
 * to save, so it takes the statement as drizzle would send it.
 *
 * Rows come back as the driver parses them: keep timestamps out of the top-level columns (or
 * inside json), since drizzle's own type settings do not apply here.
 */
import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "./connect.js";

type Client = { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite };

/** The shape's hash by statement text: hashing ~3 KB per call is cheap, not hashing at all is cheaper. */
const namesByText = new Map<string, string>();
const NAME_CACHE_LIMIT = 256;
const dialect = new PgDialect();

export async function namedStatementRows(db: Db, prefix: string, query: SQL): Promise<Record<string, unknown>[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = clientOf(db);
  if (client.kind === "pglite") {
    return (await client.pglite.query<Record<string, unknown>>(text, params)).rows;
  }
  const result = await client.pool.query<Record<string, unknown>>({ name: nameOf(prefix, text), text, values: params });
  return result.rows;
}

function nameOf(prefix: string, text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    name = `${prefix}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    if (namesByText.size >= NAME_CACHE_LIMIT) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/** Drizzle keeps the driver it was made with as `$client`: a pg Pool or a PGlite instance. */
function clientOf(db: Db): Client {
  const driver: unknown = (db as unknown as { $client?: unknown }).$client;
  if (driver && typeof (driver as pg.Pool).connect === "function" && "totalCount" in (driver as object)) {
    return { kind: "postgres", pool: driver as pg.Pool };
  }
  if (driver && typeof (driver as PGlite).query === "function") return { kind: "pglite", pglite: driver as PGlite };
  throw new Error("namedStatementRows: the database handle has no pg Pool or PGlite client");
}
