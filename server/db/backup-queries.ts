/**
 * The SQL of backups and restores. Tables and sequences are read from the catalogue rather
 * than listed by hand, so a table added by a later migration is backed up without anyone
 * remembering to. Rows travel as row_to_json text and come back through
 * json_populate_recordset, which both engines speak and which keeps bytea, jsonb and
 * timestamps exact.
 */
import type { SqlSession } from "./backup-session.js";

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function readAppliedMigrationTime(session: SqlSession): Promise<number | null> {
  const [{ present }] = await session.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present) return null;
  const rows = await session.query<{ created_at: string | number }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  return rows.length ? Number(rows[0].created_at) : null;
}

/**
 * The app's tables, parents before children, so rows can be inserted with foreign keys on. A
 * deferrable key (a conversation's chosen message) is checked at commit, so it orders nothing:
 * that is how the two tables that point at each other load in one transaction.
 */
export async function listTablesInLoadOrder(session: SqlSession): Promise<string[]> {
  const tables = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const edges = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid and not k.condeferrable`,
  );
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents].filter(([, ps]) => [...ps].every((p) => !parents.has(p))).map(([name]) => name);
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${[...parents.keys()].join(", ")}`);
    for (const name of ready) {
      ordered.push(name);
      parents.delete(name);
    }
  }
  return ordered;
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export async function readSequences(session: SqlSession): Promise<SequenceState[]> {
  const names = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [row] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${quoteIdent(name)}`,
    );
    states.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return states;
}

export async function writeSequence(session: SqlSession, state: SequenceState): Promise<void> {
  await session.query("select setval(('public.' || quote_ident($1))::regclass, $2::bigint, $3)", [
    state.name,
    state.lastValue,
    state.isCalled,
  ]);
}

/**
 * Streams a table inside the caller's transaction, a batch at a time, without holding it all in
 * memory. A table that references itself (a reply's `reply_to` names a user message) lists the
 * rows that reference nothing first: a restore inserts in batches, and in the table's physical
 * order a reply can come before its message, in an earlier batch, which its key refuses (seen
 * under load). Then physical order: a message's parent (a branch's) was inserted before it, its
 * key checked at that moment, so it sits earlier unless an update moved it; deeper chains
 * (messages.parent_id) mostly come out parents first. A recursive order is the thorough fix.
 */
export async function* readTableRows(session: SqlSession, table: string, batchSize: number): AsyncGenerator<string> {
  const cursor = `backup_${table.replace(/\W/g, "_")}`;
  const selfReferences = await selfReferencingColumns(session, table);
  const order = selfReferences.length
    ? ` order by ${selfReferences.map((column) => `(t.${quoteIdent(column)} is not null)`).join(", ")}, t.ctid`
    : "";
  await session.exec(
    `declare ${quoteIdent(cursor)} no scroll cursor for select row_to_json(t)::text as r from public.${quoteIdent(table)} t${order}`,
  );
  for (;;) {
    const rows = await session.query<{ r: string }>(`fetch ${batchSize} from ${quoteIdent(cursor)}`);
    for (const row of rows) yield row.r;
    if (rows.length < batchSize) break;
  }
  await session.exec(`close ${quoteIdent(cursor)}`);
}

/**
 * `rowsJson` is a JSON array of row_to_json objects from a backup. Generated columns (the
 * knowledge chunks' word index) are left out: PostgreSQL computes them and refuses a value.
 */
export async function insertTableRows(session: SqlSession, table: string, rowsJson: string): Promise<void> {
  const t = `public.${quoteIdent(table)}`;
  const columns = await session.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  const list = columns.map((c) => quoteIdent(c.name)).join(", ");
  await session.query(`insert into ${t} (${list}) select ${list} from json_populate_recordset(null::${t}, $1::json)`, [
    rowsJson,
  ]);
}

export async function countTableRows(session: SqlSession, table: string): Promise<number> {
  const [row] = await session.query<{ n: number }>(`select count(*)::int as n from public.${quoteIdent(table)}`);
  return row.n;
}

/** A restore goes only into a database with none of our tables and no migration history. */
export async function databaseIsEmpty(session: SqlSession): Promise<boolean> {
  const [row] = await session.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = 'public' and c.relkind in ('r', 'p'))
         or (n.nspname = 'drizzle' and c.relname = '__drizzle_migrations')`,
  );
  return row.n === 0;
}

/** The columns of `table` in a foreign key to `table` itself. */
async function selfReferencingColumns(session: SqlSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select a.attname as name from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.conrelid = c.confrelid and c.conrelid = ('public.' || quote_ident($1))::regclass
      order by a.attname`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** What a PostgreSQL database held before a restore began: its schemas, extensions and public objects. */
export interface DatabaseObjects {
  schemas: string[];
  extensions: string[];
  relations: string[];
  types: string[];
  functions: string[];
}

export async function listDatabaseObjects(session: SqlSession): Promise<DatabaseObjects> {
  const names = async (text: string) => (await session.query<{ name: string }>(text)).map((row) => row.name);
  return {
    schemas: await names(`select nspname as name from pg_namespace`),
    extensions: await names(`select extname as name from pg_extension`),
    // "kind public.name", the kind being the word its DROP statement takes.
    relations: await names(
      `select (case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                when 'f' then 'foreign table' else 'table' end) || ' public.' || quote_ident(c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        order by c.relkind <> 'r', c.relkind <> 'p'`,
    ),
    types: await names(
      `select quote_ident(t.typname) as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd', 'c')
          and not exists (select 1 from pg_class c where c.reltype = t.oid and c.relkind <> 'c')`,
    ),
    functions: await names(
      `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    ),
  };
}

/**
 * Drops what a failed restore made (its migrations run before the rows' transaction), so that
 * the retry finds the database as empty as the operator left it; what was there before stays.
 */
export async function dropObjectsMadeSince(session: SqlSession, before: DatabaseObjects): Promise<void> {
  const now = await listDatabaseObjects(session);
  const made = (key: keyof DatabaseObjects) => now[key].filter((name) => !before[key].includes(name));
  // Tables first; a table's drop takes its own sequences with it, hence "if exists" for the rest.
  for (const relation of made("relations")) {
    const [, kind, name] = /^(.*) (public\..*)$/.exec(relation) ?? [];
    await session.exec(`drop ${kind} if exists ${name} cascade`);
  }
  for (const name of made("functions")) await session.exec(`drop function if exists ${name} cascade`);
  for (const name of made("types")) await session.exec(`drop type if exists public.${name} cascade`);
  for (const name of made("extensions")) await session.exec(`drop extension if exists "${name}" cascade`);
  for (const name of made("schemas")) await session.exec(`drop schema if exists "${name}" cascade`);
}
