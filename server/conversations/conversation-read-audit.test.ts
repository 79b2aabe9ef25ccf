/**
 * Reading another user's conversation is audited once per admin per viewing (decision 106):
 * the detail page refetches its messages on every live update, and those refetches must not
 * each leave a row. Other audited actions still leave one row each.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CompanyEntry } from "../../contracts/admin.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { auditRows, insertConversation } from "../test-support/inserted-records.js";
import { CONVERSATION_READ_WINDOW_MS } from "./all-conversations.js";

describeEachEngine("auditing an admin's reading of a conversation", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let secondAdmin: MadeUser;
  let alice: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t, { companyName: "Admin House" });
    secondAdmin = await makeUser(t, { admin: true, companyName: "Admin House" });
    alice = await makeUser(t, { admin: false, companyName: "Acme Corp" });
  });
  afterAll(() => t.close());

  const read = async (who: MadeUser, url: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(200);
  };
  const readsOf = async (conversationId: string) =>
    (await auditRows(t.deps.db.db, "conversation.read"))
      .filter((row) => row.targetId === conversationId)
      .sort((a, b) => a.id - b.id);

  it("the window is ten minutes, so the clock moves past it below", () => {
    expect(CONVERSATION_READ_WINDOW_MS).toBe(10 * 60_000);
  });

  it("records one row for four reads in a row, one for a second admin, and a new one 11 minutes later", async () => {
    const id = await insertConversation(t.deps.db.db, { userId: alice.id });
    const url = `/api/admin/conversation/${id}/messages`;
    for (let i = 0; i < 4; i++) await read(admin, url);
    expect((await readsOf(id)).map((r) => r.actorId)).toEqual([admin.id]);

    await read(secondAdmin, url);
    await read(secondAdmin, url);
    expect((await readsOf(id)).map((r) => r.actorId)).toEqual([admin.id, secondAdmin.id]);

    t.clock.advance(9 * 60_000);
    await read(admin, url);
    expect(await readsOf(id)).toHaveLength(2);

    // Eleven minutes after the first read, but only two after the last: the window runs from
    // the recorded row, so a reading that never stops is one row every ten minutes.
    t.clock.advance(2 * 60_000);
    await read(admin, url);
    const rows = await readsOf(id);
    expect(rows.map((r) => r.actorId)).toEqual([admin.id, secondAdmin.id, admin.id]);
    expect(rows[2]).toMatchObject({
      actorEmail: admin.email,
      targetType: "conversation",
      detail: { kind: "text", ownerEmail: alice.email },
    });
    expect(rows[2].createdAt.getTime() - rows[0].createdAt.getTime()).toBe(11 * 60_000);
  });

  it("does the same for a voice conversation's messages", async () => {
    const id = await insertConversation(t.deps.db.db, { userId: alice.id, kind: "voice", durationSeconds: 12 });
    const url = `/api/admin/voice-conversations/${id}/messages`;
    for (let i = 0; i < 4; i++) await read(admin, url);
    expect((await readsOf(id)).map((r) => r.actorId)).toEqual([admin.id]);

    await read(secondAdmin, url);
    expect((await readsOf(id)).map((r) => r.actorId)).toEqual([admin.id, secondAdmin.id]);

    t.clock.advance(11 * 60_000);
    await read(admin, url);
    const rows = await readsOf(id);
    expect(rows.map((r) => r.actorId)).toEqual([admin.id, secondAdmin.id, admin.id]);
    expect(rows[2].detail).toEqual({ kind: "voice", ownerEmail: alice.email });
  });

  it("counts a read of one conversation apart from a read of another", async () => {
    const first = await insertConversation(t.deps.db.db, { userId: alice.id });
    const second = await insertConversation(t.deps.db.db, { userId: alice.id });
    await read(admin, `/api/admin/conversation/${first}/messages`);
    await read(admin, `/api/admin/conversation/${second}/messages`);
    await read(admin, `/api/admin/conversation/${first}/messages`);
    expect(await readsOf(first)).toHaveLength(1);
    expect(await readsOf(second)).toHaveLength(1);
  });

  it("still records every change an admin makes, however close together", async () => {
    const companies = await t.app.inject({
      method: "GET",
      url: "/api/admin/companies",
      headers: { cookie: admin.cookie },
    });
    const acme = companies.json<CompanyEntry[]>().find((c) => c.companyName === "Acme Corp");
    if (!acme) throw new Error("Acme Corp is missing from the companies list");
    for (const agentLimit of [5, 6, 7]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/companies/${acme.id}`,
        headers: { cookie: admin.cookie },
        payload: { agentLimit },
      });
      expect(res.statusCode).toBe(200);
    }
    const changes = (await auditRows(t.deps.db.db, "company.agent_limit")).filter((r) => r.targetId === acme.id);
    expect(changes.map((r) => r.detail?.to)).toEqual([5, 6, 7]);
  });
});
