/** The dialog's text box for when speech cannot be recognised: a typed turn gets a spoken reply. */
import { Send, Square } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";

export function VoiceTypedTurn({
  enabled,
  waitHint,
  onSend,
  replying = false,
  onStop,
}: {
  enabled: boolean;
  /** What the box says while it cannot be used. */
  waitHint: string;
  onSend: (text: string) => void;
  /** A reply is being written or spoken: Stop cuts it (there is no voice to speak over it with). */
  replying?: boolean;
  onStop?: () => void;
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
      {replying && onStop ? (
        <Button type="button" variant="outline" onClick={onStop} aria-label="Stop the reply">
          <Square aria-hidden />
          <span className="hidden sm:inline">Stop</span>
        </Button>
      ) : (
        <Button type="submit" disabled={!enabled || !text.trim()} aria-label="Send message">
          <Send aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      )}
    </form>
  );
}
