/**
 * bench/analytics: over the database `npm run seed:usage` filled, how fast the admin's 90-day
 * analytics call answers through the real app (p50/p95 of sequential calls, all companies and
 * one company), and what the quota admission adds to a turn: the admission run as a statement
 * of its own, minus a bare round trip, bounds what its CTEs add inside the turn's statement.
 *
 *   npm run seed:usage -- --messages 1000000 && npm run bench:analytics [-- --database-url …]
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/connect.js";
import { createRuntime } from "../../server/runtime/create-runtime.js";
import { admitTurn, releaseAdmission } from "../../server/usage/queries.js";
import { BENCH_DATABASE, BENCH_OWNER } from "../../scripts/seed-usage-target.js";

/** node-postgres answers `execute` with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const CALLS = 100;
const ADMISSIONS = 500;

const { values } = parseArgs({ options: { "database-url": { type: "string" } } });

function benchUrl(): string {
  if (values["database-url"]) return values["database-url"];
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main(): Promise<void> {
  const database = await openDatabase({ url: benchUrl() });
  const config = loadConfig({
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    DATA_DIR: "/tmp/agentdesk-bench-unused",
    LOG_LEVEL: "silent",
  });
  const runtime = await createRuntime(config, { database });
  const { app } = runtime;
  const base = await app.listen({ port: 0, host: "127.0.0.1" });

  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_OWNER),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!login.ok) throw new Error(`owner sign-in failed (${login.status}): was the database seeded?`);

  const counts = rowsOf(
    await database.db.execute(sql`select (select count(*) from messages)::int as messages,
      (select count(*) from usage_daily where day >= current_date - 89)::int as rollups_90_days,
      (select min(id::text) from companies where key like 'company %') as company_id`),
  )[0] as { messages: number; rollups_90_days: number; company_id: string };
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);

  async function timeCalls(url: string): Promise<number[]> {
    const samples: number[] = [];
    for (let i = 0; i < CALLS + 5; i++) {
      const start = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      if (i >= 5) samples.push(performance.now() - start);
    }
    return samples;
  }
  const all = await timeCalls(`${base}/api/admin/analytics?from=${from}&to=${to}`);
  const one = await timeCalls(`${base}/api/admin/analytics?from=${from}&to=${to}&companyId=${counts.company_id}`);

  // Admission with every quota set (large, so each is admitted): the month sums run too.
  const [member] = rowsOf(
    await database.db.execute(sql`select u.id from users u where u.company_id = ${counts.company_id} limit 1`),
  ) as { id: string }[];
  await database.db.execute(
    sql`update companies set messages_per_day = 10000000, tokens_per_month = 100000000000, voice_minutes_per_month = 10000000 where id = ${counts.company_id}`,
  );
  const admissions: number[] = [];
  const roundTrips: number[] = [];
  for (let i = 0; i < ADMISSIONS + 20; i++) {
    const now = new Date();
    let start = performance.now();
    const admission = await admitTurn(database.db, { userId: member.id, now, kind: sql`'text'` });
    const admitted = performance.now() - start;
    if (!admission?.admitted) throw new Error("the bench admission was refused");
    await releaseAdmission(database.db, admission.companyId, now);
    start = performance.now();
    await database.db.execute(sql`select 1`);
    const bare = performance.now() - start;
    if (i >= 20) {
      admissions.push(admitted);
      roundTrips.push(bare);
    }
  }
  await database.db.execute(
    sql`update companies set messages_per_day = null, tokens_per_month = null, voice_minutes_per_month = null where id = ${counts.company_id}`,
  );

  console.log(
    `Database: ${counts.messages.toLocaleString()} messages; ${counts.rollups_90_days.toLocaleString()} roll-up rows in the 90 days`,
  );
  console.log(
    `Load average at the end: ${(await import("node:os"))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")}`,
  );
  console.log(
    `GET /api/admin/analytics, 90 days, all companies (${CALLS} calls): p50 ${ms(percentile(all, 0.5))}, p95 ${ms(percentile(all, 0.95))}`,
  );
  console.log(
    `GET /api/admin/analytics, 90 days, one company   (${CALLS} calls): p50 ${ms(percentile(one, 0.5))}, p95 ${ms(percentile(one, 0.95))}`,
  );
  const added = admissions.map((a, i) => a - roundTrips[i]);
  console.log(
    `Quota admission as its own statement (${ADMISSIONS}): p50 ${ms(percentile(admissions, 0.5))}, p95 ${ms(percentile(admissions, 0.95))}; ` +
      `bare round trip p50 ${ms(percentile(roundTrips, 0.5))}; added per turn p50 ${ms(percentile(added, 0.5))}, p95 ${ms(percentile(added, 0.95))}`,
  );

  await runtime.close();
  await database.close();
}

await main();
