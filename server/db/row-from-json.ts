/**
 * A table's row read as json (row_to_json) inside a larger statement, turned back into the row
 * type the rest of the code uses: row_to_json names columns as the database does and carries
 * timestamps as text, and drizzle's own column mappers undo both. Lets one hand-written
 * statement (built once, prepared: db/named-statement.ts) return whole rows of several tables.
 */
import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

export function rowFromJson<T extends Table>(table: T, value: unknown): InferSelectModel<T> | null {
  const raw: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (typeof raw !== "object" || raw === null) return null;
  const fields = raw as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const driverValue = fields[column.name];
    row[key] = driverValue === null || driverValue === undefined ? null : column.mapFromDriverValue(driverValue);
  }
  // Every column of the table was filled from the row above, so the shape is the table's.
  return row as InferSelectModel<T>;
}
