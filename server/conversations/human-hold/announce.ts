/**
 * How a change to a conversation's messages or hold is told (issue 26): `conversation_changed`
 * for the streams watching that conversation, on whichever instance holds them, then the live
 * view's own event for admins. A lost notice never undoes the change (the bus reports it).
 */
import type { AdminEvent } from "../../realtime/event-bus.js";
import type { FeatureDeps } from "../../feature-deps.js";
import { findConversationForTakeover, flagHandoff } from "./queries.js";

export async function announceChange(
  deps: Pick<FeatureDeps, "bus">,
  conversationId: string,
  liveEvent?: AdminEvent,
): Promise<void> {
  await deps.bus.publish({ type: "conversation_changed", conversationId });
  if (liveEvent) await deps.bus.publish(liveEvent);
}

/**
 * The agent asks for a person itself (its built-in tool handoff_to_human): the conversation is
 * flagged on Live and admins and the agent's owner are told, as when the user asks.
 */
export async function requestHandoff(
  deps: Pick<FeatureDeps, "db" | "bus" | "clock">,
  conversationId: string,
): Promise<void> {
  const conversation = await findConversationForTakeover(deps.db, conversationId);
  if (!conversation) return;
  await flagHandoff(deps.db, conversationId, deps.clock.now());
  await announceChange(deps, conversationId, {
    type: "handoff_requested",
    conversationId,
    agentName: conversation.agentName,
  });
}
