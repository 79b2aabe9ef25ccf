/**
 * Agents' tools through the API and the toolbox a turn gets (issue 24): a real MCP server and
 * real HTTP servers on loopback, allowed by the test's policy; refusals when the policy does not
 * allow; secrets sealed at rest and found in no answer, audit entry or log line.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Tool } from "../../contracts/tools.js";
import { makeAgent } from "../chat/chat-test-support.js";
import { agentTools } from "../db/schema-tools.js";
import { createKnowledgeSearch } from "../knowledge/knowledge-tool-search.js";
import { auditLog } from "../db/schema-records.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeMcpServer, type FakeMcpServer } from "../test-support/fake-mcp-server.js";
import { startFakeToolHttpServer, type FakeToolHttpServer } from "../test-support/fake-tool-http-server.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import type { OutboundOptions } from "../http/outbound/guarded-fetch.js";
import { loadAgentToolbox } from "./agent-toolbox.js";
import type { ResolvedAddress } from "../http/outbound/guarded-fetch.js";
import { DEFAULT_OUTBOUND_LIMITS } from "../http/outbound/outbound-policy.js";

const MCP_TOKEN = "mcp-token-0123456789-abcd";
const HTTP_TOKEN = "http-token-9876543210-wxyz";
const LOOPBACK_POLICY = {
  allowedHosts: ["127.0.0.1", "orders.test"],
  allowPrivateNetworks: true,
  maxCallsPerTurn: 6,
  callsPerCompanyPerDay: null,
};

describeEachEngine("agents' tools", (engine) => {
  let t: TestApp;
  let admin: MadeUser;
  let owner: MadeUser;
  let colleague: MadeUser;
  let stranger: MadeUser;
  let mcp: FakeMcpServer;
  let web: FakeToolHttpServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(engine, { overrides: { logger: { level: "trace", stream } } });
    admin = await makeOwner(t, { companyName: "Acme" });
    owner = await makeUser(t, { admin: false, companyName: "Acme" });
    colleague = await makeUser(t, { admin: false, companyName: "Acme" });
    stranger = await makeUser(t, { admin: false, companyName: "Globex" });
    mcp = await startFakeMcpServer({ bearer: MCP_TOKEN });
    web = await startFakeToolHttpServer();
  });
  afterAll(async () => {
    await mcp.close();
    await web.close();
    await t.close();
  });

  const send = (user: MadeUser, method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const setPolicy = async (policy: object) =>
    expect((await send(admin, "PUT", "/api/admin/tool-policy", policy)).statusCode).toBe(200);
  const addTool = async (user: MadeUser, agentId: string, tool: object): Promise<Tool> => {
    const res = await send(user, "POST", `/api/agents/${agentId}/tools`, tool);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const agentRow = (id: string) => ({ id });
  const call = (toolbox: Awaited<ReturnType<typeof loadAgentToolbox>>, name: string, args: object) =>
    toolbox.call({ id: "call-1", name, arguments: JSON.stringify(args) }, new AbortController().signal);
  const load = (agentId: string, options: OutboundOptions = {}) =>
    loadAgentToolbox(
      {
        db: t.deps.db.db,
        config: t.config,
        clock: t.clock,
        searchKnowledge: createKnowledgeSearch({ db: t.deps.db.db, embeddings: null }),
      },
      agentRow(agentId),
      options,
    );

  it("connects to an MCP server, lists its tools, and offers the enabled ones under the server's name", async () => {
    await setPolicy(LOOPBACK_POLICY);
    const agentId = await makeAgent(t, owner, { name: "Orders" });
    const tool = await addTool(owner, agentId, {
      kind: "mcp",
      name: "orders",
      url: mcp.url,
      headers: { Authorization: `Bearer ${MCP_TOKEN}` },
      approval: "auto",
    });
    expect(tool.headers).toEqual([{ name: "Authorization", hint: "••••abcd" }]);
    expect(tool.offered).toBeNull();

    const tested = await send(owner, "POST", `/api/agents/${agentId}/tools/${tool.id}/test`);
    expect(tested.json()).toMatchObject({
      ok: true,
      offered: expect.arrayContaining([expect.objectContaining({ name: "lookup_order" })]),
    });
    const patched = await send(owner, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, {
      enabledTools: ["lookup_order", "big_report"],
    });
    expect(patched.json()).toMatchObject({
      enabledTools: ["lookup_order", "big_report"],
      refreshedAt: expect.any(String),
    });

    const toolbox = await load(agentId);
    expect(toolbox.tools.map((offered) => offered.name).sort()).toEqual(["orders__big_report", "orders__lookup_order"]);
    expect(toolbox.tools[0]).toMatchObject({ kind: "mcp", toolId: tool.id, approval: "auto" });
    const result = await call(toolbox, "orders__lookup_order", { orderId: "A-17" });
    expect(result).toMatchObject({ ok: true, content: "Order A-17: shipped on 2026-05-30" });
    expect(mcp.calls).toContainEqual({ name: "lookup_order", arguments: { orderId: "A-17" } });
    expect(mcp.authorizations.every((header) => header === `Bearer ${MCP_TOKEN}`)).toBe(true);

    expect(await call(toolbox, "orders__lookup_order", { orderId: "missing" })).toMatchObject({ ok: false });
    const big = await call(toolbox, "orders__big_report", { lines: 5000 });
    expect(big.ok).toBe(true);
    expect(big.content.length).toBeLessThan(17_000);
    expect(big.content).toContain("cut: the result was");
    expect(await call(toolbox, "orders__nope", {})).toMatchObject({ ok: false });
    expect(
      await toolbox.call(
        { id: "c", name: "orders__lookup_order", arguments: "{not json" },
        new AbortController().signal,
      ),
    ).toMatchObject({ ok: false });
  });

  it("gives up on a tool that does not answer in time, without throwing", async () => {
    await setPolicy(LOOPBACK_POLICY);
    const agentId = await makeAgent(t, owner, { name: "Patient" });
    await addTool(owner, agentId, {
      kind: "mcp",
      name: "slowpoke",
      url: mcp.url,
      headers: { Authorization: `Bearer ${MCP_TOKEN}` },
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "hang",
      description: "Never answers",
      method: "GET",
      url: `${web.base}/hang`,
    });
    // The servers never answer these: the limit decides, however busy the machine is.
    const toolbox = await load(agentId, { limits: { ...DEFAULT_OUTBOUND_LIMITS, timeoutMs: 1_500 } });
    expect(toolbox.tools.map((offered) => offered.name)).toContain("slowpoke__slow");
    const [slow, hang] = await Promise.all([call(toolbox, "slowpoke__slow", {}), call(toolbox, "hang", {})]);
    expect(slow.ok).toBe(false);
    expect(hang).toMatchObject({ ok: false, summary: expect.stringMatching(/1500 ms/) });
  });

  it("fills an HTTP action's URL template, sends the rest as query or JSON body, and opens its headers only to call", async () => {
    await setPolicy(LOOPBACK_POLICY);
    const agentId = await makeAgent(t, owner, { name: "Actions" });
    const parameters = {
      type: "object",
      properties: { orderId: { type: "string" }, verbose: { type: "boolean" } },
      required: ["orderId"],
    };
    await addTool(owner, agentId, {
      kind: "http",
      name: "get_order",
      description: "Read an order",
      method: "GET",
      url: `${web.base}/orders/{orderId}`,
      parameters,
      headers: { "X-Api-Key": HTTP_TOKEN },
      approval: "auto",
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "note_order",
      description: "Write a note",
      method: "POST",
      url: `${web.base}/orders/{orderId}/notes`,
      parameters: { type: "object", properties: { orderId: { type: "string" }, note: { type: "string" } } },
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "broken",
      description: "Fails",
      method: "GET",
      url: `${web.base}/fail`,
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "huge",
      description: "Too big",
      method: "GET",
      url: `${web.base}/big`,
    });
    const toolbox = await load(agentId, { limits: { ...DEFAULT_OUTBOUND_LIMITS, maxResponseBytes: 64 * 1024 } });
    expect(toolbox.tools.find((offered) => offered.name === "note_order")).toMatchObject({
      approval: "ask",
      kind: "http",
    });

    const read = await call(toolbox, "get_order", { orderId: "A/17?x", verbose: true });
    expect(read).toMatchObject({ ok: true });
    expect(JSON.parse(read.content)).toEqual({ order: "A/17?x", status: "shipped" });
    const got = web.seen.at(-1)!;
    expect(got.url).toBe("/orders/A%2F17%3Fx?verbose=true");
    expect(got.headers["x-api-key"]).toBe(HTTP_TOKEN);

    expect((await call(toolbox, "note_order", { orderId: "9", note: "Call back" })).ok).toBe(true);
    expect(web.seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/orders/9/notes",
      body: JSON.stringify({ note: "Call back" }),
    });
    expect(await call(toolbox, "broken", {})).toMatchObject({
      ok: false,
      content: expect.stringContaining("HTTP 500"),
    });
    expect(await call(toolbox, "huge", {})).toMatchObject({ ok: false, summary: expect.stringMatching(/larger than/) });
    expect(await call(toolbox, "get_order", {})).toMatchObject({
      ok: false,
      summary: "the argument orderId is required",
    });
  });

  it("refuses to reach hosts the policy does not allow: by name, by private address, by redirect and by DNS that changes", async () => {
    const agentId = await makeAgent(t, owner, { name: "Guarded" });
    await addTool(owner, agentId, {
      kind: "http",
      name: "direct",
      description: "Loopback",
      method: "GET",
      url: `${web.base}/orders/1`,
      approval: "auto",
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "named",
      description: "By name",
      method: "GET",
      url: `http://orders.test:${web.port}/orders/2`,
      approval: "auto",
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "bounce",
      description: "Redirects",
      method: "GET",
      url: `${web.base}/redirect?to=${encodeURIComponent(`http://elsewhere.test:${web.port}/orders/3`)}`,
      approval: "auto",
    });
    await addTool(owner, agentId, {
      kind: "http",
      name: "rebind",
      description: "Changing DNS",
      method: "GET",
      url: `http://rebind.test:${web.port}/orders/4`,
      approval: "auto",
    });
    const answers: Record<string, string[][]> = {
      "orders.test": [["127.0.0.1"]],
      "elsewhere.test": [["127.0.0.1"]],
      "rebind.test": [["93.184.216.34"], ["127.0.0.1"]],
    };
    const turns = new Map<string, number>();
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      const list = answers[hostname] ?? [];
      const turn = turns.get(hostname) ?? 0;
      turns.set(hostname, turn + 1);
      return (list[Math.min(turn, list.length - 1)] ?? []).map((address) => ({ address, family: 4 as const }));
    };
    const seenBefore = web.seen.length;

    // Default policy: no private network at all.
    await setPolicy({ ...LOOPBACK_POLICY, allowedHosts: [], allowPrivateNetworks: false });
    let toolbox = await load(agentId, { resolve });
    expect(await call(toolbox, "direct", {})).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/may not reach/),
    });
    expect(await call(toolbox, "named", {})).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/127\.0\.0\.1/),
    });
    // The name answered a public address to whoever asked first; the connection's own lookup gets loopback.
    await resolve("rebind.test");
    expect(await call(toolbox, "rebind", {})).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/may not reach/),
    });

    // Loopback allowed, but only these hosts by name: a redirect to another name is refused.
    await setPolicy({ ...LOOPBACK_POLICY, allowedHosts: ["127.0.0.1"] });
    toolbox = await load(agentId, { resolve });
    expect(await call(toolbox, "named", {})).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/not among the hosts/),
    });
    expect(await call(toolbox, "bounce", {})).toMatchObject({
      ok: false,
      summary: expect.stringMatching(/elsewhere\.test/),
    });
    // Only the redirect itself reached the server; nothing reached a refused host.
    expect(web.seen.slice(seenBefore).map((seen) => seen.url)).toEqual([expect.stringMatching(/^\/redirect/)]);
    const tested = await send(
      owner,
      "POST",
      `/api/agents/${agentId}/tools/${toolbox.tools.find((o) => o.name === "named")!.toolId}/test`,
    );
    expect(tested.json()).toMatchObject({ ok: false, message: expect.stringMatching(/not among the hosts/) });
  });

  it("offers search_knowledge over the agent's own documents", async () => {
    const agentId = await makeAgent(t, owner, { name: "Librarian" });
    await send(owner, "POST", `/api/agents/${agentId}/knowledge`, {
      title: "Refunds",
      text: "Refunds are paid within 14 days of the request.",
    });
    await addTool(owner, agentId, { kind: "builtin", name: "search_knowledge" });
    const toolbox = await load(agentId);
    expect(toolbox.tools).toEqual([
      expect.objectContaining({ name: "search_knowledge", kind: "builtin", approval: "auto" }),
    ]);
    await t.app.knowledgeIngestion.idle();
    const found = await call(toolbox, "search_knowledge", { query: "refunds paid" });
    expect(found).toMatchObject({ ok: true, content: expect.stringContaining("14 days") });
  });

  it("seals header values at rest and shows them nowhere: answers, audit entries, logs", async () => {
    await setPolicy(LOOPBACK_POLICY);
    const agentId = await makeAgent(t, owner, { name: "Secretive" });
    const tool = await addTool(owner, agentId, {
      kind: "http",
      name: "secret_action",
      description: "Uses a token",
      method: "GET",
      url: `${web.base}/orders/{id}`,
      parameters: { type: "object", properties: { id: { type: "string" } } },
      headers: { Authorization: `Bearer ${HTTP_TOKEN}` },
    });
    const changed = await send(owner, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, {
      headers: { "X-Extra": `${HTTP_TOKEN}-2` },
    });
    expect(changed.json().headers).toEqual([
      { name: "Authorization", hint: "••••wxyz" },
      { name: "X-Extra", hint: "••••yz-2" },
    ]);
    const [raw] = await t.deps.db.db.select().from(agentTools).where(eq(agentTools.id, tool.id));
    expect(JSON.stringify(raw)).not.toContain(HTTP_TOKEN);
    expect(raw.sealedHeaders).toMatch(/^v1\./);
    const listed = await send(owner, "GET", `/api/agents/${agentId}/tools`);
    expect(listed.body).not.toContain(HTTP_TOKEN);
    const audit = await t.deps.db.db.select().from(auditLog).where(eq(auditLog.targetId, tool.id));
    expect(audit.map((entry) => entry.action)).toEqual(["agent_tool.create", "agent_tool.update"]);
    expect(JSON.stringify(audit)).not.toContain(HTTP_TOKEN);
    // Removing one header keeps the other.
    const removed = await send(owner, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, {
      headers: { "X-Extra": null },
    });
    expect(removed.json().headers).toEqual([{ name: "Authorization", hint: "••••wxyz" }]);
    const toolbox = await load(agentId);
    await call(toolbox, "secret_action", { id: "5" });
    expect(web.seen.at(-1)?.headers.authorization).toBe(`Bearer ${HTTP_TOKEN}`);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("")).not.toContain(HTTP_TOKEN);
    expect(logLines.join("")).not.toContain(MCP_TOKEN);
  });

  it("lets the owner and an admin of the company change tools; a colleague of a shared agent is refused, a stranger finds nothing", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shared", visibility: "company" });
    const tool = await addTool(owner, agentId, { kind: "builtin", name: "search_knowledge" });
    expect((await send(colleague, "GET", `/api/agents/${agentId}/tools`)).statusCode).toBe(403);
    expect((await send(colleague, "DELETE", `/api/agents/${agentId}/tools/${tool.id}`)).statusCode).toBe(403);
    expect((await send(stranger, "GET", `/api/agents/${agentId}/tools`)).statusCode).toBe(404);
    expect(
      (await send(stranger, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, { approval: "ask" })).statusCode,
    ).toBe(404);
    expect(
      (await send(admin, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, { approval: "ask" })).json(),
    ).toMatchObject({ approval: "ask" });
    expect((await send(owner, "DELETE", `/api/agents/${agentId}/tools/${tool.id}`)).statusCode).toBe(204);
    expect((await send(owner, "GET", `/api/agents/${agentId}/tools`)).json()).toEqual([]);
    expect((await send(owner, "DELETE", `/api/agents/${agentId}/tools/${tool.id}`)).statusCode).toBe(404);
  });

  it("answers bad tool settings with 400 and a message naming the field", async () => {
    const agentId = await makeAgent(t, owner, { name: "Strict" });
    const bad = async (payload: object, message: RegExp) => {
      const res = await send(owner, "POST", `/api/agents/${agentId}/tools`, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    const http = { kind: "http", name: "ok_name", description: "d", method: "GET", url: "https://api.example.com/x" };
    await bad({ ...http, name: "has space" }, /name may use only/);
    await bad({ ...http, url: "ftp://example.com/" }, /url must be an http/);
    await bad({ ...http, url: "https://api.example.com/{missing}" }, /\{missing\} is not among parameters/);
    await bad(
      {
        ...http,
        url: "https://{host}.example.com/",
        parameters: { type: "object", properties: { host: { type: "string" } } },
      },
      /not the host/,
    );
    await bad({ ...http, parameters: { type: "array" } }, /type "object"/);
    await bad({ ...http, parameters: { type: "object", properties: {}, required: ["x"] } }, /required names x/);
    await bad({ ...http, headers: { Host: "evil" } }, /set by the app/);
    await bad({ ...http, method: "TRACE" }, /method must be/);
    await bad({ kind: "builtin", name: "rm_rf" }, /name must be one of/);
    await bad({ kind: "shell", name: "x" }, /kind must be/);
    const tool = await addTool(owner, agentId, { kind: "builtin", name: "search_knowledge" });
    const patch = await send(owner, "PATCH", `/api/agents/${agentId}/tools/${tool.id}`, { url: "https://example.com" });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toMatch(/url does not apply to a tool of kind builtin/);
    expect(
      (await send(owner, "POST", `/api/agents/${agentId}/tools`, { kind: "builtin", name: "search_knowledge" }))
        .statusCode,
    ).toBe(409);
  });

  it("keeps the tool policy: defaults refuse private networks, admins change it, the change is audited", async () => {
    await setPolicy({ allowedHosts: [], allowPrivateNetworks: false, maxCallsPerTurn: 6, callsPerCompanyPerDay: null });
    expect((await send(admin, "GET", "/api/admin/tool-policy")).json()).toEqual({
      allowedHosts: [],
      allowPrivateNetworks: false,
      maxCallsPerTurn: 6,
      callsPerCompanyPerDay: null,
    });
    const put = await send(admin, "PUT", "/api/admin/tool-policy", {
      allowedHosts: ["API.Example.com", "*.crm.test"],
      allowPrivateNetworks: false,
      maxCallsPerTurn: 4,
      callsPerCompanyPerDay: 500,
    });
    expect(put.json()).toEqual({
      allowedHosts: ["api.example.com", "*.crm.test"],
      allowPrivateNetworks: false,
      maxCallsPerTurn: 4,
      callsPerCompanyPerDay: 500,
    });
    const bad = await send(admin, "PUT", "/api/admin/tool-policy", {
      allowedHosts: ["http://x/"],
      allowPrivateNetworks: false,
      maxCallsPerTurn: 4,
      callsPerCompanyPerDay: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/allowedHosts/);
    expect((await send(owner, "GET", "/api/admin/tool-policy")).statusCode).toBe(403);
    const audited = await t.deps.db.db.select().from(auditLog).where(eq(auditLog.action, "tool_policy.update"));
    expect(audited.length).toBeGreaterThan(0);
  });
});
