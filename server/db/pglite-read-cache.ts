/**
 * Answers to repeated reads on the embedded engine, kept until the next write (decision 173).
 *
 * PGlite runs inside this process and nothing else writes to its files: every change to the
 * database passes through this instance's `query`, `exec` or `transaction`. So the answer to a
 * read stays true until the next statement that is not a plain read, and a read asked again
 * before then can be answered without the engine — which, compiled to WebAssembly and run on
 * the event loop's thread, spends ~1 ms on a query PostgreSQL answers from another core.
 *
 * What makes it safe:
 * - Any statement not recognised as a plain read (a write, DDL, `exec`, a transaction, a read
 *   that calls a volatile function, `for update`) forgets every answer. No table is tracked:
 *   triggers and cascades write tables a statement does not name.
 * - Which functions are volatile (they write, like the app's `usage_fill_closed_periods`, or
 *   answer differently each time, like `random` or `uuidv7`) is read from the catalogue when the
 *   cache is installed and again after any statement that creates, alters or drops something.
 *   Stable functions that follow the clock (`now`, `current_date`, `'today'`...) are named here:
 *   reads that use them run every time, but forget nothing. Functions created inside a
 *   transaction once the cache is installed are not seen until then: the app creates functions
 *   only in its migrations, which run before.
 * - A read's answer is kept only if no other statement started or ended while it ran (a
 *   generation counter), so an answer never outlives a write that overtook it.
 * - Reads inside a transaction go through the transaction's own handle and are never kept or
 *   answered from here.
 * - Answers are copied in and out, so a caller that changes its rows changes no one else's.
 * - Bounded: small answers only, a fixed number of entries and bytes (keys counted), least
 *   recently used first out. Closing the client empties and disables it.
 */
import type { PGlite, QueryOptions } from "@electric-sql/pglite";

/** Entries and approximate bytes the cache may hold; an answer larger than ENTRY_BYTES is never kept. */
export const READ_CACHE_LIMITS = { entries: 1_000, bytes: 8 * 1024 * 1024, entryBytes: 256 * 1024 };

/**
 * Words that make a read's answer follow the clock or the transaction, wherever they stand: stable
 * functions (the catalogue calls them stable, since they hold still within a statement) and the
 * special date literals. Such a read runs every time.
 */
export const CLOCK_WORDS = [
  "now",
  "current_timestamp",
  "current_date",
  "current_time",
  "localtime",
  "localtimestamp",
  "statement_timestamp",
  "transaction_timestamp",
  "age",
  "today",
  "tomorrow",
  "yesterday",
  "txid_current",
];

const FOLLOWS_THE_CLOCK = new RegExp(`\\b(${CLOCK_WORDS.join("|")})\\b`, "i");
/** Words that make a statement more than a read, wherever they stand (a data-modifying CTE, a lock, a sample). */
const NOT_A_READ =
  /\b(insert|update|delete|merge|into|for\s+(update|share|no\s+key\s+update|key\s+share)|tablesample|pg_\w+|lo_\w+)\b/i;
/** A function call's name, quoted or not, schema or not. */
const CALLED_NAME = /"?([a-z_][\w$]*)"?\s*\(/gi;
/** A statement after which the catalogue's functions are read again. */
const CHANGES_THE_SCHEMA = /\b(create|alter|drop)\b/i;

/** The names of the volatile functions `client` knows now (PostgreSQL's, its extensions', the app's). */
export async function volatileFunctionNames(client: Pick<PGlite, "query">): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    "select distinct lower(proname) as name from pg_proc where provolatile = 'v'",
  );
  return new Set(rows.map((row) => row.name));
}

export type StatementKind =
  /** Only reads, and its answer depends on nothing but the data and its parameters. */
  | "cacheable read"
  /** Only reads, but its answer follows the clock: run every time, forgetting nothing. */
  | "clock read"
  /** May change the data (or the session, or the schema), or could not be told apart from one. */
  | "change";

/** What `text` is, given the names of the volatile functions (null while they are being read: all changes). */
export function kindOfStatement(text: string, volatile: ReadonlySet<string> | null): StatementKind {
  if (!volatile || !/^[\s(]*(select|with)\b/i.test(text)) return "change";
  if (NOT_A_READ.test(text) || text.includes(";")) return "change";
  for (const [, name] of text.matchAll(CALLED_NAME)) if (volatile.has(name!.toLowerCase())) return "change";
  return FOLLOWS_THE_CLOCK.test(text) ? "clock read" : "cacheable read";
}

/** The answer's key, or null when its parameters or options cannot be told apart by text. */
function keyOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): string | null {
  if (options) {
    for (const name of Object.keys(options)) if (name !== "rowMode" && name !== "parsers") return null;
  }
  const values: unknown[] = [];
  for (const param of params ?? []) {
    if (param === null || param === undefined) values.push(null);
    else if (param instanceof Date && Number.isFinite(param.getTime())) values.push({ date: param.getTime() });
    else if (typeof param === "number" && Number.isFinite(param)) values.push(param);
    // JSON would write NaN and ±Infinity as null: such a number is not told apart, so never kept.
    else if (typeof param === "string" || typeof param === "boolean") values.push(param);
    else return null;
  }
  // Drizzle makes new parser functions for every query, the same ones by type: the types name them.
  const parsers = options?.parsers ? Object.keys(options.parsers).join(",") : "default";
  return JSON.stringify([options?.rowMode ?? "object", parsers, text, values]);
}

