/**
 * A fresh PostgreSQL database for one journey app, on the server TEST_DATABASE_URL names, and
 * dropped after the run. Named e2e_… so a database left by a killed run is easy to recognise.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(adminUrl: string): Promise<PostgresDatabase> {
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Runs after the app process has exited; `force` only matters if it was killed mid-query.
    drop: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
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
