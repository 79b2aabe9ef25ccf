/**
 * Liveness and readiness for load balancers and orchestrators. Readiness waits for a database
 * connection no longer than the pool's connect timeout, so a probe never hangs either.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/connect.js";
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "./error-handler.js";

/** Outside /api, so not in the OpenAPI document; declared all the same, so they serialise like every other answer. */
const Alive = z.object({ status: z.literal("ok") });
const Ready = z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) });
const Unready = z.object({ status: z.literal("unavailable"), message: z.string() });

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get("/healthz", { schema: { response: { 200: Alive } } }, async () => ({ status: "ok" as const }));
  routes.get("/readyz", { schema: { response: { 200: Ready, 503: Unready } } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: "ready" as const, database: database.engine };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return reply
        .status(503)
        .header("Retry-After", String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ status: "unavailable" as const, message: "Database is not reachable" });
    }
  });
}
