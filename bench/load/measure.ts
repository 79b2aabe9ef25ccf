/**
 * One measurement: autocannon against one server and one request mix, each connection signed in
 * as its own user (as each browser is), with the server's CPU time and RSS read around it.
 */
import { loadavg } from "node:os";
import autocannon, { type AutocannonRequest } from "autocannon";
import type { ServerProcess } from "./server-process.js";

/** One connection's signed-in user, and what it asks for in turn. */
export interface LoadUser {
  cookie: string;
  agentId: string;
  /** A conversation of the user's own, for reading its messages and adding turns to it. */
  conversationId: string;
}
export type RequestCycle = (user: LoadUser) => AutocannonRequest[];

/** GET each path in turn, signed in. */
export const getEach =
  (paths: string[]): RequestCycle =>
  (user) =>
    paths.map((path) => ({ method: "GET", path, headers: { cookie: user.cookie } }));

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface Measurement {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** Answers by status code other than 2xx, to tell what the errors were. */
  otherStatuses: Record<string, number>;
  cpuUsPerRequest: number;
  rssMb: number;
  /** The machine's 1-minute load average when the measurement started and ended. */
  load: [number, number];
}

export function runAutocannon(
  url: string,
  cycle: RequestCycle,
  users: LoadUser[],
  connections: number,
  durationS: number,
  overallRate?: number,
) {
  let nextUser = 0;
  return autocannon({
    url,
    connections,
    duration: durationS,
    overallRate,
    requests: cycle(users[0]),
    // Each connection is one signed-in user, all through its cycle of requests.
    setupClient: (client) => client.setRequests(cycle(users[nextUser++ % users.length])),
  });
}

export async function measure(
  server: ServerProcess,
  cycle: RequestCycle,
  users: LoadUser[],
  options: LoadOptions,
): Promise<Measurement> {
  // Warm the JIT, the pool's connections and (for the app) the session cache; not counted.
  if (options.warmupS > 0) await runAutocannon(server.url, cycle, users, options.connections, options.warmupS);
  const load0 = loadavg()[0];
  const cpu0 = server.cpuMs();
  const result = await runAutocannon(server.url, cycle, users, options.connections, options.durationS);
  const cpuMs = server.cpuMs() - cpu0;
  const completed = result.requests.total;
  return {
    reqPerSec: completed / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    otherStatuses: Object.fromEntries(
      Object.entries(result.statusCodeStats)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => [code, count]),
    ),
    cpuUsPerRequest: completed > 0 ? (cpuMs * 1000) / completed : 0,
    rssMb: server.rssMb(),
    load: [load0, loadavg()[0]],
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
