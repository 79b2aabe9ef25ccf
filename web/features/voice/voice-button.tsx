/** The chat header's microphone button (spec section 2): opens the voice conversation dialog. */
import { Mic } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Tooltip } from "../../components/ui/tooltip";
import { VoiceDialog } from "./voice-dialog";
import type { VoiceAgent } from "./voice-session-state";

export function VoiceButton({ agent, disabled }: { agent: VoiceAgent; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content="Start a voice conversation">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Speak to ${agent.name}`}
          onClick={() => setOpen(true)}
          disabled={disabled}
        >
          <Mic aria-hidden />
        </Button>
      </Tooltip>
      {/* Mounted only while open: closing unmounts the call, which releases the microphone. */}
      {open && <VoiceDialog agent={agent} open={open} onOpenChange={setOpen} />}
    </>
  );
}
