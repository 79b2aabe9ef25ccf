/**
 * HTTP actions imported from an OpenAPI 3 document (issue 24, decision 147): a shop's document
 * with $refs (one of them recursive), path and query parameters and a JSON body becomes tools
 * with the right arguments; the fake model then calls one in a chat turn and the request reaches
 * a real HTTP server on loopback with the right path, query and body. Refusals: documents that
 * are not JSON, not OpenAPI 3, relative servers, oversized, a host the policy does not allow,
 * another user's agent. The import is audited without a secret.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { ChatSseDone, ChatSseToolResult } from "../../contracts/chat.js";
import type { Tool } from "../../contracts/tools.js";
import { OPENAPI_DOCUMENT_MAX_CHARS, type OpenApiImportResult } from "../../contracts/tools-openapi.js";
import { fakeLlm, frameData, makeAgent, streamChat } from "../chat/chat-test-support.js";
import { auditLog } from "../db/schema-records.js";
import { agentTools } from "../db/schema-tools.js";
import { makeOwner, makeUser, type MadeUser } from "../test-support/factories.js";
import { startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import {
  startFakeToolHttpServer,
  type FakeToolHttpServer,
  LOOPBACK_TOOL_POLICY,
} from "../test-support/fake-tool-http-server.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";

const SECRET = "shop-api-key-0123456789-qrst";

/** A shop API as such documents are written: shared schemas, a parameter by $ref, a category inside itself. */
function shopDocument(port: number) {
  return {
    openapi: "3.0.3",
    info: { title: "Shop orders", version: "1.2.0" },
    servers: [
      {
        url: "{scheme}://127.0.0.1:{port}",
        variables: { scheme: { default: "http", enum: ["http", "https"] }, port: { default: String(port) } },
      },
    ],
    paths: {
      "/orders/{orderId}": {
        parameters: [{ $ref: "#/components/parameters/OrderId" }],
        get: {
          operationId: "getOrder",
          summary: "Look up an order",
          description: "Look up an order by its number, with its lines when asked.",
          parameters: [
            { name: "expand", in: "query", schema: { type: "string", enum: ["lines", "customer"] } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
          ],
          responses: {
            "200": {
              description: "The order",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
            },
          },
        },
        delete: {
          operationId: "cancel order!",
          summary: "Cancel an order",
          responses: { "204": { description: "Cancelled" } },
        },
      },
      "/orders/{orderId}/notes": {
        post: {
          operationId: "addOrderNote",
          summary: "Add a note to an order",
          parameters: [
            { $ref: "#/components/parameters/OrderId" },
            {
              name: "notify",
              in: "query",
              required: true,
              description: "Email the customer",
              schema: { type: "boolean" },
            },
          ],
          requestBody: { $ref: "#/components/requestBodies/NewNote" },
          responses: { "201": { description: "Added" } },
        },
      },
      "/orders/search/by-status": {
        get: {
          summary: "Orders in a status",
          parameters: [
            { name: "status", in: "query", required: true, schema: { $ref: "#/components/schemas/Status" } },
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50, example: 10 } },
          ],
          responses: { "200": { description: "Orders" } },
        },
      },
      "/catalog/upload": {
        put: {
          operationId: "uploadCatalog",
          requestBody: { required: true, content: { "text/csv": { schema: { type: "string" } } } },
          responses: { "200": { description: "Uploaded" } },
        },
      },
    },
    components: {
      parameters: {
        OrderId: {
          name: "orderId",
          in: "path",
          required: true,
          description: "The order's number",
          schema: { type: "string" },
        },
      },
      requestBodies: {
        NewNote: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewNote" } } },
        },
      },
      schemas: {
        Status: { type: "string", enum: ["open", "shipped", "cancelled"] },
        Category: {
          type: "object",
          properties: { name: { type: "string" }, parent: { $ref: "#/components/schemas/Category" } },
        },
        NewNote: {
          type: "object",
          required: ["text", "id"],
          properties: {
            id: { type: "string", readOnly: true },
            text: { type: "string", maxLength: 500 },
            category: { $ref: "#/components/schemas/Category" },
          },
          xml: { name: "note" },
        },
        Order: {
          type: "object",
          properties: { id: { type: "string" }, status: { $ref: "#/components/schemas/Status" } },
        },
      },
    },
  };
}

