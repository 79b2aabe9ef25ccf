/** The outcome service's dependencies from the app's: the model client only when an LLM endpoint is configured. */
import type { AppDeps } from "../app-deps.js";
import { createOpenAiClient } from "../providers/openai-client.js";
import type { OutcomeDeps } from "./service.js";

export function createOutcomeDeps(deps: Pick<AppDeps, "config" | "db" | "clock">): OutcomeDeps {
  const { config } = deps;
  const model = config.LLM_BASE_URL
    ? {
        client: createOpenAiClient({
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          timeoutMs: config.LLM_TIMEOUT_MS,
        }),
        name: config.LLM_MODEL,
      }
    : null;
  return { db: deps.db.db, clock: deps.clock, model };
}
