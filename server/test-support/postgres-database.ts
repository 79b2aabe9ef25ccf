/**
 * A fresh PostgreSQL database for one test app (or one benchmark) on the server
 * TEST_DATABASE_URL names: empty, or a copy of a `template` database.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestPostgresDatabase(options: { template?: string } = {}): Promise<TestPostgresDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `create database ${name}${options.template ? ` template ${admin.escapeIdentifier(options.template)}` : ""}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // Give closing pools up to ~10 s to leave (a loaded machine is slow), so the drop need not kill them.
      for (let attempt = 0; attempt < 200; attempt++) {
        const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
