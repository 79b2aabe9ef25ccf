/**
 * The admin-only speech-input control beside the message box: click to dictate, click again to
 * stop; what was heard is added to the box for the person to read and send. Busy while the
 * server transcribes; disabled, with the reason as its description, where nothing can hear.
 */
import { useQuery } from "@tanstack/react-query";
import { Loader2, Mic, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast-store";
import { voiceCapabilitiesQuery } from "../voice/voice-api";
import type { Dictation } from "./dictation";
import { dictationUnavailableReason } from "./dictation-ear";

type Phase = "idle" | "starting" | "listening" | "transcribing";

const loadDictation = () => import("./dictation");

export function DictationButton({ disabled, onText }: { disabled: boolean; onText: (text: string) => void }) {
  const capabilities = useQuery(voiceCapabilitiesQuery);
  const serverStt = capabilities.data?.serverStt ?? false;
  const [phase, setPhase] = useState<Phase>("idle");
  const current = useRef<Dictation | null>(null);

  // Known once the server has said whether it transcribes; null while asking or when it can hear.
  const unavailable = capabilities.data ? dictationUnavailableReason(serverStt) : null;

  // Leaving the page mid-dictation releases the microphone.
  useEffect(() => () => current.current?.cancel(), []);

  async function start() {
    setPhase("starting");
    try {
      const { startDictation } = await loadDictation();
      current.current = await startDictation(serverStt);
      setPhase("listening");
    } catch (error) {
      setPhase("idle");
      toast({ title: "Dictation Unavailable", description: messageOf(error), variant: "destructive" });
    }
  }

  async function finish() {
    const dictation = current.current;
    current.current = null;
    if (!dictation) return;
    setPhase("transcribing");
    try {
      const text = await dictation.finish();
      if (text) onText(text);
      else toast({ title: "Nothing Heard", description: "No speech was recognised. Try again a little closer." });
    } catch (error) {
      toast({ title: "Dictation Failed", description: messageOf(error), variant: "destructive" });
    } finally {
      setPhase("idle");
    }
  }

  const listening = phase === "listening";
  const busy = phase === "starting" || phase === "transcribing";
  const label = listening ? "Stop dictation" : phase === "transcribing" ? "Transcribing dictation" : "Dictate message";
  return (
    <>
      <Button
        type="button"
        size="icon"
        variant={listening ? "destructive" : "outline"}
        disabled={(disabled && !listening) || busy || !capabilities.data || unavailable !== null}
        aria-label={label}
        aria-pressed={listening}
        aria-describedby={unavailable ? "dictation-unavailable" : undefined}
        aria-busy={busy}
        title={unavailable ?? label}
        onClick={() => void (listening ? finish() : start())}
        className="h-10 w-10 shrink-0 rounded-xl"
        data-dictation={phase}
      >
        {busy ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : listening ? (
          <Square aria-hidden />
        ) : (
          <Mic aria-hidden />
        )}
      </Button>
      {unavailable && (
        <span id="dictation-unavailable" className="sr-only">
          {unavailable}
        </span>
      )}
      <span className="sr-only" role="status">
        {listening ? "Listening for dictation" : phase === "transcribing" ? "Transcribing" : ""}
      </span>
    </>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "NotAllowedError")
    return "Please allow microphone access to dictate.";
  return error instanceof Error ? error.message : "Dictation failed.";
}
