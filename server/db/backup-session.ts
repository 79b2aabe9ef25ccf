/**
 * One raw SQL connection for backups, restores and upgrade fixtures, whichever the engine:
 * a dedicated pg client, or PGlite (the app's own instance when it is running, since PGlite
 * is single-process). Backups need no ORM: they move whole rows as JSON.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { PGLITE_OPTIONS } from "./open-pglite.js";

export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (a migration or a fixture file). */
  exec(text: string): Promise<void>;
}

/** Where a backup is read from or restored to: the same two targets the app opens. */
export type BackupTarget = { url: string } | { dataDir: string };

export interface RawConnection {
  engine: "pglite" | "postgres";
  /** Runs `work` in one transaction; `readOnlySnapshot` makes it a REPEATABLE READ snapshot. */
  transaction<T>(work: (session: SqlSession) => Promise<T>, options?: { readOnlySnapshot?: boolean }): Promise<T>;
  /** Applies the migrations found in `folder` (drizzle's journal format), as the app does at start-up. */
  migrate(folder: string): Promise<void>;
  session: SqlSession;
  close(): Promise<void>;
}

/** PGlite keeps its files in DATA_DIR/pglite (see connect.ts). */
export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, "pglite");
}

export function pgliteDirectoryHasData(dataDir: string): boolean {
  const dir = pgliteDirectory(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * PGlite keeps postmaster.pid while an instance has the directory open and removes it on a
 * clean close; a second process opening the same files would corrupt them.
 */
export function pgliteDirectoryInUse(dataDir: string): boolean {
  return existsSync(join(pgliteDirectory(dataDir), "postmaster.pid"));
}

function pgSession(client: pg.Client | pg.PoolClient): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => void (await client.query(text)),
  };
}

export function pgliteSession(client: PGlite | Transaction): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    exec: async (text) => void (await client.exec(text)),
  };
}

/** Wraps a PGlite instance someone else owns (the running app's): closing it is their job. */
export function borrowPglite(client: PGlite): RawConnection {
  return {
    engine: "pglite",
    // PGlite has one connection: its transaction holds every other query back until it ends,
    // which is what makes the snapshot consistent (REPEATABLE READ adds nothing there).
    transaction: (work) => client.transaction((tx) => work(pgliteSession(tx))),
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    session: pgliteSession(client),
    close: async () => undefined,
  };
}

export async function connectRaw(target: BackupTarget): Promise<RawConnection> {
  if ("url" in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const session = pgSession(client);
    return {
      engine: "postgres",
      async transaction(work, options) {
        await client.query(options?.readOnlySnapshot ? "begin isolation level repeatable read, read only" : "begin");
        try {
          const result = await work(session);
          await client.query("commit");
          return result;
        } catch (err) {
          await client.query("rollback").catch(() => undefined);
          throw err;
        }
      },
      migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
      session,
      close: () => client.end(),
    };
  }
  const dir = pgliteDirectory(target.dataDir);
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, PGLITE_OPTIONS);
  await client.waitReady;
  return { ...borrowPglite(client), close: () => client.close() };
}
