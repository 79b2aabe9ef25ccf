/**
 * Steady API traffic for fault tests: a few workers loop over sign-in, reads and chat turns
 * against a listening app and record every answer with when it started and ended, so a test
 * can judge each answer by what the database was doing at the time. Waiting is on recorded
 * answers (`until`), never on the clock.
 */
import { performance } from "node:perf_hooks";

export interface TrafficAnswer {
  operation: string;
  startedAt: number;
  endedAt: number;
  /** -1 when no HTTP answer came (connection error, or the client's own give-up bound). */
  status: number;
  retryAfter: string | null;
  contentType: string;
  body: string;
}

export interface TrafficOperation {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: unknown;
}

export interface Traffic {
  answers: TrafficAnswer[];
  /** Resolves once `predicate` holds for the answers recorded so far. */
  until(predicate: (answers: TrafficAnswer[]) => boolean): Promise<void>;
  stop(): Promise<void>;
}

/** Far beyond any bound the app promises: reaching it means the request hung. */
const CLIENT_GIVE_UP_MS = 30_000;

export function startTraffic(options: {
  base: string;
  cookie: string;
  workers: number;
  operations: TrafficOperation[];
}): Traffic {
  const answers: TrafficAnswer[] = [];
  let waiters: { predicate: (answers: TrafficAnswer[]) => boolean; resolve: () => void }[] = [];
  let running = true;
  let next = 0;

  const record = (answer: TrafficAnswer) => {
    answers.push(answer);
    const met = waiters.filter((waiter) => waiter.predicate(answers));
    waiters = waiters.filter((waiter) => !met.includes(waiter));
    for (const waiter of met) waiter.resolve();
  };

  async function worker(): Promise<void> {
    while (running) {
      const operation = options.operations[next++ % options.operations.length];
      if (!operation) return;
      record(await send(options.base, options.cookie, operation));
    }
  }
  const workers = Array.from({ length: options.workers }, () => worker());

  return {
    answers,
    until(predicate) {
      if (predicate(answers)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function send(base: string, cookie: string, operation: TrafficOperation): Promise<TrafficAnswer> {
  const startedAt = performance.now();
  const headers: Record<string, string> = { cookie };
  if (operation.body !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(`${base}${operation.path}`, {
      method: operation.method ?? "GET",
      headers,
      body: operation.body === undefined ? undefined : JSON.stringify(operation.body),
      redirect: "manual",
      signal: AbortSignal.timeout(CLIENT_GIVE_UP_MS),
    });
    const body = await res.text();
    return {
      operation: operation.name,
      startedAt,
      endedAt: performance.now(),
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      contentType: res.headers.get("content-type") ?? "",
      body,
    };
  } catch (error) {
    return {
      operation: operation.name,
      startedAt,
      endedAt: performance.now(),
      status: -1,
      retryAfter: null,
      contentType: "",
      body: String(error),
    };
  }
}
