/**
 * GET /metrics in Prometheus text format, for administrators (the same session check as every
 * admin route). Each app has its own prom-client Registry: tests build many apps in one
 * process, and a metric registered twice on the global registry throws.
 *
 * What it reports: request latency per route pattern and status; time to the first token of a
 * reply (observed by the turn code through `app.metrics.observeTimeToFirstToken`); event
 * streams open right now; the PostgreSQL pool's connections and queued queries; event-loop
 * delay since the previous scrape; resident memory.
 */
import { ADMIN_ONLY } from "./route-access.js";
import type { ServerResponse } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/connect.js";
import { readCacheStatsOf, type ReadCacheStats } from "../db/pglite-read-cache.js";

export const METRICS_PATH = "/metrics";

export type TurnKind = "text" | "voice";

export interface AppMetrics {
  readonly registry: Registry;
  /** A reply's first token left for the client this long after its request arrived. */
  observeTimeToFirstToken(kind: TurnKind, seconds: number): void;
  /**
   * For one turn whose request arrived at `arrivedAt` (performance.now()): call the returned
   * function on every token sent; the first call is observed, the rest cost one comparison.
   */
  firstTokenTimer(kind: TurnKind, arrivedAt: number): () => void;
  /** Counts `res` as an open event stream of `route` until its connection closes. */
  trackStream(res: ServerResponse, route: string): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** From a cached read (1 ms) to a slow report; above 10 s is a stream or a stuck request. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The model's first token: tens of milliseconds locally, seconds from a busy provider. */
const FIRST_TOKEN_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Requests no route matched share one label, so random URLs cannot grow the series without bound. */
const UNMATCHED_ROUTE = "unmatched";
const EVENT_LOOP_QUANTILES = [0.5, 0.9, 0.99];

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

export function registerMetrics(app: FastifyInstance, database: Database): AppMetrics {
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the last byte of its answer, by route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const firstToken = new Histogram({
    name: "agentdesk_time_to_first_token_seconds",
    help: "Time from a chat or voice turn's request to the first token of its reply leaving for the client",
    labelNames: ["kind"] as const,
    buckets: FIRST_TOKEN_BUCKETS,
    registers,
  });
  const openStreams = new Gauge({
    name: "agentdesk_open_event_streams",
    help: "Responses streaming text/event-stream right now, by route pattern",
    labelNames: ["route"] as const,
    registers,
  });
  registerEventLoopDelay(app, registers);
  registerPoolGauges(database, registers);
  new Gauge({
    name: "process_resident_memory_bytes",
    help: "Resident memory of this process",
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });

  function trackStream(res: ServerResponse, route: string): void {
    openStreams.inc({ route });
    res.once("close", () => openStreams.dec({ route }));
  }

  // On 'finish', hijacked replies (the chat stream) included; a client that leaves mid-answer is not timed.
  app.addHook("onResponse", (request, reply, done) => {
    requestDuration.observe(
      { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Only a request that asks for an event stream can get one, so other requests pay nothing more.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers.accept?.includes("text/event-stream")) {
      countIfEventStream(reply.raw, () => trackStream(reply.raw, routeOf(request)));
    }
    done();
  });

  const metrics: AppMetrics = {
    registry,
    observeTimeToFirstToken: (kind, seconds) => firstToken.observe({ kind }, seconds),
    firstTokenTimer(kind, arrivedAt) {
      let seen = false;
      return () => {
        if (seen) return;
        seen = true;
        firstToken.observe({ kind }, (performance.now() - arrivedAt) / 1000);
      };
    },
    trackStream,
  };
  app.decorate("metrics", metrics);
  app.get(METRICS_PATH, { ...ADMIN_ONLY, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("Content-Type", registry.contentType)
      .header("Cache-Control", "no-store")
      .send(await registry.metrics()),
  );
  return metrics;
}

/**
 * Calls `onEventStream` once if `res` starts a text/event-stream answer. The chat stream writes
 * its head itself (a hijacked reply) and the voice stream through Fastify; both pass through
 * writeHead, so that is where the content type is read, whatever the headers were set with.
 */
function countIfEventStream(res: ServerResponse, onEventStream: () => void): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead as ServerResponse["writeHead"];
    const result = writeHead.apply(this, args);
    if (/^text\/event-stream/i.test(contentTypeOf(res, args))) onEventStream();
    return result;
  } as ServerResponse["writeHead"];
}

function contentTypeOf(res: ServerResponse, writeHeadArgs: unknown[]): string {
  const fromArgs = writeHeadArgs.find((arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null);
  if (fromArgs && !Array.isArray(fromArgs)) {
    for (const [name, value] of Object.entries(fromArgs)) {
      if (name.toLowerCase() === "content-type") return String(value);
    }
  }
  return String(res.getHeader("content-type") ?? "");
}

/**
 * Event-loop delay sampled every 10 ms, reported as quantiles of the window since the previous
 * scrape (then reset): a stall shows in the scrape that follows it, not averaged into the
 * process's whole life. Two scrapers would split the windows between them.
 */
function registerEventLoopDelay(app: FastifyInstance, registers: Registry[]): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook("onClose", async () => delay.disable());
  const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);
  new Gauge({
    name: "nodejs_eventloop_delay_seconds",
    help: "Event-loop delay since the previous scrape: quantiles, and the maximum as quantile 1",
    labelNames: ["quantile"] as const,
    registers,
    collect() {
      for (const q of EVENT_LOOP_QUANTILES) this.set({ quantile: String(q) }, seconds(delay.percentile(q * 100)));
      this.set({ quantile: "1" }, seconds(delay.max));
      delay.reset();
    },
  });
}

/**
 * node-postgres pool figures, read at scrape time. PGlite has no pool: one in-process
 * connection runs one query at a time behind a private lock it does not measure, so on PGlite
 * these series are absent and a queue shows only as request latency.
 */
function registerPoolGauges(database: Database, registers: Registry[]): void {
  const pool = (database.db as { $client?: unknown }).$client;
  if (database.pglite) registerReadCacheGauges(database.pglite, registers);
  if (!(pool instanceof pg.Pool)) return;
  const gauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(pool));
      },
    });
  gauge("db_pool_connections", "Connections the PostgreSQL pool holds, busy or idle", (p) => p.totalCount);
  gauge("db_pool_idle_connections", "Connections of the pool waiting for a query", (p) => p.idleCount);
  gauge("db_pool_waiting_queries", "Queries waiting for a free connection of the pool", (p) => p.waitingCount);
  gauge("db_pool_max_connections", "The most connections the pool opens", (p) => p.options.max ?? 10);
}

/** The embedded engine's read cache (decision 173): how often a read was answered without the engine. */
function registerReadCacheGauges(client: PGlite, registers: Registry[]): void {
  const counter = (name: string, help: string, read: (stats: ReadCacheStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        // The cache keeps its own counts: the series reports them as they are at the scrape.
        this.reset();
        this.inc(read(readCacheStatsOf(client) ?? { hits: 0, misses: 0, entries: 0, bytes: 0 }));
      },
    });
  counter("db_read_cache_hits_total", "Reads of the embedded engine answered from its read cache", (s) => s.hits);
  counter(
    "db_read_cache_misses_total",
    "Reads of the embedded engine its read cache could not answer",
    (s) => s.misses,
  );
  new Gauge({
    name: "db_read_cache_entries",
    help: "Answers the embedded engine's read cache holds",
    registers,
    collect() {
      this.set(readCacheStatsOf(client)?.entries ?? 0);
    },
  });
}
