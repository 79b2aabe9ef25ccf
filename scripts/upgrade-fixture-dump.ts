/**
 * The upgrade fixture's rows.sql (scripts/make-upgrade-fixture.ts): a database's rows as plain
 * INSERT statements, table by table in load order, then the sequences, so an upgrade test can load
 * them into a database migrated up to the release that wrote them.
 */
import { listTablesInLoadOrder, quoteIdent, readSequences, readTableRows } from "../server/db/backup-queries.js";
import type { SqlSession } from "../server/db/backup-session.js";

/** Renders a row_to_json value as a SQL literal; the column's type turns the text back into the value. */
function literal(value: unknown, type: string): string {
  if (value === null) return "NULL";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = type === "jsonb" || type === "json" ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** Every row of every table, oldest first, as INSERT statements for the migration the rows were written at. */
export async function dumpInserts(
  session: SqlSession,
  migration: string,
): Promise<{ sql: string; rowCounts: Record<string, number> }> {
  const lines = [
    `-- Rows written by AgentDesk at migration ${migration}, through its API (scripts/make-upgrade-fixture.ts).`,
    `-- Load after applying the migrations up to and including ${migration}, and nothing newer.`,
  ];
  const rowCounts: Record<string, number> = {};
  for (const table of await listTablesInLoadOrder(session)) {
    const columns = await session.query<{ name: string; type: string }>(
      `select column_name as name, data_type as type from information_schema.columns
        where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    );
    const rows: Record<string, unknown>[] = [];
    for await (const json of readTableRows(session, table, 500)) rows.push(JSON.parse(json) as Record<string, unknown>);
    const writtenAt = (row: Record<string, unknown>) => (row.created_at ? Date.parse(String(row.created_at)) : 0);
    rows.sort((a, b) => writtenAt(a) - writtenAt(b)); // oldest first, the order the release wrote them
    rowCounts[table] = rows.length;
    lines.push("", `-- ${table}: ${rows.length} rows`);
    const names = columns.map((c) => quoteIdent(c.name)).join(", ");
    for (const row of rows) {
      const values = columns.map((c) => literal(row[c.name], c.type)).join(", ");
      lines.push(`INSERT INTO ${quoteIdent(table)} (${names}) VALUES (${values});`);
    }
  }
  lines.push("", "-- sequences, where the release left them");
  for (const s of await readSequences(session)) {
    lines.push(`SELECT setval('public.${quoteIdent(s.name)}', ${s.lastValue}, ${s.isCalled});`);
  }
  return { sql: `${lines.join("\n")}\n`, rowCounts };
}
