import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, openTestDatabase } from "../test-support/test-app.js";
import type { Database } from "./connect.js";
import { shapedRows, type SqlValues } from "./named-statement.js";

interface EchoValues extends Record<string, unknown> {
  word: string;
  count: number;
  flag: boolean | null;
}

describeEachEngine("shaped statements", (engine) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(engine));
  });
  afterAll(() => drop());

  const echo = (v: SqlValues<EchoValues>, doubled: boolean) =>
    sql`select ${v.word}::text as word, ${v.count}::int * ${doubled ? 2 : 1} as count,
        ${v.flag}::boolean as flag, ${v.word}::text || '!' as again, ${"constant"}::text as fixed`;

  it("builds a shape once and fills each call's own values, however often a value appears", async () => {
    let builds = 0;
    const run = (values: EchoValues, doubled: boolean) =>
      shapedRows(
        database.db,
        `test_echo_${engine}_${doubled ? "doubled" : "plain"}`,
        (v) => {
          builds += 1;
          return echo(v, doubled);
        },
        values,
      );

    expect(await run({ word: "first", count: 3, flag: true }, false)).toEqual([
      { word: "first", count: 3, flag: true, again: "first!", fixed: "constant" },
    ]);
    expect(await run({ word: "second", count: 4, flag: null }, false)).toEqual([
      { word: "second", count: 4, flag: null, again: "second!", fixed: "constant" },
    ]);
    expect(builds).toBe(1);
    // Another shape is another statement.
    expect(await run({ word: "third", count: 5, flag: false }, true)).toEqual([
      { word: "third", count: 10, flag: false, again: "third!", fixed: "constant" },
    ]);
    expect(builds).toBe(2);
  });

  it("refuses a call that lacks one of the statement's values", async () => {
    const build = (v: SqlValues<EchoValues>) => echo(v, false);
    await shapedRows(database.db, `test_missing_${engine}`, build, { word: "a", count: 1, flag: null });
    await expect(
      shapedRows(database.db, `test_missing_${engine}`, build, { word: "a", count: 1 } as unknown as EchoValues),
    ).rejects.toThrow(/no value for flag/);
  });
});
