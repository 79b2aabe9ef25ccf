/**
 * Liveness and readiness for load balancers and orchestrators. Readiness waits for a database
 * connection no longer than the pool's connect timeout, so a probe never hangs either.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/connect.js";
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "./error-handler.js";

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: "ready", database: database.engine };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return reply
        .status(503)
        .header("Retry-After", String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ status: "unavailable", message: "Database is not reachable" });
    }
  });
}
