import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createManualClock } from "../clock.js";
import { conversationsOf, fakeLlm, makeAgent, messagesOf, postChat } from "../chat/chat-test-support.js";
import { halfWrittenConversations, unansweredMessages } from "../faults/conversation-invariants.js";
import { makeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

const TEST_START = Date.parse("2026-06-01T09:00:00Z");

describeEachEngine("unfinished turns", (engine) => {
  let fake: FakeOpenAi;
  let first: TestApp;
  const restarts: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    first = await startTestApp(engine, { keepDatabase: true, overrides: { llm: fakeLlm(fake) } });
  });
  afterAll(async () => {
    await restarts.at(-1)?.close();
    // The first app owns the database: closing it drops it.
    await first?.close();
    await fake?.close();
  });

  /** The app started again on the same database, its clock `minutes` after the turn. */
  async function restartAt(minutes: number): Promise<TestApp> {
    // Stopped, as a process would be; the first app's database stays open for the next.
    const previous = restarts.at(-1);
    await (previous ? previous.close() : first.app.close());
    const clock = createManualClock(new Date(TEST_START + minutes * 60_000));
    const next = await startTestApp(engine, {
      database: first.deps.db,
      keepDatabase: true,
      clock,
      overrides: { llm: fakeLlm(fake) },
    });
    restarts.push(next);
    return next;
  }

  it("gives a turn whose reply was never stored a failed reply once the turn is surely dead, so the transcript reads true", async () => {
    const user = await makeUser(first);
    const agentId = await makeAgent(first, user);
    // The reply's write fails, as when the database goes away or the process dies mid-turn.
    const db = first.deps.db.db;
    await db.execute(sql`create function lose_replies() returns trigger language plpgsql as $$
      begin raise exception 'the reply was lost'; end $$`);
    await db.execute(sql`create trigger lose_replies before insert on messages
      for each row when (new.role = 'assistant') execute function lose_replies()`);
    const res = await postChat(first, user, agentId, { message: "Will this be answered?" });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    await db.execute(sql`drop trigger lose_replies on messages`);
    await db.execute(sql`drop function lose_replies()`);
    const [conversation] = await conversationsOf(first, user);
    expect(await unansweredMessages(first.deps.db.db)).toHaveLength(1);

    // A minute later the turn might still be another instance's (PostgreSQL); embedded PGlite
    // is one process, so at start-up nothing before it can still be running.
    const soon = await restartAt(1);
    const soonAfter = await messagesOf(soon, user, conversation!.id);
    expect(soonAfter.map((m) => m.role)).toEqual(engine === "pglite" ? ["user", "assistant"] : ["user"]);

    const later = await restartAt(1 + soon.config.UNFINISHED_TURN_AFTER_MS / 60_000);
    const transcript = await messagesOf(later, user, conversation!.id);
    expect(transcript.map((m) => [m.role, m.content, m.status])).toEqual([
      ["user", "Will this be answered?", "complete"],
      ["assistant", "", "failed"],
    ]);
    expect(await unansweredMessages(later.deps.db.db)).toEqual([]);
    expect(await halfWrittenConversations(later.deps.db.db)).toEqual([]);
    // Sweeping again marks nothing twice.
    const again = await restartAt(60);
    expect(await messagesOf(again, user, conversation!.id)).toHaveLength(2);
  });
});
