/** Liveness and readiness for load balancers and orchestrators. */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/connect.js";

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: "ready", database: database.engine };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return reply.status(503).send({ status: "unavailable", message: "Database is not reachable" });
    }
  });
}
