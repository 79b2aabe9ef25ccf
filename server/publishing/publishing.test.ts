/**
 * Publishing settings (issue 25) through the API: defaults before the first save, the owner's
 * and an admin's changes, refusals for colleagues and strangers, slugs and origins checked,
 * every change audited, and the published-agent lookup the public channels start from.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Publishing } from "../../contracts/publishing.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { auditLog } from "../db/schema-records.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { findPublishedAgentBySlug } from "./queries.js";

const settings = (overrides: Partial<Publishing> = {}) => ({
  enabled: true,
  slug: "acme-support",
  allowedOrigins: ["https://shop.example.com"],
  greeting: "Hi! Ask me about your order.",
  voice: false,
  guestMessagesPerHour: 20,
  ...overrides,
});

describeEachEngine("publishing settings", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let owner: MadeUser;
  let colleague: MadeUser;
  let stranger: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t, { companyName: "Acme" });
    owner = await makeUser(t, { admin: false, companyName: "Acme" });
    colleague = await makeUser(t, { admin: false, companyName: "Acme" });
    stranger = await makeUser(t, { admin: false, companyName: "Globex" });
  });
  afterAll(() => t.close());

  const send = (user: MadeUser, method: "GET" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

  it("an agent never published answers unpublished defaults under a slug made from its name", async () => {
    const agentId = await makeAgent(t, owner, { name: "Ève's Helpdesk" });
    const res = await send(owner, "GET", `/api/agents/${agentId}/publishing`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: false,
      slug: `eve-s-helpdesk-${agentId.slice(0, 6)}`,
      allowedOrigins: [],
      voice: false,
      themePosition: "bottom-right",
      guestToolIds: [],
    });
  });

  it("the owner publishes an agent; origins are normalised; the change is audited and the slug finds the agent", async () => {
    const agentId = await makeAgent(t, owner, { name: "Support" });
    const res = await send(
      owner,
      "PUT",
      `/api/agents/${agentId}/publishing`,
      settings({ allowedOrigins: ["https://Shop.Example.com/", "https://shop.example.com", "http://127.0.0.1:8080"] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      slug: "acme-support",
      allowedOrigins: ["https://shop.example.com", "http://127.0.0.1:8080"],
      themeColor: "#4f46e5",
    });
    expect((await send(owner, "GET", `/api/agents/${agentId}/publishing`)).json()).toMatchObject({ enabled: true });
    const audit = await t.deps.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "agent.publishing"), eq(auditLog.targetId, agentId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: owner.id, detail: { enabled: true, slug: "acme-support" } });

    const found = await findPublishedAgentBySlug(t.deps.db.db, "acme-support");
    expect(found?.agent.id).toBe(agentId);
    await send(owner, "PUT", `/api/agents/${agentId}/publishing`, settings({ enabled: false }));
    expect(await findPublishedAgentBySlug(t.deps.db.db, "acme-support")).toBeNull();
  });

  it("a slug another agent holds is refused with 409; a bad slug or origin with 400", async () => {
    const first = await makeAgent(t, owner, { name: "First" });
    const second = await makeAgent(t, owner, { name: "Second" });
    expect(
      (await send(owner, "PUT", `/api/agents/${first}/publishing`, settings({ slug: "taken-one" }))).statusCode,
    ).toBe(200);
    const taken = await send(owner, "PUT", `/api/agents/${second}/publishing`, settings({ slug: "taken-one" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SLUG_TAKEN" });
    const badSlug = await send(owner, "PUT", `/api/agents/${second}/publishing`, settings({ slug: "-Bad slug!" }));
    expect(badSlug.statusCode).toBe(400);
    const badOrigin = await send(
      owner,
      "PUT",
      `/api/agents/${second}/publishing`,
      settings({ slug: "second-one", allowedOrigins: ["https://shop.example.com/path"] }),
    );
    expect(badOrigin.statusCode).toBe(400);
    expect(badOrigin.json().message).toContain("is not an origin");
  });

  it("an admin may publish a colleague's shared agent; a colleague gets 403 and a stranger 404", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shared", visibility: "company" });
    expect((await send(colleague, "GET", `/api/agents/${agentId}/publishing`)).json()).toMatchObject({
      code: "PUBLISHING_NOT_YOURS",
    });
    expect((await send(stranger, "PUT", `/api/agents/${agentId}/publishing`, settings())).statusCode).toBe(404);
    const res = await send(admin, "PUT", `/api/agents/${agentId}/publishing`, settings({ slug: "shared-desk" }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("guest tools must be the agent's own tools", async () => {
    const agentId = await makeAgent(t, owner, { name: "Tools" });
    const res = await send(
      owner,
      "PUT",
      `/api/agents/${agentId}/publishing`,
      settings({ slug: "tools-desk", guestToolIds: ["00000000-0000-4000-8000-000000000000"] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "GUEST_TOOL_UNKNOWN" });
  });

  it("guests may trigger only tools that run without approval", async () => {
    const agentId = await makeAgent(t, owner, { name: "Approvals" });
    const addTool = async (payload: object) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/agents/${agentId}/tools`,
        headers: { cookie: owner.cookie },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const auto = await addTool({ kind: "builtin", name: "search_knowledge", approval: "auto" });
    const asks = await addTool({
      kind: "http",
      name: "cancel_order",
      description: "Cancels an order",
      method: "POST",
      url: "https://shop.example.com/cancel",
      approval: "ask",
    });
    const url = `/api/agents/${agentId}/publishing`;
    const refused = await send(owner, "PUT", url, settings({ slug: "approvals-desk", guestToolIds: [auto, asks] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "GUEST_TOOL_ASKS" });
    const saved = await send(owner, "PUT", url, settings({ slug: "approvals-desk", guestToolIds: [auto] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ guestToolIds: [auto] });
  });
});
