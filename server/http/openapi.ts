/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the zod schemas the routes already
 * validate and serialise with (contracts/), served at GET /api/openapi.json. Nothing in it is
 * written by hand but the words below, so it cannot drift from what the server does. Also the
 * response declarations routes share that are not JSON: no content, a redirect, CSV, bytes.
 *
 * The document is public, like the web app's own JavaScript that calls the same routes: it
 * names routes and shapes, never data, and every route still enforces its access.
 */
import { type Access, PUBLIC, SESSION_COOKIE } from "./route-access.js";
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiErrorSchema } from "../../contracts/errors.js";

export const OPENAPI_PATH = "/api/openapi.json";

/** 204: the route answers with an empty body. */
export const NO_CONTENT = z.undefined().describe("No content");
/** 302: the route sends the browser on (the Location header says where). */
export const REDIRECT = z.undefined().describe("Redirect; the Location header says where to");

/** A CSV download (sent as text, so the zod serialiser never sees it). */
export function csvResponse(description: string) {
  return { description, content: { "text/csv": { schema: z.string() } } };
}

/**
 * A text/event-stream answer (a stream is sent as it is, never serialised); `json` is the
 * schema of the same status's JSON answer when the route also answers plain JSON.
 */
export function eventStreamResponse(description: string, json?: z.ZodType) {
  return {
    description,
    content: {
      ...(json ? { "application/json": { schema: json } } : {}),
      "text/event-stream": { schema: z.string().describe("Frames `event: <name>\\ndata: <one JSON line>\\n\\n`") },
    },
  };
}

/** Raw bytes of a media type (a Buffer is sent as it is, never serialised). */
export function bytesResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string().meta({ format: "binary" }) } } };
}

/** Operations grouped for the reader by the first words of their path. */
const TAGS: [RegExp, string][] = [
  [/^\/api\/agents\/:id\/knowledge/, "knowledge"],
  [/^\/api\/(agents|agent-templates)/, "agents"],
  [/^\/api\/(chat|conversations)/, "chat"],
  [/^\/api\/(voice|voice-conversations|tts|stt)(\/|$)/, "voice"],
  [/^\/api\/(signup|login|logout|auth)/, "auth"],
  [/^\/api\/admin\//, "admin"],
];

function tagOf(url: string): string {
  return TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? "account";
}

/** What the document describes: the API. Static files, the SPA's pages and sockets are not HTTP API. */
function isDocumented(url: string): boolean {
  return url.startsWith("/api/") && url !== OPENAPI_PATH;
}

const REFUSAL = z.toJSONSchema(ApiErrorSchema, { target: "draft-2020-12" });
const refusal = (description: string) => ({ description, content: { "application/json": { schema: REFUSAL } } });

const ACCESS_WORDS: Record<Access, string> = {
  public: "Anyone may call it.",
  user: "Needs a signed-in, approved user (401 otherwise).",
  admin: "Needs a signed-in administrator (401 signed out, 403 for other users).",
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod transform, plus who may call each route and the `{ message }` every refusal carries. */
function transform(input: TransformInput) {
  if (!isDocumented(input.url)) return { schema: { hide: true }, url: input.url };
  const { url, schema = {} } = jsonSchemaTransform(input);
  const access = (input.route.config as { access?: Access } | undefined)?.access ?? "public";
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  response["4XX"] = refusal("Refused: bad input, not signed in, not allowed, not found…");
  response["5XX"] = refusal("The server, the database or a provider behind it failed");
  return {
    url,
    schema: {
      ...schema,
      response,
      tags: [tagOf(url)],
      description: ACCESS_WORDS[access],
      ...(access === "public" ? {} : { security: [{ session: [] }] }),
    },
  };
}

/** Registers the generator (before any route, so it sees them all) and GET /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "AgentDesk API",
        version: "1",
        description:
          "Every route answers JSON unless its response says otherwise. Refusals are `{ message }` " +
          "with a status a person can act on. Behaviour the schemas cannot say (streaming, locks, " +
          "what a turn stores) is in docs/api.md.",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      },
    },
    transform,
  });
  app.get(OPENAPI_PATH, { ...PUBLIC, schema: { hide: true } }, async () => app.swagger());
}
