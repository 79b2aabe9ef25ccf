/** React binding of a VoiceSession: one per open dialog, closed (microphone released) on unmount. */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { VoiceCapabilities } from "../../../contracts/voice";
import { initialCallState, type CallState } from "./call-state";
import { VoiceSession } from "./voice-session";
import type { VoiceAgent } from "./voice-session-state";

const noSubscription = () => () => undefined;

export function useVoiceSession(
  agent: VoiceAgent,
  capabilities: VoiceCapabilities,
  onClose: () => void,
): { session: VoiceSession | null; state: CallState } {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [session, setSession] = useState<VoiceSession | null>(null);
  const { id, name, role, gender, voice } = agent;

  useEffect(() => {
    // Created in the effect (not during render) so StrictMode's mount-unmount-mount gets a fresh one.
    const created = new VoiceSession({ id, name, role, gender, voice }, capabilities, () => onCloseRef.current());
    setSession(created);
    return () => created.close();
  }, [id, name, role, gender, voice, capabilities]);

  const initial = useRef<CallState>(
    initialCallState({
      sessionSeconds: capabilities.sessionSeconds,
      agentName: name,
      serverStt: capabilities.serverStt,
    }),
  );
  const state = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? (() => initial.current),
  );
  return { session, state };
}
