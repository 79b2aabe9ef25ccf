/**
 * An agent's owner who is no admin keeps Live current from GET /api/live-conversations/events
 * (issue 26; the admin channel is for admins): each `changed` frame reads the list again.
 * EventSource reconnects by itself after a dropped connection.
 */
import { apiUrl } from "../../../contracts/api-routes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { OWNER_LIVE_EVENTS } from "../../../contracts/takeover";
import { liveViewQuery } from "./takeover-queries";

export function useOwnerLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(apiUrl("liveConversationEvents"), { withCredentials: true });
    const { queryKey } = liveViewQuery(false);
    source.addEventListener(OWNER_LIVE_EVENTS.changed, () => void queryClient.invalidateQueries({ queryKey }));
    return () => source.close();
  }, [enabled, queryClient]);
}
