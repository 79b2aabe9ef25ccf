/** Serves the built web app; unknown non-API paths get index.html so client routes load. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  if (!existsSync(join(webRoot, "index.html"))) {
    app.log.warn({ webRoot }, "web build not found; run `npm run build`");
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (res, path) => {
      res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    if (request.method !== "GET" || path.startsWith("/api/") || path === "/api" || path.startsWith("/ws-")) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
