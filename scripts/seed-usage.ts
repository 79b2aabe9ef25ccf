/**
 * Fills a PostgreSQL database with a year of realistic usage, for bench/analytics:
 *
 *   npm run seed:usage -- --messages 1000000 [--database-url postgres://…] [--days 365]
 *
 * Without --database-url it (re)creates the database `agentdesk_usage_bench` on the server of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). 40 companies of 10
 * users with 3 agents each; conversations of 5 turns (10 messages), 15 % of them voice; use
 * grows over the year and dips at weekends; 2 % of replies fail, 0.3 % of turns trip the lock.
 * Records, daily roll-ups and the quota ledger are written as the app writes them, the
 * roll-ups by one aggregation instead of one upsert per turn. The owner signs in as
 * owner@usage.bench / bench-password.
 */
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../server/db/connect.js";
import { FIRST_TOKEN_BOUNDS_MS, FIRST_TOKEN_COLUMN_NAMES } from "../server/db/first-token-buckets.js";
import { BENCH_DATABASE, BENCH_OWNER } from "./seed-usage-target.js";

/** node-postgres answers `execute` with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const COMPANIES = 40;
const USERS_PER_COMPANY = 10;
const AGENTS_PER_USER = 3;
const TURNS_PER_CONVERSATION = 5;
const CONVERSATIONS_PER_STATEMENT = 10_000;

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "1000000" },
    days: { type: "string", default: "365" },
    "database-url": { type: "string" },
  },
});

async function targetUrl(): Promise<string> {
  if (values["database-url"]) return values["database-url"];
  const server = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  server.pathname = `/${BENCH_DATABASE}`;
  return server.toString();
}

async function main(): Promise<void> {
  const messages = Number(values.messages);
  const days = Number(values.days);
  const conversations = Math.max(1, Math.round(messages / (2 * TURNS_PER_CONVERSATION)));
  const url = await targetUrl();
  const database = await openDatabase({ url });
  const db = database.db;
  const started = performance.now();
  const log = (what: string) =>
    console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);

  const passwordHash = await hash(BENCH_OWNER.password);
  await db.execute(sql`
    insert into users (email, password_hash, full_name, first_name, company_name, phone_number, address, is_admin, approval_status, created_at)
    values (${BENCH_OWNER.email}, ${passwordHash}, 'Bench Owner', 'Bench', 'Bench Administration', '-', '-', true, 'approved', now() - interval '400 days')
    on conflict (email) do nothing`);
  await db.execute(sql`
    insert into users (email, password_hash, full_name, first_name, company_name, phone_number, address, approval_status, created_at)
    select 'user' || u || '@company' || c || '.bench', ${passwordHash}, 'User ' || u || ' of Company ' || c, 'User',
           'Company ' || c, '+1 555 0100', '1 Bench Street', 'approved', now() - interval '390 days'
    from generate_series(1, ${COMPANIES}) c, generate_series(1, ${USERS_PER_COMPANY}) u
    on conflict (email) do nothing`);
  await db.execute(sql`
    insert into agents (user_id, name, gender, role, created_at, updated_at)
    select u.id, 'Agent ' || n || ' of ' || u.full_name, 'female', 'Assistant', u.created_at, u.created_at
    from users u, generate_series(1, ${AGENTS_PER_USER}) n where u.email like '%.bench' and not u.is_admin`);
  log(
    `${COMPANIES} companies, ${COMPANIES * USERS_PER_COMPANY} users, ${COMPANIES * USERS_PER_COMPANY * AGENTS_PER_USER} agents`,
  );

  await db.execute(sql`create temporary table seed_agents as
    select row_number() over (order by a.id)::int as rn, a.id, a.user_id, a.name, u.company_id
    from agents a join users u on u.id = a.user_id where u.email like '%.bench'`);
  const [{ n: agentCount }] = rowsOf(await db.execute(sql`select count(*)::int as n from seed_agents`)) as {
    n: number;
  }[];

  for (let done = 0; done < conversations; done += CONVERSATIONS_PER_STATEMENT) {
    const batch = Math.min(CONVERSATIONS_PER_STATEMENT, conversations - done);
    await seedConversations(db, batch, agentCount, days);
    if (done % (CONVERSATIONS_PER_STATEMENT * 10) === 0 || done + batch >= conversations) {
      log(
        `${done + batch} of ${conversations} conversations (${(done + batch) * TURNS_PER_CONVERSATION * 2} messages)`,
      );
    }
  }

  const buckets = FIRST_TOKEN_COLUMN_NAMES.map((name, i) => {
    const lower = i === 0 ? -1 : FIRST_TOKEN_BOUNDS_MS[i - 1];
    const upper = FIRST_TOKEN_BOUNDS_MS[i] ?? 2_147_483_647;
    return sql`count(*) filter (where r.first_token_ms > ${lower} and r.first_token_ms <= ${upper})::int as ${sql.identifier(name)}`;
  });
  await db.execute(sql`
    insert into usage_daily (day, company_id, user_id, agent_id, kind, agent_name, conversations, messages, prompt_tokens,
      completion_tokens, voice_seconds, failed_replies, security_locks, ${sql.join(
        FIRST_TOKEN_COLUMN_NAMES.map((n) => sql.identifier(n)),
        sql`, `,
      )})
    select (r.created_at at time zone 'UTC')::date, r.company_id, r.user_id, r.agent_id, r.kind, max(r.agent_name),
      count(*) filter (where r.started_conversation)::int, count(*)::int, sum(r.prompt_tokens), sum(r.completion_tokens),
      sum(r.voice_seconds_heard + r.voice_seconds_spoken), count(*) filter (where r.outcome = 'failed')::int,
      count(*) filter (where r.outcome = 'blocked')::int, ${sql.join(buckets, sql`, `)}
    from usage_records r group by 1, 2, 3, 4, 5
    on conflict do nothing`);
  await db.execute(sql`
    insert into company_usage (company_id, day, messages, tokens, voice_seconds)
    select company_id, day, sum(messages), sum(prompt_tokens + completion_tokens), sum(voice_seconds)
    from usage_daily group by 1, 2
    on conflict (company_id, day) do update set messages = excluded.messages, tokens = excluded.tokens,
      voice_seconds = excluded.voice_seconds`);
  // The closed periods' sums, as the first analytics read would fill them (decision 155).
  await db.execute(sql`select usage_fill_closed_periods(min(day), max(day)) from usage_daily having count(*) > 0`);
  await db.execute(sql`analyze`);
  const counts = rowsOf(
    await db.execute(sql`select (select count(*) from messages)::int as messages,
      (select count(*) from usage_records)::int as records, (select count(*) from usage_daily)::int as rollups`),
  )[0];
  log(`roll-ups written: ${JSON.stringify(counts)}`);
  console.log(`Seeded ${url.replace(/\/\/[^@]*@/, "//")}`);
  await database.close();
}

/**
 * `batch` conversations with their messages and usage records, in three statements. A
 * conversation's day is drawn so that use grows through the year (recent days are likelier)
 * and weekends see a third of a weekday's.
 */
