/**
 * `conversation_active` for the live view (issue 26), at most once a minute per conversation
 * and process: a NOTIFY on every turn would cost the busiest conversations the most, and the
 * live view only needs to know that a row moved. Sent after the turn's own work, never awaited.
 */
import type { FeatureDeps } from "../../feature-deps.js";

const ACTIVE_NOTICE_EVERY_MS = 60_000;
/** Forget entries past this many, oldest first, so a long-running instance stays small. */
const MAX_REMEMBERED = 10_000;

const lastNoticed = new Map<string, number>();

export function noteActive(deps: Pick<FeatureDeps, "bus">, conversationId: string, now: Date): void {
  const last = lastNoticed.get(conversationId);
  if (last !== undefined && now.getTime() - last < ACTIVE_NOTICE_EVERY_MS) return;
  lastNoticed.delete(conversationId);
  lastNoticed.set(conversationId, now.getTime());
  if (lastNoticed.size > MAX_REMEMBERED) lastNoticed.delete(lastNoticed.keys().next().value as string);
  // The bus reports its own failures; a lost notice costs the live view one refresh.
  void deps.bus.publish({ type: "conversation_active", conversationId });
}
