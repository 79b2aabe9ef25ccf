/** What a voice call looks like from outside (its snapshot), and the small store React reads it from. */
import type { LanguageCode } from "../../../contracts/voice";
import type { ListenerKind } from "./turn-listeners";

export type VoiceStatus = "idle" | "starting" | "listening" | "thinking" | "speaking" | "paused" | "ended";

export interface TranscriptLine {
  id: number;
  role: "user" | "agent";
  text: string;
}

export interface VoiceSnapshot {
  status: VoiceStatus;
  /** The detector hears the user talking right now. */
  userSpeaking: boolean;
  secondsLeft: number;
  language: LanguageCode;
  lines: TranscriptLine[];
  listener: ListenerKind | null;
}

export interface VoiceAgent {
  id: string;
  name: string;
  role: string | null;
  gender: string;
  voice: string | null;
}

export function initialVoiceSnapshot(sessionSeconds: number): VoiceSnapshot {
  return {
    status: "idle",
    userSpeaking: false,
    secondsLeft: sessionSeconds,
    language: "en-US",
    lines: [],
    listener: null,
  };
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

  protected update(change: Partial<T>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const subscriber of this.subscribers) subscriber();
  }
}
