import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { SEARCH_LIMIT, searchConversationsOfUser } from "./search-queries.js";

/** More conversations than the window of newest ones read first, so both plans answer. */
const COUNT = 420;

/** Words by position, so each is in a known share of the conversations (i = 1 is the newest). */
const CONTENT = sql`'about topic' || i
  || case when i % 2 = 0 then ' Everyday' else '' end
  || case when i % 25 = 0 then ' Seldom_Word' else '' end
  || case when i = 400 then ' 東京の会議' else '' end`;

describeEachEngine("conversation search over many conversations", (engine) => {
  let t: TestApp;
  let alice: MadeUser;
  let bob: MadeUser;
  /** Alice's conversation ids, newest first (the order search answers in). */
  const newestFirst: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    alice = await makeUser(t);
    bob = await makeUser(t);
    const db = t.deps.db.db;
    for (const user of [alice, bob]) {
      await db.execute(sql`insert into conversations (user_id, agent_name, title, updated_at)
        select ${user.id}, 'Agent', 'Conversation ' || i, now() - make_interval(mins => i)
        from generate_series(1, ${COUNT}) as i`);
      await db.execute(sql`insert into messages (conversation_id, role, content, created_at)
        select c.id, 'user', 'first words', c.updated_at from conversations c where c.user_id = ${user.id}`);
      await db.execute(sql`insert into messages (conversation_id, role, content, created_at)
        select c.id, 'assistant', ${CONTENT}, c.updated_at + interval '1 second'
        from conversations c, cast(substring(c.title from 14) as integer) as i where c.user_id = ${user.id}`);
    }
    const rows = (await db.execute(
      sql`select id from conversations where user_id = ${alice.id} order by updated_at desc`,
    )) as unknown as { rows: { id: string }[] };
    newestFirst.push(...rows.rows.map((row) => row.id));
  });
  afterAll(() => t.close());

  const search = async (words: string[]) =>
    (await searchConversationsOfUser(t.deps.db.db, { userId: alice.id, kind: "text", words })).map(
      (row) => row.conversation.id,
    );
  const expected = (holds: (i: number) => boolean) =>
    newestFirst.filter((_, index) => holds(index + 1)).slice(0, SEARCH_LIMIT);

  it("answers a common word with the first page of matches, newest first", async () => {
    expect(await search(["everyday"])).toEqual(expected((i) => i % 2 === 0));
  });

  it("answers a word past the newest conversations from the indexes, in the same order", async () => {
    expect(await search(["seldom_word"])).toEqual(expected((i) => i % 25 === 0));
    expect(await search(["topic399"])).toEqual(expected((i) => i === 399));
    expect(await search(["会議"])).toEqual(expected((i) => i === 400));
    expect(await search(["nowhere-to-be-found"])).toEqual([]);
  });

  it("leaves out deleted conversations and puts pinned ones first on both plans", async () => {
    const deleted = newestFirst[24]!; // conversation 25, holds seldom_word
    const pinned = newestFirst[349]!; // conversation 350, holds seldom_word and everyday
    await t.deps.db.db.execute(sql`update conversations set deleted_at = now() where id = ${deleted}`);
    await t.deps.db.db.execute(sql`update conversations set pinned = true where id = ${pinned}`);
    try {
      const seldom = await search(["seldom_word"]);
      expect(seldom[0]).toBe(pinned);
      expect(seldom).not.toContain(deleted);
      expect(seldom).toHaveLength(Math.floor(COUNT / 25) - 1);
      const everyday = await search(["everyday"]);
      expect(everyday[0]).toBe(pinned);
      expect(everyday.slice(1)).toEqual(expected((i) => i % 2 === 0 && i !== 350).slice(0, SEARCH_LIMIT - 1));
    } finally {
      await t.deps.db.db.execute(
        sql`update conversations set deleted_at = null, pinned = false where id in (${deleted}, ${pinned})`,
      );
    }
  });

  it("returns the earliest message holding every word", async () => {
    const [row] = await searchConversationsOfUser(t.deps.db.db, {
      userId: alice.id,
      kind: "text",
      words: ["topic377", "about"],
    });
    expect(row?.matchedMessage).toBe("about topic377");
    const [titled] = await searchConversationsOfUser(t.deps.db.db, {
      userId: alice.id,
      kind: "text",
      words: ["conversation 376"],
    });
    expect(titled?.matchedMessage).toBeNull();
  });
});
