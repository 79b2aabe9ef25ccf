import { expect, it } from "vitest";
import { createManualClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { createRuntime, type RuntimeOptions } from "./create-runtime.js";

const config = loadConfig({ SESSION_SECRET: "test-secret-test-secret-test-secret", LOG_LEVEL: "silent" });

it("refuses the runtime's own dependencies among the overrides, before opening anything", async () => {
  // What a spread once slipped past the type: a test's clock, silently replaced by the system's.
  const overrides = { clock: createManualClock(new Date()) } as unknown as RuntimeOptions["overrides"];
  await expect(createRuntime(config, { overrides })).rejects.toThrow("clock cannot be overridden");
});
