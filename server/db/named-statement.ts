/**
 * Runs a hand-written statement as a prepared one on PostgreSQL. Drizzle's `execute` sends
 * every statement unnamed, so PostgreSQL parses and plans the turn's large statements on each
 * call; a named statement is parsed once per connection and its plan reused. The name is the
 * statement's shape (a hash of its text), so statements that differ only in their values share
 * it and two shapes can never collide. PGlite runs in-process with no per-statement round trip
 * to save, so it takes the statement as drizzle would send it.
 *
 * The hottest statements (a chat turn's) also skip drizzle's work on each call: `shapedRows`
 * builds their SQL once per shape with placeholders and afterwards only fills in the values.
 * Building and rendering ~3 KB of SQL per statement was a fifth of a chat's CPU (bench/README.md).
 *
 * Rows come back as the driver parses them: keep timestamps out of the top-level columns (or
 * inside json), since drizzle's own type settings do not apply here.
 */
import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { Placeholder, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "./connect.js";

type Client = { kind: "postgres"; pool: pg.Pool } | { kind: "pglite"; pglite: PGlite };
type Row = Record<string, unknown>;

/** The shape's hash by statement text: hashing ~3 KB per call is cheap, not hashing at all is cheaper. */
const namesByText = new Map<string, string>();
const NAME_CACHE_LIMIT = 256;
const dialect = new PgDialect();

export async function namedStatementRows(db: Db, prefix: string, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runNamed(db, nameOf(prefix, text), text, params);
}

/**
 * Each value of `V` as a drizzle placeholder of the same name: what a shaped statement's SQL is
 * built from. Builders take `SqlValues<V>`, so the same builder also takes plain values.
 */
export type Slots<V> = { [K in keyof V]: Placeholder<K & string> };
export type SqlValues<V> = { [K in keyof V]: V[K] | Placeholder<K & string> };

interface Shape {
  name: string;
  text: string;
  /** Per parameter: the value's name, or a constant the SQL itself holds (wrapped, so a constant string is no name). */
  params: (string | { constant: unknown })[];
}

const shapes = new Map<string, Shape>();
const slots = new Proxy({}, { get: (_target, name) => sql.placeholder(String(name)) });

/**
 * Runs the statement `build` makes, building it only the first time this `shape` is asked for.
 * `build` must make the same SQL for every call with the same `shape`: whatever varies per call
 * is one of `values`, reached only through the slots it is given; what changes the SQL's text
 * (an optional clause, an identifier) belongs in `shape`.
 */
export async function shapedRows<V extends Record<string, unknown>>(
  db: Db,
  shape: string,
  build: (slots: Slots<V>) => SQL,
  values: V,
): Promise<Row[]> {
  let made = shapes.get(shape);
  if (!made) {
    const { sql: text, params } = dialect.sqlToQuery(build(slots as Slots<V>));
    made = {
      text,
      name: `${shape.replace(/[^a-z0-9_]/gi, "_").slice(0, 40)}_${hashOf(text)}`,
      params: params.map((param) => (param instanceof Placeholder ? String(param.name) : { constant: param })),
    };
    shapes.set(shape, made);
  }
  const params = made.params.map((param) => {
    if (typeof param !== "string") return param.constant;
    if (!(param in values)) throw new Error(`shapedRows(${shape}): no value for ${param}`);
    return values[param];
  });
  return runNamed(db, made.name, made.text, params);
}

/**
 * Every shape built so far in this process, by shape: its prepared statement's name and SQL.
 * The SQL snapshots (sql-snapshots.test.ts) build each shape once and compare it with its file.
 */
export function builtShapes(): { shape: string; name: string; text: string }[] {
  return [...shapes].map(([shape, { name, text }]) => ({ shape, name, text }));
}

async function runNamed(db: Db, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if (client.kind === "pglite") return (await client.pglite.query<Row>(text, params)).rows;
  return (await client.pool.query<Row>({ name, text, values: params })).rows;
}

function nameOf(prefix: string, text: string): string {
  let name = namesByText.get(text);
  if (!name) {
    name = `${prefix}_${hashOf(text)}`;
    if (namesByText.size >= NAME_CACHE_LIMIT) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

const hashOf = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 16);

/** Drizzle keeps the driver it was made with as `$client`: a pg Pool or a PGlite instance. */
function clientOf(db: Db): Client {
  const driver: unknown = (db as unknown as { $client?: unknown }).$client;
  if (driver && typeof (driver as pg.Pool).connect === "function" && "totalCount" in (driver as object)) {
    return { kind: "postgres", pool: driver as pg.Pool };
  }
  if (driver && typeof (driver as PGlite).query === "function") return { kind: "pglite", pglite: driver as PGlite };
  throw new Error("namedStatementRows: the database handle has no pg Pool or PGlite client");
}
