/**
 * Open guest streams by agent, so unpublishing (or moving the slug) cuts them at once on this
 * instance. Streams on other instances notice on their next recheck of the publishing row
 * (GUEST_STREAM_RECHECK_MS): the database stays the one truth, this registry only makes the
 * local cut immediate.
 */
export const GUEST_STREAM_RECHECK_MS = 5_000;

export interface GuestStreams {
  /** Registers a stream; the returned function unregisters it. */
  open(agentId: string, controller: AbortController): () => void;
  cut(agentId: string): void;
}

export function createGuestStreams(): GuestStreams {
  const byAgent = new Map<string, Set<AbortController>>();
  return {
    open(agentId, controller) {
      let set = byAgent.get(agentId);
      if (!set) byAgent.set(agentId, (set = new Set()));
      set.add(controller);
      return () => {
        set.delete(controller);
        if (set.size === 0 && byAgent.get(agentId) === set) byAgent.delete(agentId);
      };
    },
    cut(agentId) {
      for (const controller of byAgent.get(agentId) ?? []) controller.abort(new Error("agent unpublished"));
    },
  };
}
