/**
 * An agent row read as json (row_to_json) inside a larger statement, turned back into the row
 * type the rest of the code uses: row_to_json names columns as the database does and carries
 * timestamps as text, and drizzle's own column mappers undo both.
 */
import { getTableColumns } from "drizzle-orm";
import type { AgentRow } from "../agents/agent-view.js";
import { agents } from "../db/schema.js";

export function agentFromJson(value: unknown): AgentRow | null {
  const raw: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (typeof raw !== "object" || raw === null) return null;
  const fields = raw as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(agents))) {
    const driverValue = fields[column.name];
    row[key] = driverValue === null || driverValue === undefined ? null : column.mapFromDriverValue(driverValue);
  }
  // Every column of the table was filled from the row above, so the shape is AgentRow's.
  return row as AgentRow;
}
