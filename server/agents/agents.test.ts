import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_ICONS } from "../../contracts/agents.js";
import { AGENT_LIMIT_PER_COMPANY } from "../../contracts/limits.js";
import { agentPayload, makeAgent } from "../test-support/agent-factory.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

describeEachEngine("agents", (engine) => {
  let t: TestApp;
  let owner: MadeUser;
  let alice: MadeUser;
  let bob: MadeUser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    owner = await makeOwner(t, { companyName: "Owner Co" });
    alice = await makeUser(t, { companyName: "Alice Co" });
    bob = await makeUser(t, { companyName: "Bob Co" });
  });
  afterAll(() => t.close());

  const as = (user: MadeUser) => ({ cookie: user.cookie });

  it("creates an agent with defaults and lists it for its owner only", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: as(alice),
      payload: { name: "  Ava  ", gender: "female" },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const one = (await t.app.inject({ url: `/api/agents/${id}`, headers: as(alice) })).json();
    expect(one).toMatchObject({
      id,
      name: "Ava",
      type: "custom",
      isActive: true,
      chatsSent: 0,
      callsSent: 0,
      supportsCall: true,
      supportsEmail: true,
      supportsText: true,
      supportsSocial: true,
    });
    const list = (await t.app.inject({ url: "/api/agents", headers: as(alice) })).json();
    expect(list.map((a: { id: string }) => a.id)).toContain(id);
    const bobs = (await t.app.inject({ url: "/api/agents", headers: as(bob) })).json();
    expect(bobs.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it("edits any field and toggles isActive with PATCH", async () => {
    const id = await makeAgent(t, alice.cookie);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/agents/${id}`,
      headers: as(alice),
      payload: { isActive: false, role: "Account Executive", supportsSocial: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isActive: false,
      role: "Account Executive",
      supportsSocial: false,
      name: "Nova Sales",
    });
    const empty = await t.app.inject({ method: "PATCH", url: `/api/agents/${id}`, headers: as(alice), payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("deletes an agent, after which it is not found", async () => {
    const id = await makeAgent(t, alice.cookie);
    expect((await t.app.inject({ method: "DELETE", url: `/api/agents/${id}`, headers: as(alice) })).statusCode).toBe(
      204,
    );
    const gone = await t.app.inject({ url: `/api/agents/${id}`, headers: as(alice) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Agent not found");
  });

  it("answers 404, never 403 or data, for another user's agent on GET, PATCH and DELETE", async () => {
    const id = await makeAgent(t, alice.cookie);
    const get = await t.app.inject({ url: `/api/agents/${id}`, headers: as(bob) });
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/agents/${id}`,
      headers: as(bob),
      payload: { name: "Hijacked" },
    });
    const del = await t.app.inject({ method: "DELETE", url: `/api/agents/${id}`, headers: as(bob) });
    for (const res of [get, patch, del]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Nova Sales");
    }
    expect((await t.app.inject({ url: `/api/agents/${id}`, headers: as(alice) })).json().name).toBe("Nova Sales");
  });

  it("answers a malformed agent id with 404", async () => {
    expect((await t.app.inject({ url: "/api/agents/not-a-uuid", headers: as(alice) })).statusCode).toBe(404);
  });

  it("refuses every agent route when signed out", async () => {
    const id = await makeAgent(t, alice.cookie);
    const calls = [
      t.app.inject({ url: "/api/agents" }),
      t.app.inject({ url: `/api/agents/${id}` }),
      t.app.inject({ method: "POST", url: "/api/agents", payload: agentPayload() }),
      t.app.inject({ method: "PATCH", url: `/api/agents/${id}`, payload: { name: "x" } }),
      t.app.inject({ method: "DELETE", url: `/api/agents/${id}` }),
      t.app.inject({ url: "/api/agent-templates" }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it("refuses a pending user, who cannot hold a session", async () => {
    const pending = await makeUser(t, { status: "pending" });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: pending.email, password: pending.password },
    });
    expect(login.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/agents" })).statusCode).toBe(401);
  });

  describe("validation", () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["a blank name", { name: "   " }, /name is required/],
      ["a missing name", { name: undefined }, /name is required/],
      ["a name over 80 characters", { name: "x".repeat(81) }, /at most 80/],
      ["an unknown gender", { gender: "robot" }, /gender must be one of/],
      ["a missing gender", { gender: undefined }, /gender must be one of/],
      ["a description over 2000 characters", { description: "x".repeat(2001) }, /at most 2000/],
      ["a custom prompt over 8000 characters", { customPrompt: "x".repeat(8001) }, /at most 8000/],
      ["a type with spaces", { type: "sales rep" }, /type must be/],
      ["a capability that is not a boolean", { supportsCall: "yes" }, /supportsCall/],
    ];
    for (const [what, change, message] of cases) {
      it(`refuses ${what} with 400, a readable message and the field it is in`, async () => {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/agents",
          headers: as(alice),
          payload: { ...agentPayload(), ...change },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
        // The form shows the refusal under this field (web/features/agents/agent-field-errors.ts).
        expect(res.json().field).toBe(Object.keys(change)[0]);
      });
    }
  });

  it(`shares the ${AGENT_LIMIT_PER_COMPANY}-agent limit between two users of one company and names it on the 11th`, async () => {
    const first = await makeUser(t, { companyName: "Limit Ltd" });
    const second = await makeUser(t, { companyName: "  limit ltd " });
    for (let i = 0; i < 6; i++) await makeAgent(t, first.cookie, { name: `A${i}` });
    for (let i = 0; i < 4; i++) await makeAgent(t, second.cookie, { name: `B${i}` });
    const eleventh = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: as(first),
      payload: agentPayload(),
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toContain(`limit of ${AGENT_LIMIT_PER_COMPANY} agents`);
    const otherCompany = await t.app.inject({
      method: "POST",
      url: "/api/agents",
      headers: as(bob),
      payload: agentPayload(),
    });
    expect(otherCompany.statusCode).toBe(201);
  });

  it("holds the limit under concurrent creates", async () => {
    const user = await makeUser(t, { companyName: "Race Inc" });
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/agents",
          headers: as(user),
          payload: agentPayload({ name: `R${i}` }),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(AGENT_LIMIT_PER_COMPANY);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
  });

  it("shows the system prompt to the instance owner only, and never hides it in other answers", async () => {
    const ownersAgent = await makeAgent(t, owner.cookie, { customPrompt: "Always offer a demo." });
    const seenByOwner = (await t.app.inject({ url: `/api/agents/${ownersAgent}`, headers: as(owner) })).json();
    expect(seenByOwner.systemPrompt).toContain("Nova Sales");
    expect(seenByOwner.systemPrompt).toContain("Always offer a demo.");

    const secondAdmin = await makeUser(t, { admin: true });
    const adminsAgent = await makeAgent(t, secondAdmin.cookie, { customPrompt: "Secret sauce." });
    const seenByAdmin = await t.app.inject({ url: `/api/agents/${adminsAgent}`, headers: as(secondAdmin) });
    expect(seenByAdmin.json()).not.toHaveProperty("systemPrompt");
    expect(seenByAdmin.body).not.toContain("Secret sauce. ");
    const list = await t.app.inject({ url: "/api/agents", headers: as(owner) });
    expect(list.body).not.toContain("systemPrompt");
  });

  it("lists at least 9 templates, each with a distinct valid icon and 4+ tracked items", async () => {
    const res = await t.app.inject({ url: "/api/agent-templates", headers: as(alice) });
    expect(res.statusCode).toBe(200);
    const templates = res.json() as { icon: string; type: string; trackedData: string[]; role: string }[];
    expect(templates.length).toBeGreaterThanOrEqual(9);
    for (const tpl of templates) {
      expect(TEMPLATE_ICONS).toContain(tpl.icon);
      expect(tpl.trackedData.length).toBeGreaterThanOrEqual(4);
      expect(tpl.role).toBeTruthy();
    }
    expect(new Set(templates.map((tpl) => tpl.icon)).size).toBe(templates.length);
    expect(new Set(templates.map((tpl) => tpl.type)).size).toBe(templates.length);
  });
});

describeEachEngine("the instance owner named by OWNER_EMAIL", (engine) => {
  it("sees the system prompt even when not the first admin", async () => {
    const t = await startTestApp(engine, { env: { OWNER_EMAIL: "Boss@Example.com" } });
    const first = await makeOwner(t);
    const boss = await makeUser(t, { email: "boss@example.com" });
    const bossAgent = await makeAgent(t, boss.cookie);
    const firstAgent = await makeAgent(t, first.cookie);
    expect(
      (await t.app.inject({ url: `/api/agents/${bossAgent}`, headers: { cookie: boss.cookie } })).json().systemPrompt,
    ).toBeTruthy();
    expect(
      (await t.app.inject({ url: `/api/agents/${firstAgent}`, headers: { cookie: first.cookie } })).json(),
    ).not.toHaveProperty("systemPrompt");
    await t.close();
  });
});
