/**
 * One measurement: autocannon against one server and one request mix, each connection signed in
 * as its own user (as each browser is), with the server's CPU time and RSS read around it.
 */
import { loadavg } from "node:os";
import autocannon from "autocannon";
import type { ServerProcess } from "./server-process.js";

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

function runAutocannon(url: string, paths: string[], cookies: string[], connections: number, durationS: number) {
  let nextCookie = 0;
  const cycle = (cookie: string) => paths.map((path) => ({ method: "GET", path, headers: { cookie } }));
  return autocannon({
    url,
    connections,
    duration: durationS,
    requests: cycle(cookies[0] ?? ""),
    // Each connection is one signed-in user, all through its cycle of paths.
    setupClient: (client) => client.setRequests(cycle(cookies[nextCookie++ % cookies.length] ?? "")),
  });
}

export async function measure(
  server: ServerProcess,
  paths: string[],
  cookies: string[],
  options: LoadOptions,
): Promise<Measurement> {
  // Warm the JIT, the pool's connections and (for the app) the session cache; not counted.
  if (options.warmupS > 0) await runAutocannon(server.url, paths, cookies, options.connections, options.warmupS);
  const load0 = loadavg()[0];
  const cpu0 = server.cpuMs();
  const result = await runAutocannon(server.url, paths, cookies, options.connections, options.durationS);
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
