/**
 * One migrated, seeded database per engine for a whole Vitest run, which every test database is
 * copied from: for PGlite a snapshot of its data directory, for PostgreSQL a template database.
 * Measured on this 2-core machine under load: an empty in-memory PGlite took 3-7 s to initialise
 * and migrate, one loaded from the snapshot 0.7-1.4 s; a PostgreSQL database migrated took
 * 0.4-1.4 s, one copied from the template ~0.1 s. The suite opens hundreds of them.
 *
 * Vitest's global setup (the default export) makes both and hands their addresses to the test
 * workers through the environment, which the workers inherit. Outside Vitest (the benchmarks)
 * nothing is set and every database starts empty and migrates itself, as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../db/connect.js";
import { createTestPostgresDatabase, type TestPostgresDatabase } from "./postgres-database.js";

const SNAPSHOT_FILE_ENV = "AGENTDESK_TEST_PGLITE_SNAPSHOT";
const TEMPLATE_NAME_ENV = "AGENTDESK_TEST_POSTGRES_TEMPLATE";

export default async function makeDatabaseTemplates(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "agentdesk-test-snapshot-"));
  const pglite = await openDatabase({ memory: true });
  await dropTemplateDatabases(pglite.pglite!);
  const snapshot = await pglite.pglite!.dumpDataDir("none");
  await pglite.close();
  const file = join(dir, "pglite.tar");
  writeFileSync(file, new Uint8Array(await snapshot.arrayBuffer()));
  process.env[SNAPSHOT_FILE_ENV] = file;

  let template: TestPostgresDatabase | undefined;
  if (process.env.TEST_DATABASE_URL) {
    template = await createTestPostgresDatabase();
    const migrated = await openDatabase({ url: template.url });
    await migrated.close();
    process.env[TEMPLATE_NAME_ENV] = new URL(template.url).pathname.slice(1);
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}

/**
 * Drops template0 and template1 from the database the snapshot is taken of: 15 of its 42 MB are
 * their files, and every test database unpacks the whole snapshot into memory. No test creates
 * a database (the app never does; the only one it opens is `postgres`). Measured: opening from
 * the snapshot took 410-440 ms of CPU with them and 280-330 ms without.
 */
async function dropTemplateDatabases(client: PGlite): Promise<void> {
  for (const name of ["template0", "template1"]) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`); // Not in a transaction block, so a statement of its own.
  }
  await client.exec("checkpoint");
}

let snapshot: Blob | undefined;

/** The migrated PGlite's files, when the global setup made them: read once per worker (a Blob is immutable, so every database shares it). */
export function pgliteSnapshot(): Blob | undefined {
  const file = process.env[SNAPSHOT_FILE_ENV];
  if (!file) return undefined;
  snapshot ??= new Blob([new Uint8Array(readFileSync(file))]);
  return snapshot;
}

/** The migrated PostgreSQL template database's name, when the global setup made one. */
export function postgresTemplate(): string | undefined {
  return process.env[TEMPLATE_NAME_ENV];
}
