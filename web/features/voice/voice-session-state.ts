/** The agent a call talks to, and the small store React reads the call's state from. */

export interface VoiceAgent {
  id: string;
  name: string;
  role: string | null;
  gender: string;
  voice: string | null;
}

/** An external store for useSyncExternalStore: every change is a new snapshot object. */
export class SnapshotStore<T extends object> {
  private readonly subscribers = new Set<() => void>();

  constructor(protected snapshot: T) {}

  subscribe = (listener: () => void): (() => void) => {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  };

  getSnapshot = (): T => this.snapshot;

  protected replace(next: T): void {
    if (next === this.snapshot) return;
    this.snapshot = next;
    for (const subscriber of this.subscribers) subscriber();
  }
}
