import type { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cacheReadsOf,
  CLOCK_WORDS,
  kindOfStatement,
  readCacheStatsOf,
  volatileFunctionNames,
  type ReadCacheStats,
} from "./pglite-read-cache.js";
import { makeAgent } from "../test-support/agent-factory.js";
import { makeUser } from "../test-support/factories.js";
import { openTestDatabase, startTestApp } from "../test-support/test-app.js";

describe("which statements are plain reads", () => {
  // The app's own engine, migrated: its catalogue names the volatile functions.
  let engine: Awaited<ReturnType<typeof openTestDatabase>>;
  let volatile: Set<string>;
  beforeAll(async () => {
    engine = await openTestDatabase("pglite");
    volatile = await volatileFunctionNames(engine.database.pglite!);
  });
  afterAll(() => engine.drop());
  const kind = (text: string) => kindOfStatement(text, volatile);

  it.each([
    "select * from agents where id = $1",
    "  (select 1) union (select 2)",
    "with recent as (select id from messages) select count(*) from recent",
    'select "updated_at" from "agents"',
    "select similarity(name, $1) from agents",
  ])("keeps %s", (text) => expect(kind(text)).toBe("cacheable read"));

  it.each([
    "select now()",
    "select * from sessions where expires_at > now()",
    "select current_date - 1",
    "select 'today'::date",
    "select age(created_at) from users",
  ])("runs every time, forgetting nothing: %s", (text) => expect(kind(text)).toBe("clock read"));

  it.each([
    "insert into agents (id) values ($1)",
    "update agents set name = $1",
    "with gone as (delete from sessions returning id) select count(*) from gone",
    "select * from agents where id = $1 for update",
    "select gen_random_uuid()",
    "select uuidv7()",
    "select random_normal()",
    "select set_limit(0.9)",
    'select public."usage_fill_closed_periods"($1, $2)',
    "select usage_forget_closed_day($1)",
    "select pg_advisory_lock(1)",
    "select * from messages tablesample bernoulli (10)",
    "select 1; delete from agents",
    "analyze knowledge_chunks",
    "begin",
  ])("counts as a change: %s", (text) => expect(kind(text)).toBe("change"));

  it("counts every statement as a change while the functions are not known", () => {
    expect(kindOfStatement("select 1", null)).toBe("change");
  });

  it("settles every function the migrations define: immutable, a trigger's, volatile (never kept), or following the clock", async () => {
    // Stable functions are the ones to look at: their answers may follow the clock or a setting.
    const { rows } = await engine.database.pglite!.query<{ name: string; volatility: string; trigger: boolean }>(`
      select p.proname as name, p.provolatile as volatility, p.prorettype = 'trigger'::regtype as trigger
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
    expect(rows.length).toBeGreaterThan(0);
    const unsettled = rows
      .filter((row) => !row.trigger && row.volatility === "s" && !CLOCK_WORDS.includes(row.name))
      .map((row) => row.name);
    expect(unsettled).toEqual([]);
    for (const row of rows.filter((row) => row.volatility === "v")) {
      expect(kind(`select ${row.name}($1)`), row.name).toBe("change");
    }
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
    await client.query("select 1"); // asked after the catalogue's second reading, which the exec set off
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

  it("tells apart NaN, Infinity and null, which JSON would all write as null", async () => {
    const value = async (param: number | null) =>
      (await client.query<{ v: number | null }>("select $1::float8 as v", [param])).rows[0]!.v;
    expect(await value(Number.NaN)).toBeNaN();
    expect(await value(null)).toBeNull();
    expect(await value(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps the answers through a read it cannot keep: one that follows the clock, or takes a list", async () => {
    expect(await names()).toEqual([]);
    await client.query("select now()");
    await client.query("select $1::int[] as list", [[1, 2]]);
    expect(await names()).toEqual([]);
    expect(stats().hits).toBe(1);
  });

  it("sees a volatile function made after it was installed, and keeps reads again once it has", async () => {
    await client.exec("create function bump() returns int language sql volatile as $$ select 1 $$");
    // The catalogue is read again right after the exec, before any statement asked later.
    await client.query("select 1");
    await client.query("select bump()");
    await client.query("select bump()");
    expect(stats().hits).toBe(0);
    await names();
    await names();
    expect(stats().hits).toBe(1);
  });

  it("counts a read's key: a long text parameter keeps it out like a long answer", async () => {
    const length = () => client.query("select length($1) as n", ["x".repeat(200_000)]);
    await length();
    await length();
    expect(stats().hits).toBe(0);
  });

  it("counts an answer once when the same read missed several times at once", async () => {
    await client.query("insert into items (name) values ('a')");
    await names();
    const one = stats().bytes;
    await client.query("update items set tags = tags"); // a write: every answer forgotten, the names the same
    await Promise.all(Array.from({ length: 20 }, () => names()));
    expect(stats()).toMatchObject({ entries: 1, bytes: one });
  });

  it("answers a read of 150,000 rows without keeping it, and without running out of stack", async () => {
    const { rows } = await client.query("select generate_series(1, 150000) as n");
    expect(rows).toHaveLength(150_000);
    expect(stats().entries).toBe(0);
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
    stats = await cacheReadsOf(client, { entries: 2, bytes: 1_000_000, entryBytes: 10_000 });
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

describe("a closed engine", () => {
  it("answers nothing from the cache once closed", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = new PGlite();
    await cacheReadsOf(client);
    await client.query("select 1 as n");
    await client.query("select 1 as n");
    await client.close();
    await expect(client.query("select 1 as n")).rejects.toThrow(/closed/i);
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
