/** Where `npm run seed:usage` puts its data by default and who signs in to it; bench/analytics reads the same. */
export const BENCH_DATABASE = "agentdesk_usage_bench";
export const BENCH_OWNER = { email: "owner@usage.bench", password: "bench-password" };
