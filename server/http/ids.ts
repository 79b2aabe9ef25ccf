/**
 * Ids in paths. Rows are keyed by UUIDs; anything else cannot name a row, so a service answers
 * its resource's 404 for it ("User not found.") rather than a database error.
 */
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `:id` as any short string: the service, not the schema, answers 404 with the screen's text. */
export const IdParams = z.object({ id: z.string().max(100) });
