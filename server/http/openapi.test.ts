/**
 * GET /api/openapi.json: a well-formed OpenAPI 3.1 document (every schema compiles as JSON
 * Schema 2020-12, every $ref resolves, every path parameter is declared), listing every /api
 * route the app registers, with the success answer of each route described by its schema.
 */
import { PassThrough } from "node:stream";
import { Ajv2020 } from "ajv/dist/2020.js";
import Fastify from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { needsAccessDecision } from "../auth/guards.js";
import { ROUTE_DECISIONS } from "../security/route-decisions.js";
import { routeKey, routeTable } from "../test-support/route-table.js";
import { startTestApp, type TestApp } from "../test-support/test-app.js";
import { fastSerializerCompiler } from "./fast-serializer.js";
import { eventStreamResponse, OPENAPI_PATH } from "./openapi.js";

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { description?: unknown; content?: Record<string, { schema?: object }> }>;
  tags?: string[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object>; securitySchemes?: Record<string, object> };
}

/** Routes whose owners have not declared response schemas yet (their success answer is undescribed). */
const UNDESCRIBED = new Set<string>([]);

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Fastify's /api/agents/:id as OpenAPI writes it: /api/agents/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

function* operations(doc: OpenApiDocument) {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) yield { path, method, operation };
  }
}

function* schemasOf(operation: Operation) {
  for (const parameter of operation.parameters ?? []) if (parameter.schema) yield parameter.schema;
  for (const media of Object.values(operation.requestBody?.content ?? {})) if (media.schema) yield media.schema;
  for (const response of Object.values(operation.responses)) {
    for (const media of Object.values(response.content ?? {})) if (media.schema) yield media.schema;
  }
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp("pglite");
    const res = await t.app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t.close());

  it("is served to anyone, signed in or not", async () => {
    // beforeAll fetched it without a cookie; the route declares public access, which the matrix checks.
    expect(doc.info.title).toBe("AgentDesk API");
  });

  it("is OpenAPI 3.1 whose schemas are valid JSON Schema 2020-12 and whose references resolve", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.version).toBe("string");
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    // Component schemas first, so that a $ref to one of them compiles.
    const document = { $id: "openapi.json", components: { schemas: doc.components?.schemas ?? {} } };
    ajv.addSchema(document);
    const problems: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!HTTP_METHODS.includes(method)) problems.push(`${where}: not an HTTP method`);
      if (Object.keys(operation.responses ?? {}).length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: status ${status}`);
        if (typeof response.description !== "string") problems.push(`${where} ${status}: no description`);
      }
      const declared = new Set((operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!declared.has(name)) problems.push(`${where}: path parameter ${name} is not declared`);
      }
      for (const p of operation.parameters ?? []) {
        if (p.in === "path" && p.required !== true) problems.push(`${where}: path parameter ${p.name} not required`);
      }
      for (const schema of schemasOf(operation)) {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/');
        try {
          ajv.compile(JSON.parse(text) as object);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists every /api route the app registers, and only those", () => {
    const registered = routeTable(t.app)
      // A WebSocket upgrade is no HTTP operation OpenAPI can describe; docs/api.md describes it.
      .filter((r) => r.url.startsWith("/api/") && r.url !== OPENAPI_PATH && r.method !== "HEAD" && !r.websocket)
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const documented = [...operations(doc)].map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort();
    expect(documented).toEqual(registered);
  });

  it("describes the success answer of every route with its schema, and says who may call it", () => {
    const missing: string[] = [];
    const nowDescribed: string[] = [];
    const apiRoutes = routeTable(t.app).filter(
      (r) => needsAccessDecision(r.url) && r.url.startsWith("/api/") && !r.websocket,
    );
    for (const route of apiRoutes.filter((r) => r.url !== OPENAPI_PATH)) {
      const key = routeKey(route);
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const decided = String(ROUTE_DECISIONS[key]?.allowed ?? 200);
      // A route the security world can only reach in a refusing state (a tool call that no longer
      // waits, a conversation nobody holds) is allowed a 4xx there; its success answer is its 2xx.
      const allowed =
        Number(decided) >= 400
          ? (Object.keys(operation?.responses ?? {}).find((status) => status.startsWith("2")) ?? decided)
          : decided;
      const success = operation?.responses[allowed];
      const described = success !== undefined && (allowed === "204" || allowed === "302" || success.content);
      if (UNDESCRIBED.has(key)) {
        if (described) nowDescribed.push(key);
      } else if (!described) {
        missing.push(`${key} (${allowed})`);
      }
      expect(operation?.tags?.length, key).toBe(1);
    }
    expect(missing).toEqual([]);
    // A route that gained its schema leaves UNDESCRIBED, so the list stays the truth.
    expect(nowDescribed).toEqual([]);
  });

  it("marks routes that need a session with the session cookie, and public ones without", () => {
    expect(doc.components?.securitySchemes).toEqual({ session: { type: "apiKey", in: "cookie", name: "sid" } });
    expect(doc.paths["/api/agents"].get).toMatchObject({ security: [{ session: [] }] });
    expect(doc.paths["/api/login"].post).not.toHaveProperty("security");
  });
});

describe("a route that answers JSON or an event stream", () => {
  it("serialises the JSON answer by its schema and sends the stream untouched", async () => {
    const app = Fastify();
    app.setSerializerCompiler(fastSerializerCompiler);
    const Reply = z.object({ response: z.string() });
    app.post(
      "/turn",
      { schema: { response: { 200: eventStreamResponse("The reply", Reply) } } },
      async (request, reply) => {
        if (request.headers.accept !== "text/event-stream") return { response: "Hi", internal: "not for clients" };
        const body = new PassThrough();
        body.end("event: done\ndata: {}\n\n");
        return reply.header("content-type", "text/event-stream; charset=utf-8").send(body);
      },
    );
    const json = await app.inject({ method: "POST", url: "/turn" });
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual({ response: "Hi" });
    const stream = await app.inject({ method: "POST", url: "/turn", headers: { accept: "text/event-stream" } });
    expect(stream.body).toBe("event: done\ndata: {}\n\n");
    await app.close();
  });
});
