/**
 * The chat header's 'Voice Help' toggle; the panel opens beneath the header (a fixed sheet on
 * phones) and closes with the toggle or Escape. The panel and its speech tests load on the
 * first open: most chats never open it, and the chat page has a 200 kB budget (issue 23).
 */
import { CircleHelp } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";

const VoiceHelpPanel = lazy(() => import("./voice-help-panel").then((m) => ({ default: m.VoiceHelpPanel })));

export function VoiceHelpButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="sm:relative">
      <Button
        variant={open ? "secondary" : "ghost"}
        size="sm"
        aria-expanded={open}
        aria-controls="voice-help-panel"
        aria-label="Voice Help"
        onClick={() => setOpen(!open)}
      >
        <CircleHelp aria-hidden />
        <span className="hidden sm:inline">Voice Help</span>
      </Button>
      {open && (
        <div className="fixed inset-x-3 top-32 z-30 max-h-[calc(100dvh-9rem)] overflow-y-auto rounded-xl shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-11 sm:max-h-[75vh] sm:w-[26rem]">
          <Suspense
            fallback={
              <div className="flex justify-center rounded-xl bg-surface p-6">
                <Spinner label="Loading voice help" />
              </div>
            }
          >
            <VoiceHelpPanel />
          </Suspense>
        </div>
      )}
    </div>
  );
}
