/**
 * React binding of a voice call: one per open dialog, closed (microphone released) on unmount.
 * The engine is the realtime one when the server offers it (capabilities.realtime), else the
 * cascade; a realtime call that fails hands its conversation to a cascade session, which
 * carries on (decision 141).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { VoiceCapabilities } from "../../../contracts/voice";
import { initialCallState, type CallState, type CarriedCall } from "./call-state";
import { RealtimeCall } from "./realtime-call";
import { VoiceSession } from "./voice-session";
import type { VoiceAgent } from "./voice-session-state";

export type VoiceEngine = "realtime" | "cascade";

type Running = { engine: "realtime"; call: RealtimeCall } | { engine: "cascade"; call: VoiceSession };

const noSubscription = () => () => undefined;

export function useVoiceSession(
  agent: VoiceAgent,
  capabilities: VoiceCapabilities,
  onClose: () => void,
): { session: RealtimeCall | VoiceSession | null; state: CallState; engine: VoiceEngine } {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [running, setRunning] = useState<Running | null>(null);
  const [carried, setCarried] = useState<CarriedCall | null>(null);
  const { id, name, role, gender, voice } = agent;

  useEffect(() => {
    // Created in the effect (not during render) so StrictMode's mount-unmount-mount gets a fresh one.
    const who = { id, name, role, gender, voice };
    const close = () => onCloseRef.current();
    if (capabilities.realtime && !carried) {
      const call = new RealtimeCall(who, capabilities.sessionSeconds, { onFallBack: setCarried, onClose: close });
      setRunning({ engine: "realtime", call });
      return () => call.close();
    }
    const call = new VoiceSession(who, capabilities, close, carried);
    setRunning({ engine: "cascade", call });
    return () => call.close();
  }, [id, name, role, gender, voice, capabilities, carried]);

  const initial = useRef<CallState>(
    initialCallState({
      sessionSeconds: capabilities.sessionSeconds,
      agentName: name,
      serverStt: capabilities.serverStt,
    }),
  );
  const state = useSyncExternalStore(
    running?.call.subscribe ?? noSubscription,
    running?.engine === "realtime"
      ? () => running.call.getSnapshot().call
      : (running?.call.getSnapshot ?? (() => initial.current)),
  );
  const engine: VoiceEngine = capabilities.realtime && !carried ? "realtime" : "cascade";
  return { session: running?.call ?? null, state, engine };
}
