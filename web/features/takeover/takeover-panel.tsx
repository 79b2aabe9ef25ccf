/**
 * For an admin or the agent's owner on a conversation (issue 26): take it over from the agent,
 * write to the user, hand it back. The transcript beside it updates live.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TakeoverState } from "../../../contracts/takeover";
import { HUMAN_MESSAGE_MAX_CHARS } from "../../../contracts/takeover";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { handBack, sendHumanMessage, takeOver, takeoverKeys } from "./takeover-queries";

export function TakeoverPanel({ conversationId, state }: { conversationId: string; state: TakeoverState | null }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      const result = await action();
      if (result && typeof result === "object" && "heldByYou" in result) {
        queryClient.setQueryData(takeoverKeys.state(conversationId), result as TakeoverState);
      }
      return true;
    } catch (error) {
      const detail = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: failure, description: detail ?? undefined, variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    if (await act(() => sendHumanMessage(conversationId, message), "Message not sent")) setText("");
  }

  const held = state?.heldByYou === true;
  return (
    <Card className="space-y-3 p-4 sm:p-5" aria-label="Take over">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" role="status">
          {held
            ? "You are answering this conversation; the agent is paused."
            : state?.heldBy
              ? `${state.heldBy} is answering this conversation.`
              : state?.needsHuman
                ? "The user asked for a person."
                : "The agent is answering this conversation."}
        </p>
        {held ? (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => void act(() => handBack(conversationId), "Could not hand back")}
          >
            Hand back to the agent
          </Button>
        ) : (
          <Button
            disabled={busy || Boolean(state?.heldBy)}
            onClick={() => void act(() => takeOver(conversationId), "Could not take over")}
          >
            Take over
          </Button>
        )}
      </div>
      {held && (
        <form onSubmit={(event) => void send(event)} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="human-message" className="sr-only">
            Your message to the user
          </label>
          <textarea
            id="human-message"
            value={text}
            maxLength={HUMAN_MESSAGE_MAX_CHARS}
            onChange={(event) => setText(event.target.value)}
            rows={2}
            placeholder="Write to the user…"
            className="min-h-10 flex-1 rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm"
          />
          <Button type="submit" disabled={busy || text.trim() === ""}>
            Send
          </Button>
        </form>
      )}
    </Card>
  );
}
