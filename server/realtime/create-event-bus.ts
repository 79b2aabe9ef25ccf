/** Picks the event bus for the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
import type { Database } from "../db/connect.js";
import { createInProcessBus, type EventBus } from "./event-bus.js";

export async function createEventBus(database: Database): Promise<EventBus> {
  if (database.url) {
    const { createPostgresBus } = await import("./postgres-bus.js");
    return createPostgresBus(database.url);
  }
  return createInProcessBus();
}
