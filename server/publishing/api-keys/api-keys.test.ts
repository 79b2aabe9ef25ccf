/**
 * An agent's API keys through the API (issue 25): created and shown once, stored only as a
 * hash, listed without the key, revoked, each change audited without the key; only the agent's
 * owner or an admin who can see it may do any of it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ApiKey, ApiKeyCreated } from "../../../contracts/api-keys.js";
import { API_KEYS_PER_AGENT_MAX } from "../../../contracts/api-keys.js";
import { apiKeys } from "../../db/schema-api-keys.js";
import { auditLog } from "../../db/schema-records.js";
import { makeAgent } from "../../test-support/agent-factory.js";
import { makeOwner, makeUser, type MadeUser } from "../../test-support/factories.js";
import { describeEachEngine, startTestApp, type TestApp } from "../../test-support/test-app.js";
import { hashApiKey } from "./key-material.js";

describeEachEngine("API keys", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let owner: MadeUser;
  let colleague: MadeUser;
  let stranger: MadeUser;
  let agentId: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await makeOwner(t, { companyName: "Acme" });
    owner = await makeUser(t, { admin: false, companyName: "Acme" });
    colleague = await makeUser(t, { admin: false, companyName: "Acme" });
    stranger = await makeUser(t, { admin: false, companyName: "Globex" });
    agentId = await makeAgent(t, owner.cookie, { name: "Support", visibility: "company" });
  });
  afterAll(async () => t.close());

  const send = (user: MadeUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const create = async (user: MadeUser, name: string): Promise<ApiKeyCreated> => {
    const res = await send(user, "POST", `/api/agents/${agentId}/api-keys`, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const list = async (user: MadeUser): Promise<ApiKey[]> => {
    const res = await send(user, "GET", `/api/agents/${agentId}/api-keys`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("shows a new key once, stores only its hash, and lists it by name and prefix", async () => {
    const created = await create(owner, "Shop backend");
    expect(created).toEqual({ id: expect.any(String), name: "Shop backend", key: expect.stringMatching(/^adk_/) });
    const [row] = await t.deps.db.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const listed = await list(owner);
    expect(listed).toContainEqual({
      id: created.id,
      name: "Shop backend",
      prefix: created.key.slice(0, 12),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it("revokes a key: gone from the list, a second revocation is 404, both audited without the key", async () => {
    const created = await create(owner, "Old app");
    const revoked = await send(owner, "DELETE", `/api/agents/${agentId}/api-keys/${created.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await list(owner)).map((key) => key.id)).not.toContain(created.id);
    const again = await send(owner, "DELETE", `/api/agents/${agentId}/api-keys/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "API_KEY_NOT_FOUND" });

    const audit = await t.deps.db.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((entry) => entry.action)).toEqual(["api_key.create", "api_key.revoke"]);
    expect(audit[0]).toMatchObject({ actorId: owner.id, targetType: "api_key" });
    expect(JSON.stringify(audit)).not.toContain(created.key);
    expect(JSON.stringify(audit)).not.toContain(hashApiKey(created.key));
  });

  it("lets an admin who can see the agent manage its keys; a colleague gets 403, a stranger 404", async () => {
    const byAdmin = await create(admin, "Made by the admin");
    expect((await list(admin)).map((key) => key.id)).toContain(byAdmin.id);
    expect((await send(admin, "DELETE", `/api/agents/${agentId}/api-keys/${byAdmin.id}`)).statusCode).toBe(204);

    const colleagueTry = await send(colleague, "POST", `/api/agents/${agentId}/api-keys`, { name: "Mine now" });
    expect(colleagueTry.statusCode).toBe(403);
    expect(colleagueTry.json()).toMatchObject({ code: "API_KEYS_NOT_YOURS" });
    expect((await send(colleague, "GET", `/api/agents/${agentId}/api-keys`)).statusCode).toBe(403);
    for (const [method, url] of [
      ["GET", `/api/agents/${agentId}/api-keys`],
      ["POST", `/api/agents/${agentId}/api-keys`],
    ] as const) {
      const res = await send(stranger, method, url, method === "POST" ? { name: "Theirs" } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("refuses a key with no name and caps the keys an agent holds", async () => {
    const unnamed = await send(owner, "POST", `/api/agents/${agentId}/api-keys`, { name: "  " });
    expect(unnamed.statusCode).toBe(400);
    const other = await makeAgent(t, owner.cookie, { name: "Capped" });
    for (let i = 0; i < API_KEYS_PER_AGENT_MAX; i++) {
      const res = await send(owner, "POST", `/api/agents/${other}/api-keys`, { name: `Key ${i}` });
      expect(res.statusCode).toBe(201);
    }
    const over = await send(owner, "POST", `/api/agents/${other}/api-keys`, { name: "One too many" });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: "TOO_MANY_API_KEYS", limit: API_KEYS_PER_AGENT_MAX });
  });
});
