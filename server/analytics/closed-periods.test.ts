import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { rowsOf } from "../usage/usage-test-support.js";
import { aggregateClosedPeriods } from "./closed-read.js";
import { aggregateDailyRows, type AggregateRow, type AnalyticsFilter } from "./queries.js";

const AGENT_A = "00000000-0000-4000-8000-00000000000a";
const AGENT_B = "00000000-0000-4000-8000-00000000000b";
const DAY_MS = 86_400_000;

const keyOf = (r: AggregateRow) => [r.grouping, r.day, r.companyId, r.userId, r.agentId].join("|");
const sorted = (rows: AggregateRow[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

describeEachEngine("analytics over closed periods", (engine) => {
  let t: TestApp;
  let ann: MadeUser;
  let ben: MadeUser;
  let cid: MadeUser;
  let today: string;
  const companyOfUser = new Map<string, string>();

  /** The database's UTC date `offset` days from today (the closed periods follow its clock, not the app's). */
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

  async function addUsage(user: MadeUser, on: string, agentId: string, kind: "text" | "voice", messages: number) {
    await t.deps.db.db.execute(sql`
      insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages,
        web_messages, prompt_tokens, completion_tokens, call_seconds, failed_replies, tool_calls, ft_le_400)
      values (${on}::date, ${companyOfUser.get(user.id)}, ${user.id}, ${agentId}, ${kind}, ${`Agent ${agentId.slice(-1)}`},
        1, ${messages}, 1, ${messages * 100}, ${messages * 30}, ${kind === "voice" ? 42 : 0}, 1, 2, ${messages})
      on conflict (day, company_id, user_id, agent_id, kind) do update set
        messages = usage_daily.messages + excluded.messages, call_seconds = usage_daily.call_seconds + excluded.call_seconds`);
  }

  /** The closed read, its rows compared with the daily rows' read and its totals with a plain sum. */
  async function expectSameAsDaily(f: AnalyticsFilter): Promise<AggregateRow[]> {
    const closed = await aggregateClosedPeriods(t.deps.db.db, f);
    const daily = await aggregateDailyRows(t.deps.db.db, f);
    expect(closed).not.toBeNull();
    expect(sorted(closed ?? [])).toEqual(sorted(daily));
    const [plain] = await rowsOf<{ messages: number; users: number }>(
      t,
      sql`select coalesce(sum(messages), 0)::int as messages, count(distinct user_id)::int as users from usage_daily
        where day between ${f.from}::date and ${f.to}::date ${f.companyId ? sql`and company_id = ${f.companyId}` : sql``}`,
    );
    const total = closed?.find((r) => r.grouping === "total");
    expect([total?.messages, total?.activeUsers]).toEqual([plain.messages, plain.users]);
    return closed ?? [];
  }

  const closedPeriods = async () =>
    (await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from usage_closed_periods`))[0].n;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ann = await makeUser(t, { companyName: "Closed North", fullName: "Ann Closed" });
    ben = await makeUser(t, { companyName: "Closed North", fullName: "Ben Closed" });
    cid = await makeUser(t, { companyName: "Closed South", fullName: "Cid Closed" });
    for (const user of [ann, ben, cid]) {
      const [row] = await rowsOf<{ company_id: string }>(t, sql`select company_id from users where id = ${user.id}`);
      companyOfUser.set(user.id, row.company_id);
    }
    [{ today }] = await rowsOf<{ today: string }>(t, sql`select ((now() at time zone 'UTC')::date)::text as today`);
    // Every third day for 100 days back, today and yesterday included, two agents, both kinds.
    for (let offset = 0; offset >= -100; offset -= 3) {
      await addUsage(ann, day(offset), AGENT_A, "text", 3);
      await addUsage(ben, day(offset - 1), AGENT_B, offset % 2 ? "voice" : "text", 2);
      await addUsage(cid, day(offset), AGENT_A, "voice", 1);
    }
    await addUsage(ann, day(-1), AGENT_B, "text", 5);
  });
  afterAll(() => t.close());

  it("answers a 90-day range, a range starting mid-month and one company exactly as the daily rows do", async () => {
    const midMonth = `${day(-75).slice(0, 8)}15`;
    await expectSameAsDaily({ from: day(-89), to: day(0) });
    expect(await closedPeriods()).toBeGreaterThan(80);
    await expectSameAsDaily({ from: midMonth, to: day(0) });
    await expectSameAsDaily({ from: midMonth, to: day(-20) });
    await expectSameAsDaily({ from: day(-89), to: day(0), companyId: companyOfUser.get(ann.id) });
    await expectSameAsDaily({ from: day(-1), to: day(0) });
  });

  it("follows what is written after a first read: today's turns, a late change to a closed day, a new user's row and a deletion", async () => {
    const range = { from: day(-89), to: day(0) };
    const before = await expectSameAsDaily(range);
    await addUsage(ann, day(0), AGENT_A, "text", 7);
    await addUsage(cid, day(-40), AGENT_A, "voice", 4);
    await addUsage(ben, day(-61), AGENT_A, "text", 6);
    await t.deps.db.db.execute(sql`delete from usage_daily where user_id = ${cid.id} and day = ${day(-30)}::date`);
    const after = await expectSameAsDaily(range);
    const totalOf = (rows: AggregateRow[]) => rows.find((r) => r.grouping === "total")?.messages ?? 0;
    expect(totalOf(after)).toBe(totalOf(before) + 7 + 4 + 6 - 1);
    await expectSameAsDaily({ ...range, companyId: companyOfUser.get(cid.id) });
  });

  it("keeps nothing for today or yesterday, whose rows still change", async () => {
    await expectSameAsDaily({ from: day(-5), to: day(0) });
    const open = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from usage_closed_periods where start >= ${day(-1)}::date`,
    );
    expect(open[0].n).toBe(0);
  });
});
