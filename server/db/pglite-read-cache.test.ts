import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrationsFolder } from "./connect.js";
import {
  cacheReadsOf,
  isCacheableRead,
  readCacheStatsOf,
  UNCACHEABLE_CALLS,
  type ReadCacheStats,
} from "./pglite-read-cache.js";
import { makeAgent } from "../test-support/agent-factory.js";
import { makeUser } from "../test-support/factories.js";
import { openTestDatabase, startTestApp } from "../test-support/test-app.js";

describe("which statements are plain reads", () => {
  it.each([
    "select * from agents where id = $1",
    "  (select 1) union (select 2)",
    "with recent as (select id from messages) select count(*) from recent",
    'select "updated_at" from "agents"',
  ])("keeps %s", (text) => expect(isCacheableRead(text)).toBe(true));

  it.each([
    "insert into agents (id) values ($1)",
    "update agents set name = $1",
    "with gone as (delete from sessions returning id) select count(*) from gone",
    "select * from agents where id = $1 for update",
    "select now()",
    "select gen_random_uuid()",
    "select usage_fill_closed_periods($1, $2)",
    "select pg_advisory_lock(1)",
    "select 1; delete from agents",
    "analyze knowledge_chunks",
    "begin",
  ])("never keeps %s", (text) => expect(isCacheableRead(text)).toBe(false));

  it("settles every function the migrations define: immutable, a trigger's, or never kept", () => {
    const unsettled: string[] = [];
    for (const file of readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql"))) {
      const text = readFileSync(join(migrationsFolder, file), "utf8");
      const definitions = text.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(\w+)\s*\(([\s\S]*?)(?=\$\w*\$)/gi);
      for (const [, name, head] of definitions) {
        const settled =
          /returns\s+trigger/i.test(head!) || /\bimmutable\b/i.test(head!) || UNCACHEABLE_CALLS.includes(name!);
        if (!settled) unsettled.push(`${file}: ${name}`);
      }
    }
    expect(unsettled).toEqual([]);
  });
});

describe("reads answered until the next write", () => {
  let client: PGlite;
  let stats: () => ReadCacheStats;
  const names = async () =>
    (await client.query<{ name: string }>("select name from items order by name")).rows.map((row) => row.name);

  let close: () => Promise<void>;

  // The app's own engine (a copy of the migrated template, already behind its read cache), with a
  // table of this test's own; counts are from here on.
  beforeEach(async () => {
    const opened = await openTestDatabase("pglite");
    close = opened.drop;
    client = opened.database.pglite!;
    await client.exec("create table items (name text primary key, tags jsonb not null default '[]')");
    const start = readCacheStatsOf(client)!;
    stats = () => {
      const now = readCacheStatsOf(client)!;
      return { ...now, hits: now.hits - start.hits, misses: now.misses - start.misses };
    };
  });
  afterEach(() => close());

  it("answers a repeated read without the engine, and forgets it at the next write", async () => {
    await client.query("insert into items (name) values ($1)", ["a"]);
    expect(await names()).toEqual(["a"]);
    expect(await names()).toEqual(["a"]);
    expect(stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });

    await client.query("insert into items (name) values ($1)", ["b"]);
    expect(stats().entries).toBe(0);
    expect(await names()).toEqual(["a", "b"]);
  });

  it("tells reads apart by their parameters", async () => {
    await client.query("insert into items (name) values ('a'), ('b')");
    const one = (name: string) => client.query("select name from items where name = $1", [name]);
    expect((await one("a")).rows).toEqual([{ name: "a" }]);
    expect((await one("b")).rows).toEqual([{ name: "b" }]);
    expect(stats().hits).toBe(0);
  });

  it("sees a transaction's writes once it commits, and none once it rolls back", async () => {
    expect(await names()).toEqual([]);
    await client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('kept')");
    });
    expect(await names()).toEqual(["kept"]);
    await client
      .transaction(async (tx) => {
        await tx.query("insert into items (name) values ('undone')");
        // Read inside the transaction: never kept, so the rollback cannot leave it behind.
        expect((await tx.query("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await names()).toEqual(["kept"]);
  });

  it("never keeps a read a write overtook: the write's statement was asked before the read ended", async () => {
    const before = names();
    const write = client.query("insert into items (name) values ('late')");
    expect(await before).toEqual([]);
    // The write is asked but may not have run: a read asked now must wait for it, not answer from before.
    expect(await names()).toEqual(["late"]);
    await write;
  });

  it("forgets everything at exec, and never keeps a volatile read", async () => {
    expect(await names()).toEqual([]);
    await client.exec("insert into items (name) values ('x')");
    expect(await names()).toEqual(["x"]);
    await client.query("select now()");
    await client.query("select now()");
    expect(stats().hits).toBe(0);
  });

  it("hands each caller its own copy of the rows", async () => {
    await client.query(`insert into items (name, tags) values ('a', '["red"]')`);
    const read = () => client.query<{ tags: string[] }>("select tags from items");
    (await read()).rows[0]!.tags.push("changed by the first caller");
    expect((await read()).rows[0]!.tags).toEqual(["red"]);
    (await read()).rows[0]!.tags.push("changed by a later caller");
    expect((await read()).rows[0]!.tags).toEqual(["red"]);
    expect(stats().hits).toBe(3);
  });

  it("drops the least recently used answer past its limit, and never keeps one past its size", async () => {
    // A second, smaller cache in front of the app's: it sees every read first.
    stats = cacheReadsOf(client, { entries: 2, bytes: 1_000_000, entryBytes: 10_000 });
    const select = (n: number) => client.query(`select ${n} as n`);
    await select(1);
    await select(2);
    await select(1); // 1 is now the most recently used
    await select(3); // 2 goes
    expect(stats()).toMatchObject({ entries: 2, hits: 1 });
    await select(1);
    expect(stats().hits).toBe(2);
    await client.query("select repeat('x', 20000) as big");
    await client.query("select repeat('x', 20000) as big");
    expect(stats().hits).toBe(2);
  });
});

describe("the app on its embedded engine", () => {
  it("answers a repeated list from the cache and shows an agent made in between", async () => {
    const t = await startTestApp("pglite");
    try {
      const owner = await makeUser(t);
      const names = async () => {
        const res = await t.app.inject({ method: "GET", url: "/api/agents", headers: { cookie: owner.cookie } });
        expect(res.statusCode).toBe(200);
        return (res.json() as { name: string }[]).map((agent) => agent.name);
      };
      expect(await names()).toEqual([]);
      const hits = readCacheStatsOf(t.deps.db.pglite!)!.hits;
      expect(await names()).toEqual([]);
      expect(readCacheStatsOf(t.deps.db.pglite!)!.hits).toBeGreaterThan(hits);
      await makeAgent(t, owner.cookie, { name: "Reception" });
      expect(await names()).toEqual(["Reception"]);
    } finally {
      await t.close();
    }
  });
});
