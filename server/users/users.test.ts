import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminConversation, type CompanyEntry, type UserDeletionPlan } from "../../contracts/admin.js";
import type { User } from "../../contracts/auth.js";
import { agents, conversations, sessions, users } from "../db/schema.js";
import type { AdminEvent } from "../realtime/event-bus.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, sessionCookie, startTestApp, type TestApp } from "../test-support/test-app.js";
import { auditRows, insertAgent, insertConversation } from "../test-support/inserted-records.js";
import { errorBody } from "../../contracts/errors.js";

describeEachEngine("admin users", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  const events: AdminEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t);
    t.deps.bus.subscribe((e) => events.push(e));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin.cookie) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie } });
  const approve = (id: string, approved: boolean) => post(`/api/admin/users/${id}/approve`, { approved });
  const login = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });

  describe("listing", () => {
    beforeAll(async () => {
      // 130 users in one company, straight into the table: enough to need a second page.
      const now = t.clock.now();
      await t.deps.db.db.insert(users).values(
        Array.from({ length: 130 }, (_, i) => ({
          email: `pager${String(i).padStart(3, "0")}@paging.test`,
          passwordHash: "not-a-real-hash",
          fullName: `Pager ${i}`,
          companyName: "Paging_Co 100%",
          phoneNumber: "1",
          address: "1",
          approvalStatus: i % 10 === 0 ? ("pending" as const) : ("approved" as const),
          createdAt: now,
          updatedAt: now,
        })),
      );
    });

    it("pages past 100 users with the total in X-Total-Count, without overlap, pending first", async () => {
      const first = await get("/api/admin/users?search=paging.test&page=1");
      const second = await get("/api/admin/users?search=paging.test&page=2");
      expect(first.headers["x-total-count"]).toBe("130");
      const a = first.json<User[]>();
      const b = second.json<User[]>();
      expect(a).toHaveLength(100);
      expect(b).toHaveLength(30);
      expect(new Set([...a, ...b].map((u) => u.id)).size).toBe(130);
      expect(a.slice(0, 13).every((u) => u.approvalStatus === "pending")).toBe(true);
      expect(a[13].approvalStatus).toBe("approved");
      expect((await get("/api/admin/users?search=paging.test&page=3")).json()).toEqual([]);
    });

    it("searches email, full name and company name case-insensitively, taking % and _ literally", async () => {
      expect(
        (await get("/api/admin/users?search=PAGER%207"))
          .json<User[]>()
          .map((u) => u.fullName)
          .sort(),
      ).toEqual(
        [
          "Pager 7",
          "Pager 70",
          "Pager 71",
          "Pager 72",
          "Pager 73",
          "Pager 74",
          "Pager 75",
          "Pager 76",
          "Pager 77",
          "Pager 78",
          "Pager 79",
        ].sort(),
      );
      expect(
        (await get(`/api/admin/users?search=${encodeURIComponent(admin.email.toUpperCase())}`)).json(),
      ).toHaveLength(1);
      expect(
        (await get(`/api/admin/users?search=${encodeURIComponent("Paging_Co 100%")}`)).headers["x-total-count"],
      ).toBe("130");
      expect((await get(`/api/admin/users?search=${encodeURIComponent("Paging%Co")}`)).json()).toEqual([]);
      expect((await get("/api/admin/users?search=nobody-has-this")).json()).toEqual([]);
    });

    it("refuses a page below 1 with 400", async () => {
      expect((await get("/api/admin/users?page=0")).statusCode).toBe(400);
    });
  });

  it("answers 'User not found' with 404 for an unknown id and for an id that is not a UUID", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await get(`/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("User not found");
      expect((await approve(id, true)).statusCode).toBe(404);
    }
  });

  it("approves a pending user once, who can then sign in; a second approval is refused with 409", async () => {
    const pending = await makeUser(t, { status: "pending", admin: false });
    expect((await login(pending.email, pending.password)).statusCode).toBe(403);
    const res = await approve(pending.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, approvalStatus: "approved", isApproved: true });
    expect((await approve(pending.id, true)).statusCode).toBe(409);
    expect((await login(pending.email, pending.password)).statusCode).toBe(200);
    expect(events).toContainEqual({ type: "user_approval", approved: true, userEmail: pending.email });
    const [row] = (await auditRows(t.deps.db.db, "user.approve")).filter((r) => r.targetId === pending.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: "user",
      detail: { email: pending.email },
    });
  });

  it("denies a signed-in user, whose sessions end at once; a second denial is refused with 409", async () => {
    const victim = await makeUser(t, { admin: false });
    expect((await get("/api/auth/user", victim.cookie)).statusCode).toBe(200);
    const res = await approve(victim.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().approvalStatus).toBe("denied");
    expect((await get("/api/auth/user", victim.cookie)).statusCode).toBe(401);
    expect(await t.deps.db.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toEqual([]);
    expect((await approve(victim.id, false)).statusCode).toBe(409);
    expect((await login(victim.email, victim.password)).statusCode).toBe(403);
    expect((await auditRows(t.deps.db.db, "user.deny")).some((r) => r.targetId === victim.id)).toBe(true);
    // A denied user can be approved again later.
    expect((await approve(victim.id, true)).statusCode).toBe(200);
  });

  it("does not let an admin deny their own account", async () => {
    const res = await approve(admin.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You cannot deny your own account");
    expect((await get("/api/auth/user")).statusCode).toBe(200);
  });

  it("lets one admin deny another, who then loses access", async () => {
    const other = await makeUser(t, { admin: true });
    expect((await approve(other.id, false)).statusCode).toBe(200);
    expect((await get("/api/admin/stats", other.cookie)).statusCode).toBe(401);
  });

  it("refuses a password under 6 characters with the spec's text", async () => {
    const target = await makeUser(t, { admin: false });
    const res = await post(`/api/admin/users/${target.id}/reset-password`, { newPassword: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch("Password must be at least 6 characters");
  });

  it("resets a password: the new one signs in, the old one does not, and the user's sessions end", async () => {
    const target = await makeUser(t, { admin: false });
    const secondSession = sessionCookie(await login(target.email, target.password));
    const res = await post(`/api/admin/users/${target.id}/reset-password`, { newPassword: "brand-new-secret" });
    expect(res.statusCode).toBe(200);
    expect((await get("/api/auth/user", target.cookie)).statusCode).toBe(401);
    expect((await get("/api/auth/user", secondSession)).statusCode).toBe(401);
    expect((await login(target.email, target.password)).statusCode).toBe(401);
    expect((await login(target.email, "brand-new-secret")).statusCode).toBe(200);
    const [row] = (await auditRows(t.deps.db.db, "user.reset_password")).filter((r) => r.targetId === target.id);
    expect(row).toMatchObject({ actorId: admin.id, detail: { email: target.email } });
    expect(JSON.stringify(row)).not.toContain("brand-new-secret");
  });

  it("keeps the admin's own session when they reset their own password", async () => {
    const self = await makeUser(t, { admin: true });
    const elsewhere = sessionCookie(await login(self.email, self.password));
    const res = await post(`/api/admin/users/${self.id}/reset-password`, { newPassword: "my-new-secret" }, self.cookie);
    expect(res.statusCode).toBe(200);
    expect((await get("/api/auth/user", self.cookie)).statusCode).toBe(200);
    expect((await get("/api/auth/user", elsewhere)).statusCode).toBe(401);
  });
});

describeEachEngine("admin people: roles and deletion", (engine) => {
  let t: TestApp;
  let owner: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeOwner(t, { companyName: "Owner House" });
  });
  afterAll(() => t.close());

  const send = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const setAdmin = (id: string, isAdmin: boolean, cookie = owner.cookie) =>
    send("POST", `/api/admin/users/${id}/admin`, cookie, { isAdmin });
  const deleteUser = (id: string, payload: object, cookie = owner.cookie) =>
    send("DELETE", `/api/admin/users/${id}`, cookie, payload);
  const login = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });

  it("refuses to demote the last administrator with a plain 409 message", async () => {
    const res = await setAdmin(owner.id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody("LAST_ADMIN_DEMOTE"));
    expect((await send("GET", "/api/admin/stats", owner.cookie)).statusCode).toBe(200);
  });

  it("promotes an approved user, whose session gains admin access; a pending user cannot be promoted", async () => {
    const pending = await makeUser(t, { status: "pending" });
    expect((await setAdmin(pending.id, true)).statusCode).toBe(409);
    const colleague = await makeUser(t, { admin: false });
    expect((await send("GET", "/api/admin/stats", colleague.cookie)).statusCode).toBe(403);
    const res = await setAdmin(colleague.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().isAdmin).toBe(true);
    expect((await send("GET", "/api/admin/stats", colleague.cookie)).statusCode).toBe(200);
    const [row] = (await auditRows(t.deps.db.db, "user.promote")).filter((r) => r.targetId === colleague.id);
    expect(row).toMatchObject({ actorId: owner.id, detail: { email: colleague.email } });
  });

  it("takes admin access from a demoted admin's open session at once, though it was just cached", async () => {
    const demoted = await makeUser(t, { admin: true });
    // Read once as an admin: the session is now in the session cache, and the test clock stands still.
    expect((await send("GET", "/api/admin/stats", demoted.cookie)).statusCode).toBe(200);
    expect((await setAdmin(demoted.id, false)).statusCode).toBe(200);
    expect((await send("GET", "/api/admin/stats", demoted.cookie)).statusCode).toBe(403);
    expect((await send("GET", "/api/auth/user", demoted.cookie)).json<User>().isAdmin).toBe(false);
    const [row] = (await auditRows(t.deps.db.db, "user.demote")).filter((r) => r.targetId === demoted.id);
    expect(row).toMatchObject({ actorId: owner.id, detail: { email: demoted.email } });
  });

  it("refuses role changes and deletion to non-admins with 403, and to the signed-out with 401", async () => {
    const plain = await makeUser(t, { admin: false });
    const target = await makeUser(t, { admin: false });
    expect((await setAdmin(target.id, true, plain.cookie)).statusCode).toBe(403);
    expect((await setAdmin(plain.id, true, plain.cookie)).statusCode).toBe(403);
    expect((await deleteUser(target.id, { agents: "delete" }, plain.cookie)).statusCode).toBe(403);
    expect((await send("GET", `/api/admin/users/${target.id}/deletion`, plain.cookie)).statusCode).toBe(403);
    expect((await deleteUser(target.id, { agents: "delete" }, "")).statusCode).toBe(401);
    expect((await send("GET", `/api/admin/users/${target.id}`, owner.cookie)).statusCode).toBe(200);
  });

  it("never lets an admin delete their own account", async () => {
    const res = await deleteUser(owner.id, { agents: "delete" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorBody("SELF_DELETE"));
    expect((await send("GET", "/api/auth/user", owner.cookie)).statusCode).toBe(200);
  });

  it("lets only one of two admins deleting each other at once succeed: an administrator always remains", async () => {
    const own = await startTestApp(engine);
    try {
      const a = await makeOwner(own);
      const b = await makeUser(own, { admin: true });
      const del = (id: string, cookie: string) =>
        own.app.inject({
          method: "DELETE",
          url: `/api/admin/users/${id}`,
          headers: { cookie },
          payload: { agents: "delete" },
        });
      const statuses = (await Promise.all([del(b.id, a.cookie), del(a.id, b.cookie)])).map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        String(statuses),
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409 || s === 401),
        String(statuses),
      ).toHaveLength(1);
      const admins = await own.deps.db.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  async function personWithWork(companyName: string) {
    const person = await makeUser(t, { admin: false, companyName, fullName: `Dana ${companyName}` });
    const first = await insertAgent(t.deps.db.db, person.id, "Ava");
    const second = await insertAgent(t.deps.db.db, person.id, "Bo");
    const conversationId = await insertConversation(t.deps.db.db, { userId: person.id, agentName: "Ava" });
    await t.deps.db.db.update(conversations).set({ agentId: first.id }).where(eq(conversations.id, conversationId));
    return { person, agentIds: [first.id, second.id], conversationId };
  }

  async function conversationAsAdminSees(conversationId: string) {
    const list = (await send("GET", "/api/admin/conversations", owner.cookie)).json<AdminConversation[]>();
    const messagesRes = await send("GET", `/api/admin/conversation/${conversationId}/messages`, owner.cookie);
    return { listed: list.find((c) => c.id === conversationId), messages: messagesRes };
  }

  it("deletes a user with their agents handed to a colleague; their conversations stay readable to admins under their name", async () => {
    const { person, agentIds, conversationId } = await personWithWork("Transfer Co");
    const colleague = await makeUser(t, { admin: false, companyName: "transfer co " });
    const stranger = await makeUser(t, { admin: false, companyName: "Elsewhere Ltd" });
    const plan = (await send("GET", `/api/admin/users/${person.id}/deletion`, owner.cookie)).json<UserDeletionPlan>();
    expect(plan.agentCount).toBe(2);
    expect(plan.colleagues.map((c) => c.id)).toEqual([colleague.id]);

    const usersBefore = (await send("GET", "/api/admin/stats", owner.cookie)).json<{ totalUsers: number }>().totalUsers;
    const res = await deleteUser(person.id, { agents: "transfer", transferTo: colleague.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agentsTransferred: 2, agentsDeleted: 0 });
    // No longer counted as a user, nor listed among the company's people.
    expect((await send("GET", "/api/admin/stats", owner.cookie)).json()).toMatchObject({ totalUsers: usersBefore - 1 });
    const companies = (await send("GET", "/api/admin/companies", owner.cookie)).json<CompanyEntry[]>();
    const people = companies.flatMap((company) => company.users.map((user) => user.id));
    expect(people).toContain(colleague.id);
    expect(people).not.toContain(person.id);

    const theirs = (await send("GET", "/api/agents", colleague.cookie)).json<{ id: string }[]>();
    expect(theirs.map((a) => a.id).sort()).toEqual([...agentIds].sort());
    expect((await send("GET", "/api/agents", stranger.cookie)).json()).toEqual([]);
    expect((await send("GET", "/api/auth/user", person.cookie)).statusCode).toBe(401);
    expect((await login(person.email, person.password)).statusCode).toBe(401);
    expect((await send("GET", `/api/admin/users/${person.id}`, owner.cookie)).statusCode).toBe(404);
    const listed = (
      await send("GET", `/api/admin/users?search=${encodeURIComponent(person.email)}`, owner.cookie)
    ).json();
    expect(listed).toEqual([]);

    const seen = await conversationAsAdminSees(conversationId);
    expect(seen.listed).toMatchObject({ userName: "Dana Transfer Co", userEmail: person.email, agentName: "Ava" });
    expect(seen.messages.statusCode).toBe(200);
    expect(seen.messages.json<unknown[]>().length).toBeGreaterThan(0);

    const [row] = (await auditRows(t.deps.db.db, "user.delete")).filter((r) => r.targetId === person.id);
    expect(row).toMatchObject({
      actorId: owner.id,
      detail: { email: person.email, agents: "transfer", agentsTransferred: 2, transferTo: colleague.email },
    });
  });

  it("deletes a user with their agents; conversations with those agents keep the agent's name", async () => {
    const { person, agentIds, conversationId } = await personWithWork("Delete Co");
    const res = await deleteUser(person.id, { agents: "delete" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agentsTransferred: 0, agentsDeleted: 2 });
    const left = await t.deps.db.db.select().from(agents).where(inArray(agents.id, agentIds));
    expect(left).toEqual([]);
    const seen = await conversationAsAdminSees(conversationId);
    expect(seen.listed).toMatchObject({ userName: "Dana Delete Co", agentName: "Ava" });
    expect(seen.messages.statusCode).toBe(200);
    const [row] = (await auditRows(t.deps.db.db, "user.delete")).filter((r) => r.targetId === person.id);
    expect(row).toMatchObject({ detail: { agents: "delete", agentsDeleted: 2 } });
  });

  it("refuses to hand agents to someone of another company, or to nobody, and changes nothing", async () => {
    const { person, agentIds } = await personWithWork("Keep Co");
    const stranger = await makeUser(t, { admin: false, companyName: "Other Co" });
    const refused = await deleteUser(person.id, { agents: "transfer", transferTo: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(errorBody("NO_SUCH_COLLEAGUE"));
    expect((await deleteUser(person.id, { agents: "transfer" })).statusCode).toBe(400);
    expect((await deleteUser(person.id, { agents: "transfer", transferTo: person.id })).statusCode).toBe(400);
    expect((await send("GET", "/api/auth/user", person.cookie)).statusCode).toBe(200);
    const still = await t.deps.db.db.select().from(agents).where(inArray(agents.id, agentIds));
    expect(still).toHaveLength(2);
  });
});
