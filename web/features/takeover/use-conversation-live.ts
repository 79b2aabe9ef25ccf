/**
 * Watches one conversation live (issue 26): its hold, and every change to its messages, from
 * GET /api/conversations/{id}/live. Each `state` frame replaces the hold and refetches the
 * messages under `messagesKey` (the frames say that something changed, not what).
 * EventSource reconnects by itself after a dropped connection.
 */
import { apiUrl } from "../../../contracts/api-routes";
import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { CONVERSATION_LIVE_EVENTS, type TakeoverState } from "../../../contracts/takeover";
import { takeoverKeys, takeoverStateQuery } from "./takeover-queries";

export function useConversationLive(conversationId: string | null, messagesKey: QueryKey | null) {
  const queryClient = useQueryClient();
  const state = useQuery({ ...takeoverStateQuery(conversationId ?? "none"), enabled: conversationId !== null });
  const keyText = JSON.stringify(messagesKey);
  useEffect(() => {
    if (!conversationId) return;
    const source = new EventSource(apiUrl("conversationLive", { id: conversationId }), { withCredentials: true });
    let first = true;
    source.addEventListener(CONVERSATION_LIVE_EVENTS.state, (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as TakeoverState;
      queryClient.setQueryData(takeoverKeys.state(conversationId), next);
      // The first frame is the state on connect: the messages were just read with the page.
      if (!first && keyText !== "null")
        void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey });
      first = false;
    });
    return () => source.close();
  }, [conversationId, keyText, queryClient]);
  return conversationId ? (state.data ?? null) : null;
}
