/**
 * The open event streams of one app instance, by key (a conversation, an agent's owner): who to
 * wake when something about that key changes, and who to end when the server shuts down (an
 * endless stream would hold the shutdown).
 */
export interface StreamRegistry {
  /** `wake` runs on every change to `key`; `end` closes the stream at shutdown. Returns the stop. */
  watch(key: string, wake: () => void, end: () => void): () => void;
  /** Wakes the streams watching `key`. */
  wake(key: string): void;
  /** Whether any stream is open: with none, a change need not even be looked up. */
  readonly watching: boolean;
  /** Ends every stream. */
  close(): void;
}

export function createStreamRegistry(): StreamRegistry {
  const wakers = new Map<string, Set<() => void>>();
  const enders = new Set<() => void>();
  return {
    watch(key, wake, end) {
      const set = wakers.get(key) ?? new Set();
      set.add(wake);
      wakers.set(key, set);
      enders.add(end);
      return () => {
        enders.delete(end);
        set.delete(wake);
        if (set.size === 0) wakers.delete(key);
      };
    },
    wake(key) {
      for (const wake of wakers.get(key) ?? []) wake();
    },
    get watching() {
      return wakers.size > 0;
    },
    close() {
      for (const end of [...enders]) end();
      enders.clear();
      wakers.clear();
    },
  };
}
