/**
 * bench/analytics/compare: on the database `npm run seed:usage` filled, the closed-period read
 * (decision 155) against the daily rows' read, row by row, for several ranges with and without
 * a company; exits 1 on any difference.
 *
 *   npx tsx bench/analytics/compare.ts [-- --database-url …]
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/connect.js";
import { aggregateClosedPeriods } from "../../server/analytics/closed-read.js";
import { aggregateDailyRows, rowsOf, type AggregateRow } from "../../server/analytics/queries.js";
import { BENCH_DATABASE } from "../../scripts/seed-usage-target.js";

const { values } = parseArgs({ options: { "database-url": { type: "string" } } });
const url = new URL(
  values["database-url"] ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
);
if (!values["database-url"]) url.pathname = `/${BENCH_DATABASE}`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const keyOf = (r: AggregateRow) => [r.grouping, r.day, r.companyId, r.userId, r.agentId].join("|");
const sorted = (rows: AggregateRow[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

async function main(): Promise<void> {
  const database = await openDatabase({ url: url.toString() });
  const db = database.db;
  const [company] = rowsOf(await db.execute(sql`select min(id::text) as id from companies where key like 'company %'`));
  const ranges = [
    [day(-89), day(0)],
    [day(-365), day(0)],
    [day(-120), day(-40)],
    [`${day(-60).slice(0, 8)}15`, day(-1)],
    [day(-1), day(0)],
  ];
  let failures = 0;
  for (const [from, to] of ranges) {
    for (const companyId of [undefined, String(company.id)]) {
      const f = { from, to, companyId };
      const closed = await aggregateClosedPeriods(db, f);
      const daily = await aggregateDailyRows(db, f);
      const same = closed !== null && JSON.stringify(sorted(closed)) === JSON.stringify(sorted(daily));
      if (!same) failures++;
      console.log(
        `${from} → ${to} ${companyId ? "one company" : "all companies"}: ${daily.length} rows, ${same ? "same" : "DIFFERENT"}`,
      );
    }
  }
  await database.close();
  process.exit(failures ? 1 : 0);
}

await main();
