/** The dialog's text box for when speech cannot be recognised: a typed turn gets a spoken reply. */
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";

export function VoiceTypedTurn({
  enabled,
  waitHint,
  onSend,
}: {
  enabled: boolean;
  /** What the box says while it cannot be used. */
  waitHint: string;
  onSend: (text: string) => void;
}) {
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || !text.trim()) return;
    onSend(text.trim());
    setText("");
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label htmlFor="voice-typed-turn" className="sr-only">
        Type your message
      </label>
      <Input
        id="voice-typed-turn"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={enabled ? "Type your message" : waitHint}
        autoComplete="off"
        disabled={!enabled}
      />
      <Button type="submit" disabled={!enabled || !text.trim()} aria-label="Send message">
        <Send aria-hidden />
        <span className="hidden sm:inline">Send</span>
      </Button>
    </form>
  );
}
