/** The part of autocannon's API the load benchmark uses (the package ships no types). */
declare module "autocannon" {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonClient {
    /** Replaces this connection's request cycle. */
    setRequests(requests: AutocannonRequest[]): void;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: AutocannonClient) => void;
    requests?: AutocannonRequest[];
    /** Requests per second across all connections; unset = as fast as the server answers. */
    overallRate?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }
  interface AutocannonInstance extends Promise<AutocannonResult> {
    on(
      event: "response",
      listener: (client: AutocannonClient, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: "reqError", listener: (error: Error) => void): this;
    stop(): void;
  }
  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
