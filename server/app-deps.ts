/** Everything buildApp needs, passed in so tests can hand over a real database and fakes at the wire. */
import type { FastifyServerOptions } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database } from "./db/connect.js";
import type { EventBus } from "./realtime/event-bus.js";

export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  bus: EventBus;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
}
