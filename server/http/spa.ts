/**
 * Serves the built web app; unknown non-API GETs (and HEADs) get index.html so client routes load.
 * Files are sent as the build pre-compressed them (web-build/precompress.ts: `.br`, `.gz`)
 * when the client accepts it, index.html included, with `Vary: Accept-Encoding`.
 * Unknown /api paths (and everything when no build is given) answer 404 JSON.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export async function registerSpaAndNotFound(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasBuild = Boolean(webRoot && existsSync(join(webRoot, "index.html")));
  if (webRoot && !hasBuild) app.log.warn({ webRoot }, "web build not found; run `npm run build`");
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
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