async function seedConversations(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  batch: number,
  agentCount: number,
  days: number,
) {
  await db.execute(
    sql`create temporary table if not exists seed_batch (id uuid, agent_rn int, kind text, started timestamptz)`,
  );
  await db.execute(sql`truncate seed_batch`);
  await db.execute(sql`
    insert into seed_batch
    select gen_random_uuid(), 1 + floor(random() * ${agentCount})::int, case when random() < 0.15 then 'voice' else 'text' end,
           day + interval '8 hours' + random() * interval '10 hours'
    from (
      select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - floor((1 - sqrt(random())) * ${days}) * interval '1 day' as day
      from generate_series(1, ${Math.ceil(batch * 1.3)})
    ) d
    where extract(isodow from day) < 6 or random() < 0.35
    limit ${batch}`);
  await db.execute(sql`
    insert into conversations (id, user_id, agent_id, agent_name, kind, title, message_count, created_at, updated_at)
    select b.id, a.user_id, a.id, a.name, b.kind, 'Seeded conversation', ${TURNS_PER_CONVERSATION * 2}, b.started,
           b.started + interval '${sql.raw(String(TURNS_PER_CONVERSATION * 2))} minutes'
    from seed_batch b join seed_agents a on a.rn = b.agent_rn`);
  await db.execute(sql`
    insert into messages (conversation_id, role, content, status, offline, language, created_at)
    select b.id, case when m % 2 = 0 then 'user' else 'assistant' end,
           case when m % 2 = 0 then 'What does the yearly plan cost for a team of twelve?'
                else 'For twelve seats the yearly plan comes to 1,440 dollars, billed once a year.' end,
           'complete', false, 'en-US', b.started + m * interval '1 minute'
    from seed_batch b, generate_series(0, ${TURNS_PER_CONVERSATION * 2 - 1}) m`);
  // random() in a subquery's select list is drawn per row (a lateral subquery may be memoized).
  await db.execute(sql`
    insert into usage_records (company_id, user_id, agent_id, agent_name, conversation_id, kind, provider, model,
      prompt_tokens, completion_tokens, tokens_estimated, first_token_ms, total_ms, outcome, started_conversation,
      voice_seconds_heard, voice_seconds_spoken, language, created_at)
    select company_id, user_id, agent_id, agent_name, id, kind, 'openai-compatible', 'gpt-4o-mini',
      120 + t * 180 + floor(random() * 60)::int, 40 + floor(random() * 260)::int, false,
      case when outcome = 'blocked' then null else 180 + floor(random() * random() * 2500)::int end,
      900 + floor(random() * 6000)::int, outcome, t = 0,
      case when kind = 'voice' then 2 + random() * 8 else 0 end,
      case when kind = 'voice' and outcome <> 'blocked' then 4 + random() * 16 else 0 end,
      'en-US', started + (2 * t) * interval '1 minute'
    from (
      select b.id, b.kind, b.started, a.company_id, a.user_id, a.id as agent_id, a.name as agent_name, t,
        case when roll < 0.02 then 'failed' when roll < 0.023 then 'blocked' else 'complete' end as outcome
      from (select b.*, t, random() as roll from seed_batch b, generate_series(0, ${TURNS_PER_CONVERSATION - 1}) t) b
      join seed_agents a on a.rn = b.agent_rn
    ) turns`);
}

await main();
