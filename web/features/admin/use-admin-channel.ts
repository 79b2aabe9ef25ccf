/**
 * The admin's live connection to /ws-admin. The session cookie authenticates it; the `auth`
 * message is sent for compatibility. It reconnects with backoff, refetches what it may have
 * missed after a reconnect, and rechecks the session when the server refuses or ends it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ADMIN_SOCKET_CLOSE } from "../../../contracts/realtime";
import { isAdminKey } from "../../lib/admin-queries";
import { currentUserQuery } from "../../lib/auth";
import { applyAdminEvent, parseAdminMessage } from "./admin-event-effects";
import { reconnectDelay } from "./reconnect-delay";

export function useAdminChannel(userId: string | null, isAdmin: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || !isAdmin) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const current = new WebSocket(`${scheme}://${window.location.host}/ws-admin`);
      socket = current;
      let opened = false;
      current.onopen = () => {
        opened = true;
        attempt = 0;
        current.send(JSON.stringify({ type: "auth", userId }));
        // Events sent while we were away are lost: refetch every admin screen's data.
        if (connectedBefore) void queryClient.invalidateQueries({ predicate: (q) => isAdminKey(q.queryKey) });
        connectedBefore = true;
      };
      current.onmessage = (event) => {
        const message = parseAdminMessage(event.data);
        if (message) applyAdminEvent(queryClient, message);
      };
      current.onclose = (event) => {
        if (stopped) return;
        const refused =
          event.code === ADMIN_SOCKET_CLOSE.unauthenticated || event.code === ADMIN_SOCKET_CLOSE.forbidden;
        // A refused upgrade or a closed session may mean we were signed out or lost admin
        // rights; if so, refreshing the user unmounts this channel.
        if (refused || !opened) {
          void sessionEnded().then((ended) => {
            if (ended && !stopped) void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
          });
        }
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, "Leaving");
    };
  }, [userId, isAdmin, queryClient]);
}

/**
 * True when the server says we are no longer a signed-in admin. Unknown (server unreachable)
 * counts as false: a restarting server must not sign the admin out of the whole app.
 */
async function sessionEnded(): Promise<boolean> {
  try {
    const res = await fetch(currentUserQuery.queryKey[0], { credentials: "include" });
    if (res.status === 401) return true;
    if (!res.ok) return false;
    const user = (await res.json()) as { isAdmin?: boolean };
    return !user.isAdmin;
  } catch {
    return false;
  }
}
