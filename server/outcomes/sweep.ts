/**
 * The idle sweep (issue 26): a conversation nobody has written in for OUTCOME_IDLE_AFTER_MS
 * (default 10 minutes) gets its outcome extracted, and again when it grows after that. Runs
 * every OUTCOME_SWEEP_INTERVAL_MS; tests call `sweepIdleConversations` directly with a moved
 * clock instead of waiting.
 *
 * Two instances may pick the same conversation in one round: both extract, the last write
 * wins, and a person's corrections are never touched by either (only a model call is spent twice).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { extractOutcome, type OutcomeDeps } from "./service.js";
import { listConversationsToExtract } from "./queries.js";

/** Conversations a round takes at most: a model call each, so a backlog drains over rounds. */
export const OUTCOME_SWEEP_BATCH = 20;

export async function sweepIdleConversations(
  deps: OutcomeDeps & { idleAfterMs: number },
  log?: FastifyBaseLogger,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.idleAfterMs);
  const due = await listConversationsToExtract(deps.db, { before, limit: OUTCOME_SWEEP_BATCH });
  let extracted = 0;
  for (const { id } of due) {
    if (await extractOutcome(deps, id, log)) extracted++;
  }
  return extracted;
}

export function startOutcomeSweeps(
  deps: OutcomeDeps & { config: Pick<Config, "OUTCOME_IDLE_AFTER_MS" | "OUTCOME_SWEEP_INTERVAL_MS"> },
  log: FastifyBaseLogger,
): { stop(): void } {
  if (deps.config.OUTCOME_SWEEP_INTERVAL_MS === 0) return { stop: () => undefined };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepIdleConversations({ ...deps, idleAfterMs: deps.config.OUTCOME_IDLE_AFTER_MS }, log)
      .catch((err: unknown) => log.error({ err }, "could not sweep idle conversations for outcomes"))
      .finally(() => (running = false));
  }, deps.config.OUTCOME_SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
