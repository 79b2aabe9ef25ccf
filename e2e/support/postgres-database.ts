/**
 * A fresh PostgreSQL database for one journey app, on the server TEST_DATABASE_URL names, and
 * dropped after the run; named e2e_pid<runner>_… so the next run drops what a killed one left.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { belongsToFinishedRun, runTag } from "./finished-runs.js";

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(adminUrl: string): Promise<PostgresDatabase> {
  const name = `e2e_${runTag()}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Runs after the app process has exited; `force` only matters if it was killed mid-query.
    drop: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

export async function dropDatabasesOfFinishedRuns(adminUrl: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "select datname as name from pg_database where datname like 'e2e\\_pid%'",
    );
    for (const { name } of rows.filter((row) => belongsToFinishedRun(row.name))) {
      await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    }
  });
}

async function withAdminClient(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
