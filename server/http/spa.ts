/**
 * Serves the built web app; unknown non-API GETs (and HEADs) get index.html so client routes load.
 * Files are sent as the build pre-compressed them (web-build/precompress.ts: `.br`, `.gz`)
 * when the client accepts it, index.html included, with `Vary: Accept-Encoding`.
 * A request with a session cookie gets index.html naming the signed-in frame's and the page's
 * chunks instead (signed-in-document.ts), private to that browser; both vary on Cookie.
 * Unknown /api paths (and everything when no build is given) answer 404 JSON.
 */
import { SESSION_COOKIE } from "./route-access.js";
import { errorBody } from "../../contracts/errors.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "./accept-encoding.js";
import { createSignedInDocuments, type SignedInDocument } from "./signed-in-document.js";
import { ALWAYS_SIGNED_OUT_PATHS, PAGE_MODULES, signedInPageAt } from "../../contracts/pages.js";

export async function registerSpaAndNotFound(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasBuild = Boolean(webRoot && existsSync(join(webRoot, "index.html")));
  if (webRoot && !hasBuild) app.log.warn({ webRoot }, "web build not found; run `npm run build`");
  const signedInDocuments = webRoot && hasBuild ? createSignedInDocuments(webRoot) : undefined;
  if (webRoot && hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Brotli, then gzip, then the file itself, by the request's Accept-Encoding; sendFile too.
      preCompressed: true,
      // The compressed files are alternate encodings of their originals, not pages of their own.
      globIgnore: ["**/*.br", "**/*.gz"],
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, path) => {
        res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    const isApi = path === "/api" || path.startsWith("/api/") || path.startsWith("/ws-");
    // HEAD as well as GET: uptime checks ask for pages with HEAD.
    const isPageRead = request.method === "GET" || request.method === "HEAD";
    if (!hasBuild || !isPageRead || isApi) {
      return reply.status(404).send(errorBody("ROUTE_NOT_FOUND", { method: request.method, path }));
    }
    // Which document a page gets depends on the cookie: no cache may hand one to the other.
    reply.header("Vary", "Cookie");
    if (signedInDocuments && request.cookies[SESSION_COOKIE] && !ALWAYS_SIGNED_OUT_PATHS.includes(path)) {
      return sendSignedInDocument(request, reply, signedInDocuments.forPage(PAGE_MODULES[signedInPageAt(path)]));
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}

function sendSignedInDocument(request: FastifyRequest, reply: FastifyReply, document: SignedInDocument) {
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  reply
    .header("Cache-Control", "private, no-cache")
    .header("Vary", "Cookie, Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (encoding) reply.header("Content-Encoding", encoding);
  return reply.send(encoding === "br" ? document.br : encoding === "gzip" ? document.gzip : document.html);
}