describeEachEngine("importing HTTP actions from an OpenAPI document", (engine) => {
  let t: TestApp;
  let base: string;
  let fake: FakeOpenAi;
  let web: FakeToolHttpServer;
  let admin: MadeUser;
  let owner: MadeUser;
  let stranger: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    web = await startFakeToolHttpServer();
    t = await startTestApp(engine, { overrides: { llm: fakeLlm(fake) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await makeOwner(t, { companyName: "Acme" });
    owner = await makeUser(t, { admin: false, companyName: "Acme" });
    stranger = await makeUser(t, { admin: false, companyName: "Globex" });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await web.close();
  });
  beforeEach(async () => {
    fake.setBehaviour({});
    fake.requests.length = 0;
    await setPolicy(LOOPBACK_TOOL_POLICY);
  });

  const send = (user: MadeUser, method: "GET" | "POST" | "PUT", url: string, payload?: object | string) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload !== undefined ? { payload } : {}) });
  async function setPolicy(policy: object) {
    expect((await send(admin, "PUT", "/api/admin/tool-policy", policy)).statusCode).toBe(200);
  }
  const importInto = (agentId: string, body: object, user = owner) =>
    send(user, "POST", `/api/agents/${agentId}/tools/openapi`, body);

  it("lists a document's operations on a dry run, with the tools they would make, and creates nothing", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const res = await importInto(agentId, { document: JSON.stringify(shopDocument(web.port)), dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<OpenApiImportResult>();
    expect(preview).toMatchObject({ title: "Shop orders", baseUrl: web.base, hostAllowed: true, created: [] });
    expect(preview.operations.map((o) => [o.key, o.name, o.approval, o.problem])).toEqual([
      ["GET /orders/{orderId}", "getOrder", "auto", null],
      ["DELETE /orders/{orderId}", "cancel_order", "ask", null],
      ["POST /orders/{orderId}/notes", "addOrderNote", "ask", null],
      ["GET /orders/search/by-status", "get_orders_search_by-status", "auto", null],
      [
        "PUT /catalog/upload",
        "uploadCatalog",
        "ask",
        "Cannot be imported: its request body is text/csv; an action sends only JSON bodies",
      ],
    ]);
    expect(preview.operations[0].description).toBe("Look up an order by its number, with its lines when asked.");
    expect((await send(owner, "GET", `/api/agents/${agentId}/tools`)).json()).toEqual([]);
  });

  it("creates the importable operations as HTTP actions whose parameters join path, query and body, $refs resolved", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const res = await importInto(agentId, {
      document: shopDocument(web.port),
      headers: { "X-Api-Key": SECRET },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OpenApiImportResult>().created;
    expect(created.map((tool) => tool.name)).toEqual([
      "getOrder",
      "cancel_order",
      "addOrderNote",
      "get_orders_search_by-status",
    ]);
    const note = created.find((tool) => tool.name === "addOrderNote") as Tool;
    expect(note).toMatchObject({
      kind: "http",
      method: "POST",
      url: `${web.base}/orders/{orderId}/notes`,
      description: "Add a note to an order",
      approval: "ask",
      queryParameters: ["notify"],
      bodyParameter: "body",
      headers: [{ name: "X-Api-Key", hint: "••••qrst" }],
    });
    expect(note.parameters).toEqual({
      type: "object",
      properties: {
        orderId: { type: "string", description: "The order's number" },
        notify: { type: "boolean", description: "Email the customer" },
        body: {
          type: "object",
          required: ["text"],
          properties: {
            text: { type: "string", maxLength: 500 },
            category: {
              type: "object",
              properties: {
                name: { type: "string" },
                parent: { type: "object", description: "A Category (nested as above)" },
              },
            },
          },
        },
      },
      required: ["orderId", "notify", "body"],
    });
    const search = created.find((tool) => tool.name === "get_orders_search_by-status") as Tool;
    expect(search.parameters).toEqual({
      type: "object",
      properties: {
        status: { type: "string", enum: ["open", "shipped", "cancelled"] },
        limit: { type: "integer", minimum: 1, maximum: 50 },
      },
      required: ["status"],
    });
    expect(created.find((tool) => tool.name === "getOrder")?.approval).toBe("auto");
    const listed = (await send(owner, "GET", `/api/agents/${agentId}/tools`)).json<Tool[]>();
    expect(listed.map((tool) => tool.name)).toEqual(created.map((tool) => tool.name));

    // Secrets sealed at rest as a hand-made action's; the audit names the tools and the header, not its value.
    const rows = await t.deps.db.db.select().from(agentTools).where(eq(agentTools.agentId, agentId));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(SECRET);
    const [audit] = await t.deps.db.db.select().from(auditLog).where(eq(auditLog.action, "agent_tool.import"));
    expect(audit).toMatchObject({ actorId: owner.id, targetType: "agent", targetId: agentId });
    expect(audit.detail).toMatchObject({ title: "Shop orders", baseUrl: web.base, headerNames: ["X-Api-Key"] });
    expect(JSON.stringify(audit.detail)).toContain("addOrderNote");
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(res.body).not.toContain(SECRET);

    // The same document again: every name is taken, so nothing is left to import.
    const again = await importInto(agentId, { document: shopDocument(web.port) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "OPENAPI_NOTHING_TO_IMPORT" });
  });

  it("imports only the chosen operations, by operationId or METHOD /path, with the approval asked for", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const res = await importInto(agentId, {
      document: shopDocument(web.port),
      operations: ["getOrder", "post /orders/{orderId}/notes"],
      approval: { "POST /orders/{orderId}/notes": "auto" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OpenApiImportResult>().created.map((tool) => [tool.name, tool.approval])).toEqual([
      ["getOrder", "auto"],
      ["addOrderNote", "auto"],
    ]);
    const unknown = await importInto(agentId, {
      document: shopDocument(web.port),
      operations: ["nope"],
      dryRun: false,
    });
    expect(unknown.json()).toMatchObject({ code: "OPENAPI_OPERATION_UNKNOWN" });
    const unusable = await importInto(agentId, { document: shopDocument(web.port), operations: ["uploadCatalog"] });
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json()).toMatchObject({ code: "OPENAPI_OPERATION_UNUSABLE", operation: "PUT /catalog/upload" });
  });

  it("sends an imported action's call with the path filled, the query parameters in the query and the body as JSON", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const res = await importInto(agentId, {
      document: shopDocument(web.port),
      operations: ["addOrderNote", "getOrder"],
      approval: "auto",
      headers: { "X-Api-Key": SECRET },
    });
    expect(res.statusCode, res.body).toBe(201);
    web.seen.length = 0;
    fake.setBehaviour({
      replyText: "Noted, and the customer was told.",
      toolCallQueue: [
        {
          calls: [
            {
              name: "addOrderNote",
              arguments: JSON.stringify({ orderId: "A 17/x", notify: true, body: { text: "Gift wrap" } }),
            },
            { name: "getOrder", arguments: JSON.stringify({ orderId: "A-17", expand: "lines", invented: "dropped" }) },
          ],
        },
      ],
    });
    const chat = await streamChat(base, owner, agentId, { message: "Add a gift wrap note to A 17/x" });
    expect(chat.status).toBe(200);
    expect(frameData<ChatSseToolResult>(chat.frames, "tool_result").map((r) => r.ok)).toEqual([true, true]);
    expect(frameData<ChatSseDone>(chat.frames, "done")[0].response).toBe("Noted, and the customer was told.");

    const post = web.seen.find((request) => request.method === "POST");
    expect(post?.url).toBe("/orders/A%2017%2Fx/notes?notify=true");
    expect(JSON.parse(post?.body ?? "null")).toEqual({ text: "Gift wrap" });
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.headers["x-api-key"]).toBe(SECRET);
    const get = web.seen.find((request) => request.method === "GET");
    expect(get?.url).toBe("/orders/A-17?expand=lines");
    expect(get?.body).toBe("");
  });

  it("refuses documents it cannot read, each with a sentence saying why", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const doc = shopDocument(web.port);
    const cases: [object, string, RegExp][] = [
      [{ document: "openapi: 3.0.0\ninfo: {}" }, "OPENAPI_INVALID", /not JSON/],
      [{ document: "[1, 2]" }, "OPENAPI_INVALID", /JSON object/],
      [{ document: { swagger: "2.0", paths: {} } }, "OPENAPI_INVALID", /Swagger 2/],
      [{ document: { ...doc, servers: [{ url: "/v1" }] } }, "OPENAPI_INVALID", /relative \(\/v1\)/],
      [{ document: { ...doc, servers: undefined } }, "OPENAPI_INVALID", /names no server/],
      [{ document: { ...doc, paths: {} } }, "OPENAPI_INVALID", /no operations/],
      [{ document: { ...doc, servers: [{ url: "https://{region}.example.com" }] } }, "OPENAPI_INVALID", /\{region\}/],
      [{ document: 42 }, "INVALID_INPUT", /document/],
    ];
    for (const [body, code, message] of cases) {
      const res = await importInto(agentId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code });
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const oversized = { ...doc, info: { ...doc.info, description: "x".repeat(OPENAPI_DOCUMENT_MAX_CHARS) } };
    const big = await importInto(agentId, { document: JSON.stringify(oversized) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: "OPENAPI_TOO_LARGE" });
    expect((await send(owner, "GET", `/api/agents/${agentId}/tools`)).json()).toEqual([]);
  });

  it("marks a schema that expands without end or points at nothing as not importable", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const schemas: Record<string, object> = { L0: { type: "string" } };
    for (let level = 1; level <= 20; level += 1) {
      const below = { $ref: `#/components/schemas/L${level - 1}` };
      schemas[`L${level}`] = { type: "object", properties: { a: below, b: below } };
    }
    const document = {
      openapi: "3.1.0",
      info: { title: "Hostile", version: "1" },
      servers: [{ url: web.base }],
      paths: {
        "/a": {
          post: {
            operationId: "bomb",
            requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/L20" } } } },
          },
        },
        "/b": { get: { operationId: "dangling", parameters: [{ $ref: "#/components/parameters/Gone" }] } },
        "/c": { get: { operationId: "remote", parameters: [{ $ref: "https://evil.example/p.json" }] } },
      },
      components: { schemas },
    };
    const res = await importInto(agentId, { document, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OpenApiImportResult>().operations.map((o) => o.problem)).toEqual([
      expect.stringMatching(/more than the model could be given/),
      expect.stringMatching(/points at nothing/),
      expect.stringMatching(/only local \$refs/),
    ]);
  });

  it("refuses to import from a host the tool policy does not allow, though the dry run still lists it", async () => {
    await setPolicy({ ...LOOPBACK_TOOL_POLICY, allowedHosts: ["api.example.com"] });
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const preview = await importInto(agentId, { document: shopDocument(web.port), dryRun: true });
    expect(preview.json<OpenApiImportResult>().hostAllowed).toBe(false);
    const res = await importInto(agentId, { document: shopDocument(web.port) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "OPENAPI_HOST_NOT_ALLOWED", host: "127.0.0.1" });
    expect((await send(owner, "GET", `/api/agents/${agentId}/tools`)).json()).toEqual([]);
  });

  it("refuses headers a hand-made action may not have, and creates nothing", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop" });
    const res = await importInto(agentId, {
      document: shopDocument(web.port),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_INPUT", field: "headers" });
    expect((await send(owner, "GET", `/api/agents/${agentId}/tools`)).json()).toEqual([]);
  });

  it("answers another user's agent 404, and lets an admin of the company import into a shared one", async () => {
    const agentId = await makeAgent(t, owner, { name: "Shop", visibility: "company" });
    const theirs = await importInto(agentId, { document: shopDocument(web.port), dryRun: true }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: "AGENT_NOT_FOUND" });
    const byAdmin = await importInto(agentId, { document: shopDocument(web.port), operations: ["getOrder"] }, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });
});
