/** What every feature's routes receive: the app's dependencies plus the auth guards. */
import type { AppDeps } from "./app-deps.js";
import type { Guards } from "./auth/guards.js";
import type { Db } from "./db/connect.js";

export interface FeatureDeps {
  db: Db;
  clock: AppDeps["clock"];
  bus: AppDeps["bus"];
  config: AppDeps["config"];
  llm: AppDeps["llm"];
  tts: AppDeps["tts"];
  stt: AppDeps["stt"];
  guards: Guards;
}
