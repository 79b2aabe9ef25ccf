/**
 * One voice call with an agent: the state machine (call-transition.ts) wired to its effects
 * (call-effects.ts) and to React (a snapshot store). Every change of the call goes through
 * `dispatch`: the pure transition gives the next state and the effects, which run after it;
 * events the effects raise meanwhile wait their turn, so transitions never nest.
 */
import type { LanguageCode, VoiceCapabilities } from "../../../contracts/voice";
import { CallEffects } from "./call-effects";
import { initialCallState, type CallEvent, type CallSettings, type CallState, type CarriedCall } from "./call-state";
import { transition } from "./call-transition";
import { probeBrowserRecognizer } from "./ear-probe";
import { SnapshotStore, type VoiceAgent } from "./voice-session-state";
import { loadVoiceSettings } from "./voice-settings";

/** `localStorage["agentdesk.voice-debug"] = "1"` logs every event, the phase it leads to and its effects. */
const debugging = typeof localStorage !== "undefined" && localStorage.getItem("agentdesk.voice-debug") === "1";

export class VoiceSession extends SnapshotStore<CallState> {
  private readonly effects: CallEffects;
  private readonly queue: CallEvent[] = [];
  private dispatching = false;

  /** `carried`: a call the realtime engine handed over, which this one goes on with. */
  constructor(
    agent: VoiceAgent,
    capabilities: VoiceCapabilities,
    onClose: () => void,
    carried: CarriedCall | null = null,
  ) {
    super(
      initialCallState({
        sessionSeconds: capabilities.sessionSeconds,
        agentName: agent.name,
        serverStt: capabilities.serverStt,
        settings: loadVoiceSettings(),
      }),
    );
    this.effects = new CallEffects({ agent, capabilities, dispatch: this.dispatch, state: this.getSnapshot, onClose });
    if (!capabilities.serverStt) void this.decideEar();
    if (carried) this.dispatch({ type: "carriedOver", carried });
  }

  dispatch = (event: CallEvent): void => {
    this.queue.push(event);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        const { state, effects } = transition(this.snapshot, next);
        if (debugging) console.debug("voice call:", next.type, "→", state.phase, effects.map((e) => e.type).join(" "));
        this.replace(state);
        for (const effect of effects) this.effects.run(effect);
      }
    } finally {
      this.dispatching = false;
    }
  };

  /** The big microphone button: a new call, or continuing a paused one. */
  start(): void {
    this.dispatch({ type: "startPressed" });
  }

  /** The close button, or the dialog unmounting: ends the call and frees the microphone. */
  close(): void {
    this.dispatch({ type: "closed" });
  }

  setLanguage(language: LanguageCode): void {
    this.dispatch({ type: "languageChanged", language });
  }

  toggleMute(): void {
    this.dispatch({ type: "muteToggled" });
  }

  changeSettings(settings: Partial<CallSettings>): void {
    this.dispatch({ type: "settingsChanged", settings });
  }

  stopReply(): void {
    this.dispatch({ type: "stopReplyPressed" });
  }

  /** A person who took the call over typed this (issue 26): the call speaks it. */
  personReplied(text: string, author: string): void {
    this.dispatch({ type: "personReplied", text, author });
  }

  /** Approve or Deny pressed for a tool call that waits for the caller. */
  decideToolCall(callId: string, decision: "approve" | "deny"): void {
    this.dispatch({ type: "approvalPressed", callId, decision });
  }

  sendTyped(text: string): void {
    this.dispatch({ type: "textTurn", text, at: performance.now() });
  }

  /** No server speech-to-text: the browser's recogniser is tried for real before the call relies on it. */
  private async decideEar(): Promise<void> {
    const result = await probeBrowserRecognizer(this.snapshot.language);
    this.dispatch({
      type: "earDecided",
      ear: result.ok ? { kind: "browser" } : { kind: "typed", reason: result.reason, retrying: false },
    });
  }
}
