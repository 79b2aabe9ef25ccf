/**
 * How a change to a conversation's messages or hold is told (issue 26): `conversation_changed`
 * for the streams watching that conversation, on whichever instance holds them, then the live
 * view's own event for admins. A lost notice never undoes the change (the bus reports it).
 */
import type { AdminEvent } from "../../realtime/event-bus.js";
import type { FeatureDeps } from "../../feature-deps.js";

export async function announceChange(
  deps: Pick<FeatureDeps, "bus">,
  conversationId: string,
  liveEvent?: AdminEvent,
): Promise<void> {
  await deps.bus.publish({ type: "conversation_changed", conversationId });
  if (liveEvent) await deps.bus.publish(liveEvent);
}
