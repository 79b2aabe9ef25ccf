/**
 * Opens the database: embedded PGlite under DATA_DIR by default, real PostgreSQL when a URL
 * is given. Both speak the same SQL and share one migration history. Also owns what counts
 * as "the database is unavailable" (isDatabaseUnavailable), since that is the driver's vocabulary.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { schema as coreSchema } from "./schema.js";
import { knowledgeSchema } from "./schema-knowledge.js";
import { outcomesSchema } from "./schema-outcomes.js";
import { publishingSchema } from "./schema-publishing.js";
import { recordsSchema } from "./schema-records.js";
import { takeoverSchema } from "./schema-takeover.js";
import { toolsSchema } from "./schema-tools.js";
import { apiKeysSchema } from "./schema-api-keys.js";
import { usageSchema } from "./schema-usage.js";
import { seedTemplates } from "./seed-templates.js";

const schema = {
  ...coreSchema,
  ...usageSchema,
  ...knowledgeSchema,
  ...recordsSchema,
  ...outcomesSchema,
  ...toolsSchema,
  ...publishingSchema,
  ...takeoverSchema,
  ...apiKeysSchema,
};
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

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * The longest a query waits to get a connection: for a free pool slot, or for a new connection
 * to be accepted. Without it a database that accepts TCP but never answers (a partition, a
 * host that is going down) holds every request open for as long as the OS keeps trying.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/** `snapshot`: an in-memory PGlite starts from these files (see openPglite). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; snapshot?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 20,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      // Notices a peer that vanished without closing the socket (a host power-off, a dropped NAT entry).
      keepAlive: true,
      // No JIT compilation: the app's statements are short, and once a knowledge agent's
      // statistics are fresh the word search's estimated cost passes jit_above_cost, which made
      // PostgreSQL spend 3 s compiling a search that runs in milliseconds (decision 158). A SET
      // the pool awaits before handing the connection out, not a startup option (connection
      // poolers such as PgBouncer refuse those); a server that cannot take it still serves.
      onConnect: async (client) => {
        await client.query("set jit = off").catch(() => undefined);
      },
    });
    // An idle connection that dies (database restart, admin kill) is reported here; without a
    // listener Node would crash the process. The pool drops it and the next query reconnects.
    pool.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    // A checked-out connection (inside a transaction) has no pool listener while it is out, and
    // pg emits 'error' on it even when the failing query is also rejected: unheard, that event
    // ends the process. The query's own rejection reaches the caller; release() then drops it.
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    await seedTemplates(db);
    return { db, engine: "postgres", url: target.url, close: () => pool.end() };
  }
  // Loaded only for the embedded engine: a server on PostgreSQL never holds PGlite in memory.
  const { openPglite } = await import("./open-pglite.js");
  const dir = "dataDir" in target ? join(target.dataDir, "pglite") : null;
  if (dir) mkdirSync(dir, { recursive: true });
  const { client, db } = await openPglite(dir, schema, "snapshot" in target ? target.snapshot : undefined);
  await seedTemplates(db);
  return { db, engine: "pglite", pglite: client, close: () => client.close() };
}

/** SQLSTATEs meaning "no database to talk to right now", not "this statement is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping, or our backend was terminated
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
]);

/** Failing at these steps means no connection was made, whatever the errno. */
const isConnectStep = (syscall: unknown) => syscall === "connect" || syscall === "getaddrinfo";

/** Connection-level failures from Node, pg and pg-pool, which carry no SQLSTATE. */
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or "due to connection timeout" (pg-pool)
  /^timeout exceeded when trying to connect$/, // pg-pool: no slot freed within the timeout
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is closed$/, // the embedded database during shutdown
];

/**
 * True when an error means the database cannot be reached (down, restarting, unreachable, out
 * of connections) rather than that a query is wrong. Follows `cause` and AggregateError's
 * `errors`, because drizzle wraps driver errors and Node wraps per-address connect failures.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, syscall, message, cause, errors } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNAVAILABLE_ERRNOS.has(code) || (isConnectStep(syscall) && code.startsWith("E"))) return true;
  }
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
