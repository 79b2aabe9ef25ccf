/**
 * The databases the bench runs on: in-memory PGlite, and a fresh PostgreSQL database made from
 * TEST_DATABASE_URL (dropped afterwards), both migrated by the app's own openDatabase. Owners
 * and agents are written directly: the bench measures retrieval, not sign-up.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../../server/db/connect.js";
import { agents, users } from "../../server/db/schema.js";

export type Engine = "pglite" | "postgres";

export interface BenchDatabase {
  engine: Engine;
  database: Database;
  close(): Promise<void>;
}

export async function openBenchDatabase(engine: Engine): Promise<BenchDatabase> {
  if (engine === "pglite") {
    const database = await openDatabase({ memory: true });
    return { engine, database, close: () => database.close() };
  }
  const created = await createPostgresDatabase();
  try {
    const database = await openDatabase({ url: created.url });
    return {
      engine,
      database,
      async close() {
        await database.close();
        await created.drop();
      },
    };
  } catch (error) {
    await created.drop();
    throw error;
  }
}

/**
 * A fresh database on the server of TEST_DATABASE_URL. Made here rather than with the test
 * helper, which loads the whole app: the bench needs the schema and the knowledge modules only.
 */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `knowledge_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Owner {
  userId: string;
  agentId: string;
}

let owners = 0;

/** One approved user with one agent. */
export async function makeOwnerWithAgent(db: Db, label: string): Promise<Owner> {
  owners++;
  const [user] = await db
    .insert(users)
    .values({
      email: `knowledge-bench-${owners}-${Date.now()}@example.com`,
      passwordHash: "not-used",
      fullName: `Knowledge bench ${label}`,
      companyName: `Knowledge bench company ${owners}`,
      phoneNumber: "+1 555 0100",
      address: "1 Loopback Road",
      approvalStatus: "approved",
    })
    .returning({ id: users.id });
  const [agent] = await db
    .insert(agents)
    .values({ userId: user.id, name: `Support ${label}`, gender: "female", role: "Support" })
    .returning({ id: agents.id });
  return { userId: user.id, agentId: agent.id };
}
