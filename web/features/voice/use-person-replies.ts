/**
 * A call that a person from the team takes over (issue 26): the conversation's live stream says
 * when its hold or messages change, the call's messages are read again, and each reply a person
 * typed since the call began is handed to `speak` once, oldest first. Replies already stored
 * when the call first read its messages (a call carried on from another engine) are not
 * spoken again. Returns the hold, for the dialog's "Sam from Acme joined" notice.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { TakeoverState } from "../../../contracts/takeover";
import { useConversationLive } from "../takeover/use-conversation-live";
import { voiceMessagesQuery } from "./voice-api";

export interface PersonReply {
  text: string;
  author: string;
}

export function usePersonReplies(
  conversationId: string | null,
  speak: (reply: PersonReply) => void,
): TakeoverState | null {
  const messagesQuery = voiceMessagesQuery(conversationId ?? "none");
  const hold = useConversationLive(conversationId, conversationId ? messagesQuery.queryKey : null);
  const messages = useQuery({ ...messagesQuery, enabled: conversationId !== null });
  const speakRef = useRef(speak);
  speakRef.current = speak;
  const spoken = useRef<{ conversationId: string; ids: Set<string> } | null>(null);

  useEffect(() => {
    if (!conversationId || !messages.data) return;
    const replies = messages.data.filter((message) => message.role === "assistant" && message.authorName);
    if (spoken.current?.conversationId !== conversationId) {
      spoken.current = { conversationId, ids: new Set(replies.map((reply) => reply.id)) };
      return;
    }
    for (const reply of replies) {
      if (spoken.current.ids.has(reply.id)) continue;
      spoken.current.ids.add(reply.id);
      speakRef.current({ text: reply.content, author: reply.authorName ?? "" });
    }
  }, [conversationId, messages.data]);

  return hold;
}
