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
 *   that calls a volatile or writing function, `for update`) forgets every answer. No table is
 *   tracked: triggers and cascades write tables a statement does not name.
 * - A read's answer is kept only if no other statement started or ended while it ran (a
 *   generation counter), so an answer never outlives a write that overtook it.
 * - Reads inside a transaction go through the transaction's own handle and are never kept or
 *   answered from here.
 * - Answers are copied in and out, so a caller that changes its rows changes no one else's.
 * - Bounded: small answers only, a fixed number of entries and bytes, least recently used first out.
 */
import type { PGlite, QueryOptions } from "@electric-sql/pglite";

/** Entries and approximate bytes the cache may hold; an answer larger than ENTRY_BYTES is never kept. */
export const READ_CACHE_LIMITS = { entries: 1_000, bytes: 8 * 1024 * 1024, entryBytes: 256 * 1024 };

/**
 * Functions whose answer changes without a write, or that write: a read calling one is never kept.
 * The app's own writing functions (migration 0026) are here by name;
 * pglite-read-cache.test.ts fails when a migration defines a function this list does not settle.
 */
export const UNCACHEABLE_CALLS = [
  "now",
  "current_timestamp",
  "current_date",
  "current_time",
  "localtime",
  "localtimestamp",
  "clock_timestamp",
  "statement_timestamp",
  "transaction_timestamp",
  "timeofday",
  "random",
  "setseed",
  "gen_random_uuid",
  "nextval",
  "currval",
  "lastval",
  "setval",
  "set_config",
  "txid_current",
  "usage_fill_closed_periods",
  "usage_forget_closed_day",
];

const UNCACHEABLE = new RegExp(`\\b(${UNCACHEABLE_CALLS.join("|")})\\b`, "i");
/** Words that make a statement more than a read, wherever they stand (a data-modifying CTE, a lock). */
const NOT_A_READ =
  /\b(insert|update|delete|merge|into|for\s+(update|share|no\s+key\s+update|key\s+share)|pg_\w+|lo_\w+)\b/i;

/** True when `text` is one statement that only reads, and its answer depends on nothing but the data and its parameters. */
export function isCacheableRead(text: string): boolean {
  const start = /^[\s(]*(select|with)\b/i.exec(text);
  if (!start) return false;
  return !NOT_A_READ.test(text) && !UNCACHEABLE.test(text) && !text.includes(";");
}

/** The answer's key, or null when its parameters or options cannot be told apart by text. */
function keyOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): string | null {
  if (options) {
    for (const name of Object.keys(options)) if (name !== "rowMode" && name !== "parsers") return null;
  }
  const values: unknown[] = [];
  for (const param of params ?? []) {
    if (param === null || param === undefined) values.push(null);
    else if (param instanceof Date) values.push({ date: param.getTime() });
    else if (typeof param === "string" || typeof param === "number" || typeof param === "boolean") values.push(param);
    else return null;
  }
  // Drizzle makes new parser functions for every query, the same ones by type: the types name them.
  const parsers = options?.parsers ? Object.keys(options.parsers).join(",") : "default";
  return JSON.stringify([options?.rowMode ?? "object", parsers, text, values]);
}

/** Roughly the bytes `value` holds, stopping once past `limit`. */
function approximateBytes(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length && total <= limit) {
    const item = stack.pop();
    if (typeof item === "string") total += 2 * item.length + 16;
    else if (item instanceof Uint8Array) total += item.byteLength + 16;
    else if (Array.isArray(item)) {
      total += 16;
      stack.push(...item);
    } else if (item && typeof item === "object" && !(item instanceof Date)) {
      total += 16;
      for (const entry of Object.values(item)) stack.push(entry);
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
export function cacheReadsOf(client: PGlite, limits = READ_CACHE_LIMITS): () => ReadCacheStats {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const forget = () => {
    generation++;
    if (entries.size) {
      entries.clear();
      bytes = 0;
    }
  };

  /** Runs a statement that may change the data: every answer is forgotten before and after it. */
  const aroundChange = async <T>(run: () => Promise<T>): Promise<T> => {
    forget();
    try {
      return await run();
    } finally {
      forget();
    }
  };

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const key = isCacheableRead(text) ? keyOf(text, params, options) : null;
    if (key === null) return aroundChange(() => query(text, params, options));
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
    if (generation === asked) {
      const size = approximateBytes(answer, limits.entryBytes);
      if (size <= limits.entryBytes) {
        entries.set(key, { answer: structuredClone(answer), bytes: size });
        bytes += size;
        for (const [oldest, entry] of entries) {
          if (entries.size <= limits.entries && bytes <= limits.bytes) break;
          entries.delete(oldest);
          bytes -= entry.bytes;
        }
      }
    }
    return answer;
  }) as PGlite["query"];

  client.exec = ((...args: Parameters<PGlite["exec"]>) => aroundChange(() => exec(...args))) as PGlite["exec"];

  client.transaction = ((...args: Parameters<PGlite["transaction"]>) =>
    aroundChange(() => transaction(...args))) as PGlite["transaction"];

  const stats = () => ({ hits, misses, entries: entries.size, bytes });
  statsOfClients.set(client, stats);
  return stats;
}