/** Roughly the bytes `value` holds, or anything above `limit` once it is past it. */
function approximateBytes(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length && total <= limit) {
    const item = stack.pop();
    if (typeof item === "string") total += 2 * item.length + 16;
    else if (item instanceof Uint8Array) total += item.byteLength + 16;
    else if (item && typeof item === "object" && !(item instanceof Date)) {
      const children = Array.isArray(item) ? item : Object.values(item);
      // Each child holds at least 8 bytes: a list that cannot fit is not walked (nor spread).
      total += 16 + 8 * children.length;
      if (total > limit) break;
      for (const child of children) stack.push(child);
      total -= 8 * children.length;
    } else total += 8;
  }
  return total;
}

interface Entry {
  answer: unknown;
  bytes: number;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

const statsOfClients = new WeakMap<PGlite, () => ReadCacheStats>();

/** The counters of the cache in front of `client`, or null when it has none. */
export function readCacheStatsOf(client: PGlite): ReadCacheStats | null {
  return statsOfClients.get(client)?.() ?? null;
}

/**
 * Puts the cache in front of `client`'s own `query`, `exec` and `transaction` (the methods every
 * caller, drizzle included, reaches it through). Returns its counters (also readCacheStatsOf).
 */
export async function cacheReadsOf(client: PGlite, limits = READ_CACHE_LIMITS): Promise<() => ReadCacheStats> {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;
  let closed = false;

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);

  /** Null while the catalogue is being read again after a schema change: every statement is then a change. */
  let volatile: ReadonlySet<string> | null = await volatileFunctionNames({ query });
  let reading: Promise<void> | null = null;
  const readTheCatalogueAgain = () => {
    volatile = null;
    const read: Promise<void> = volatileFunctionNames({ query }).then(
      (names) => {
        if (reading === read) volatile = names;
      },
      () => {}, // left null: nothing is kept until the next schema change reads it again
    );
    reading = read;
  };

  const forget = () => {
    generation++;
    if (entries.size) {
      entries.clear();
      bytes = 0;
    }
  };

  /** Runs a statement that may change the data: every answer is forgotten before and after it. */
  const aroundChange = async <T>(run: () => Promise<T>, schemaToo: boolean): Promise<T> => {
    forget();
    try {
      return await run();
    } finally {
      forget();
      if (schemaToo && !closed) readTheCatalogueAgain();
    }
  };

  const keep = (key: string, answer: unknown) => {
    // The key is held too: a statement with a long text parameter costs its length.
    const size = approximateBytes(answer, limits.entryBytes) + 2 * key.length;
    if (size > limits.entryBytes) return;
    const replaced = entries.get(key);
    if (replaced) {
      entries.delete(key);
      bytes -= replaced.bytes;
    }
    entries.set(key, { answer: structuredClone(answer), bytes: size });
    bytes += size;
    for (const [oldest, entry] of entries) {
      if (entries.size <= limits.entries && bytes <= limits.bytes) break;
      entries.delete(oldest);
      bytes -= entry.bytes;
    }
  };

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const kind = closed ? "clock read" : kindOfStatement(text, volatile);
    if (kind === "change") return aroundChange(() => query(text, params, options), CHANGES_THE_SCHEMA.test(text));
    const key = kind === "cacheable read" ? keyOf(text, params, options) : null;
    // A read that cannot be kept changes nothing either: it runs, and the answers stay.
    if (key === null) return query(text, params, options);
    const kept = entries.get(key);
    if (kept) {
      hits++;
      // Most recently used last: the first entry is the one to drop.
      entries.delete(key);
      entries.set(key, kept);
      return structuredClone(kept.answer);
    }
    misses++;
    const asked = generation;
    const answer = await query(text, params, options);
    if (generation === asked && !closed) keep(key, answer);
    return answer;
  }) as PGlite["query"];

  client.exec = ((...args: Parameters<PGlite["exec"]>) => aroundChange(() => exec(...args), true)) as PGlite["exec"];

  client.transaction = ((...args: Parameters<PGlite["transaction"]>) =>
    aroundChange(() => transaction(...args), false)) as PGlite["transaction"];

  client.close = (() => {
    closed = true;
    forget();
    return close();
  }) as PGlite["close"];

  const stats = () => ({ hits, misses, entries: entries.size, bytes });
  statsOfClients.set(client, stats);
  return stats;
}
