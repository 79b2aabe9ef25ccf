/**
 * Issue 25's goal "the official Python client works unchanged": starts the app (PGlite) and the
 * fake provider as bench:v1 does, publishes an agent with a key, and runs a Python script with
 * the `openai` package against /v1 (models, a completion, a stream with usage, a wrong key, an
 * unknown model). PyPI is out of reach here, so the package is not installed by the repo: run with
 * `PYTHON=python3 PYTHONPATH=<openai-python's src>:<its dependencies> npx tsx bench/v1-overhead/python-client.ts`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { makeUsers } from "../chat-overhead/bench-users.js";
import { ask, startChild } from "../chat-overhead/children.js";
import { publishWithKey } from "./publish.js";

const fake = await startChild(new URL("../chat-overhead/fake-provider.ts", import.meta.url));
const app = await startChild(new URL("../chat-overhead/app-server.ts", import.meta.url), {
  BENCH_ENGINE: "pglite",
  BENCH_DATABASE_URL: "",
  BENCH_LLM_URL: fake.url,
});
let status: number;
try {
  const [user] = await makeUsers(app.url, 1, () => ask(app.child, "approve-all", "approved"));
  if (!user) throw new Error("no user");
  const api = await publishWithKey(app.url, user);
  const script = fileURLToPath(new URL("./python-client-check.py", import.meta.url));
  const run = spawnSync(process.env.PYTHON ?? "python3", [script], {
    stdio: "inherit",
    env: { ...process.env, V1_BASE_URL: `${app.url}/v1`, V1_KEY: api.key, V1_MODEL: api.slug },
  });
  status = run.status ?? 1;
} finally {
  app.child.disconnect();
  fake.child.disconnect();
}
process.exit(status);
