import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationSearchTerms,
  type ConversationSearchResult,
  type ConversationSummary,
} from "../../contracts/chat.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { conversationsOf, makeAgent, messagesOf, postChat } from "./chat-test-support.js";

describeEachEngine("a person's own conversations: rename, pin, delete with undo, search", (engine) => {
  let t: TestApp;
  let alice: MadeUser;
  let bob: MadeUser;
  let admin: MadeUser;
  let agentId: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    alice = await makeUser(t);
    bob = await makeUser(t);
    admin = await makeUser(t, { admin: true });
    agentId = await makeAgent(t, alice);
  });
  afterAll(() => t.close());

  async function startConversation(message: string): Promise<string> {
    const res = await postChat(t, alice, agentId, { message, conversationId: null });
    expect(res.statusCode).toBe(200);
    return res.json().conversationId as string;
  }

  function send(user: MadeUser, method: "GET" | "PATCH" | "DELETE" | "POST", url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  }

  const ids = (list: ConversationSummary[]) => list.map((c) => c.id);

  it("renames a conversation with the title trimmed, and the list shows the new title", async () => {
    const id = await startConversation("Quarterly numbers please");
    const res = await send(alice, "PATCH", `/api/conversations/${id}`, { title: "  Q3 review  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, title: "Q3 review", pinned: false });
    expect((await conversationsOf(t, alice)).find((c) => c.id === id)?.title).toBe("Q3 review");
  });

  it("refuses an empty, blank, too long or unknown-field rename with 400 and keeps the title", async () => {
    const id = await startConversation("Keep this title");
    for (const payload of [{}, { title: "   " }, { title: "x".repeat(121) }, { title: 5 }, { title: "Ok", extra: 1 }]) {
      const res = await send(alice, "PATCH", `/api/conversations/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await conversationsOf(t, alice)).find((c) => c.id === id)?.title).toBe("Keep this title");
  });

  it("answers 404 to another user renaming, pinning, deleting or restoring someone's conversation", async () => {
    const id = await startConversation("Mine alone");
    expect((await send(bob, "PATCH", `/api/conversations/${id}`, { title: "Stolen" })).statusCode).toBe(404);
    expect((await send(bob, "PATCH", `/api/conversations/${id}`, { pinned: true })).statusCode).toBe(404);
    expect((await send(bob, "DELETE", `/api/conversations/${id}`)).statusCode).toBe(404);
    expect((await send(bob, "POST", `/api/conversations/${id}/restore`)).statusCode).toBe(404);
    expect((await send(alice, "PATCH", "/api/conversations/not-a-uuid", { title: "x" })).statusCode).toBe(404);
    const mine = (await conversationsOf(t, alice)).find((c) => c.id === id);
    expect(mine).toMatchObject({ title: "Mine alone", pinned: false });
  });

  it("puts pinned conversations first, newest first among them, and unpinning returns one to its place", async () => {
    const older = await startConversation("Older one");
    t.clock.advance(1000);
    const newer = await startConversation("Newer one");
    expect((await send(alice, "PATCH", `/api/conversations/${older}`, { pinned: true })).json().pinned).toBe(true);
    const pinnedFirst = await conversationsOf(t, alice);
    expect(pinnedFirst[0]?.id).toBe(older);
    expect(ids(pinnedFirst).indexOf(newer)).toBe(1);

    await send(alice, "PATCH", `/api/conversations/${older}`, { pinned: false });
    const after = ids(await conversationsOf(t, alice));
    expect(after.indexOf(newer)).toBeLessThan(after.indexOf(older));
  });

  it("hides a deleted conversation from its person's list and brings it back whole on restore", async () => {
    const id = await startConversation("Delete me then undo");
    await send(alice, "PATCH", `/api/conversations/${id}`, { pinned: true });
    const messagesBefore = await messagesOf(t, alice, id);

    expect((await send(alice, "DELETE", `/api/conversations/${id}`)).statusCode).toBe(204);
    expect(ids(await conversationsOf(t, alice))).not.toContain(id);
    // A deleted conversation cannot be renamed until it is restored.
    expect((await send(alice, "PATCH", `/api/conversations/${id}`, { title: "Hidden" })).statusCode).toBe(404);
    // Nor read by a direct link.
    expect((await send(alice, "GET", `/api/conversations/${id}/messages`)).statusCode).toBe(404);

    const restored = await send(alice, "POST", `/api/conversations/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, title: "Delete me then undo", pinned: true, messageCount: 2 });
    expect((await conversationsOf(t, alice))[0]?.id).toBe(id);
    expect(await messagesOf(t, alice, id)).toEqual(messagesBefore);
  });

  it("refuses a message to a deleted conversation with 404, as to a missing one, and stores nothing", async () => {
    const id = await startConversation("Soon deleted");
    const before = await messagesOf(t, alice, id);
    expect((await send(alice, "DELETE", `/api/conversations/${id}`)).statusCode).toBe(204);

    const res = await postChat(t, alice, agentId, { message: "Still there?", conversationId: id });
    expect(res.statusCode).toBe(404);
    expect((await send(alice, "POST", `/api/conversations/${id}/restore`)).statusCode).toBe(200);
    expect(await messagesOf(t, alice, id)).toEqual(before);
  });

  it("still shows a deleted conversation and its messages to an admin", async () => {
    const id = await startConversation("Admins still read this");
    await send(alice, "DELETE", `/api/conversations/${id}`);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/conversations",
      headers: { cookie: admin.cookie },
    });
    const listed = (list.json() as { id: string; deletedAt: string | null }[]).find((c) => c.id === id);
    // Labelled "Deleted by user" from this stamp; a live conversation has none.
    expect(listed?.deletedAt).toEqual(expect.any(String));
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.json()).toMatchObject({ id, deletedAt: listed?.deletedAt });
    const live = await startConversation("Not deleted");
    const liveDetail = await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${live}`,
      headers: { cookie: admin.cookie },
    });
    expect(liveDetail.json()).toMatchObject({ id: live, deletedAt: null });
    const messages = await t.app.inject({
      method: "GET",
      url: `/api/admin/conversation/${id}/messages`,
      headers: { cookie: admin.cookie },
    });
    expect(messages.statusCode).toBe(200);
    expect((messages.json() as { content: string }[])[0]?.content).toBe("Admins still read this");
  });

  it("finds conversations by words of their messages or title, by prefix, with the matching stretch", async () => {
    const invoice = await startConversation("Where is the invoice for the Zanzibar shipment?");
    const titled = await startConversation("Something else entirely");
    await send(alice, "PATCH", `/api/conversations/${titled}`, { title: "Zanzibar logistics" });
    const gone = await startConversation("Zanzibar plans I deleted");
    await send(alice, "DELETE", `/api/conversations/${gone}`);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/conversations/search?q=zanzib",
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    const found = res.json() as ConversationSearchResult[];
    expect(ids(found).sort()).toEqual([invoice, titled].sort());
    expect(found.find((c) => c.id === invoice)?.snippet).toContain("Zanzibar shipment");
    expect(found.find((c) => c.id === titled)?.snippet).toBeNull();

    const both = await t.app.inject({
      method: "GET",
      url: `/api/conversations/search?q=${encodeURIComponent("invoice ZANZIBAR")}`,
      headers: { cookie: alice.cookie },
    });
    expect(ids(both.json())).toEqual([invoice]);

    const bobs = await t.app.inject({
      method: "GET",
      url: "/api/conversations/search?q=zanzibar",
      headers: { cookie: bob.cookie },
    });
    expect(bobs.json()).toEqual([]);
  });

  async function search(user: MadeUser, q: string): Promise<ConversationSearchResult[]> {
    const res = await send(user, "GET", `/api/conversations/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ConversationSearchResult[];
  }

  it("finds a word inside a later message, in any case, with the stretch around it", async () => {
    const id = await startConversation("Hello there");
    await postChat(t, alice, agentId, { message: "Also: the QUOKKAWALLABY report is late", conversationId: id });
    const found = await search(alice, "quokkawall");
    expect(ids(found)).toEqual([id]);
    expect(found[0]?.snippet).toContain("QUOKKAWALLABY report");
    expect(await search(bob, "quokkawall")).toEqual([]);
  });

  it("finds a Japanese word inside a sentence written without spaces, and Chinese alike", async () => {
    const japanese = await startConversation("明日の東京会議の議事録をまとめてください");
    const chinese = await startConversation("请帮我整理上海办公室的报销单");
    expect(ids(await search(alice, "会議の議事録"))).toEqual([japanese]);
    expect(ids(await search(alice, "会議"))).toContain(japanese);
    expect(ids(await search(alice, "办公室"))).toEqual([chinese]);
    expect((await search(alice, "議事録"))[0]?.snippet).toContain("東京会議の議事録");
  });

  it("takes % and _ as the characters typed, never as wildcards", async () => {
    const percent = await startConversation("We agreed on 37% off for plan_zeta");
    const other = await startConversation("We agreed on 37 items for planAzeta");
    expect(ids(await search(alice, "37%"))).toEqual([percent]);
    expect(ids(await search(alice, "plan_zeta"))).toEqual([percent]);
    expect(ids(await search(alice, "37% plan_"))).toEqual([percent]);
    expect(ids(await search(alice, "planazeta"))).toEqual([other]);
  });

  it("never finds another person's conversation, even one only they can see by its title", async () => {
    const bobsAgent = await makeAgent(t, bob);
    const res = await postChat(t, bob, bobsAgent, { message: "Bob's secret wombatgram", conversationId: null });
    const bobsId = res.json().conversationId as string;
    await send(bob, "PATCH", `/api/conversations/${bobsId}`, { title: "Wombatgram title" });
    expect(await search(alice, "wombatgram")).toEqual([]);
    expect(ids(await search(bob, "wombatgram"))).toEqual([bobsId]);
  });

  it("treats tsquery syntax in a search as plain words, never as an error", async () => {
    for (const q of ["a & | ! ( ) :* '", "!!!", "   "]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/conversations/search?q=${encodeURIComponent(q)}`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode, q).toBe(200);
    }
  });
});

describe("conversationSearchTerms", () => {
  it("keeps each typed word of any script as written, lowercased, once, and at most eight", () => {
    expect(conversationSearchTerms("Invoice  Zürich 2024! invoice")).toEqual(["invoice", "zürich", "2024!"]);
    expect(conversationSearchTerms("  東京の会議\t50%_off ")).toEqual(["東京の会議", "50%_off"]);
    expect(conversationSearchTerms("   ")).toEqual([]);
    expect(conversationSearchTerms("a b c d e f g h i j")).toHaveLength(8);
  });
});
