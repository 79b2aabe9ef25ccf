/**
 * One agent's chat, as the page sees it: the stored transcript plus the turn in flight
 * (typed message, typing indicator, streamed or revealed reply), the lock and the offline
 * flag. The rules (what a turn stores, when a conversation locks) live on the server; this
 * hook only reflects them.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { SECURITY_LOCK_NOTICE, type ChatLocked, type ChatMessage, type MessageStatus } from "../../../contracts/chat";
import { SECURITY_LOCK_MINUTES } from "../../../contracts/limits";
import { ApiError, isUnauthorized } from "../../lib/api";
import { currentUserQuery } from "../../lib/auth";
import { toast } from "../../lib/toast-store";
import {
  chatKeys,
  chooseBranch,
  conversationListQuery,
  conversationMessagesQuery,
  invalidateAfterTurn,
} from "./chat-queries";
import type { Citation } from "../../../contracts/knowledge";
import { sendChatMessage } from "./chat-stream";
import { chatTurnTransition, IDLE_CHAT, type PendingTurn } from "./chat-turn";
import type { MessageActions } from "./message-branch-controls";
import { retryTarget } from "./turn-controls";
import { useTypingReveal } from "./use-typing-reveal";
import { useToolSteps } from "./use-tool-steps";

export interface DisplayMessage {
  key: string;
  /** The stored message's id; null while its turn is in flight. */
  id: string | null;
  /** Its versions (itself included, oldest first): the branch switcher shows when there are two or more. */
  siblingIds: string[];
  role: "user" | "assistant";
  content: string;
  status: MessageStatus | "streaming";
  offline: boolean;
  timestamp: string;
  /** The knowledge passages an assistant reply cites (chips under the bubble). */
  citations: Citation[];
}

export type { PendingTurn };

/** What a turn asks: a new message, an edit of a stored one, or a stored one answered again. */
type TurnAsk =
  | { kind: "message"; text: string }
  | { kind: "edit"; messageId: string; text: string }
  | { kind: "regenerate"; messageId: string };

const MINUTE_MS = 60_000;

export function useChatSession(
  agentId: string,
  conversationId: string | null,
  onConversationStarted: (id: string) => void,
) {
  const queryClient = useQueryClient();
  const stored = useQuery({ ...conversationMessagesQuery(conversationId ?? "none"), enabled: conversationId !== null });
  const conversations = useQuery(conversationListQuery);
  const [turn, dispatch] = useReducer(chatTurnTransition, IDLE_CHAT);
  const { pending, reveal, lock: localLock, offlineSeen } = turn;
  const tools = useToolSteps(conversationId);
  const abortRef = useRef<AbortController | null>(null);
  // The turn the user stopped, told apart from one cancelled by leaving the conversation.
  const stoppedKeyRef = useRef<string | null>(null);
  // Stored user message id → the key its turn was shown under while in flight. The stored
  // message and its reply keep those keys, so the bubbles are not remounted when the streamed
  // turn is swapped for the stored one (a citation dialog opened meanwhile stays open).
  const [displayKeys] = useState(() => new Map<string, string>());
  // The conversation the turn in flight writes to; a switch away from it cancels the turn.
  const turnConversationRef = useRef<string | null>(null);

  useEffect(() => {
    if (turnConversationRef.current === conversationId) return;
    abortRef.current?.abort();
    turnConversationRef.current = conversationId;
    dispatch({ type: "left" });
  }, [conversationId]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const lockFor = (id: string, minutes: number) => ({ conversationId: id, until: Date.now() + minutes * MINUTE_MS });
  const securityAlert = () =>
    toast({ title: "Security Alert", description: SECURITY_LOCK_NOTICE, variant: "destructive" });

  /** Resolves true when the message was sent, false when the typed text should go back in the box. */
  const send = (text: string) => runTurn({ kind: "message", text });

  /** Where an edit or regeneration of stored message `messageId` starts: the messages kept above it. */
  function branchPoint(ask: TurnAsk): { keep: number | null; userText: string } {
    if (ask.kind === "message") return { keep: null, userText: ask.text };
    const list = stored.data ?? [];
    const index = list.findIndex((m) => m.id === ask.messageId);
    if (ask.kind === "edit") return { keep: index === -1 ? null : index, userText: ask.text };
    // A reply is regenerated under its user message; a user message is answered again.
    const question = list[index]?.role === "assistant" ? index - 1 : index;
    return { keep: question < 0 ? null : question + 1, userText: list[question]?.content ?? "" };
  }

  async function runTurn(ask: TurnAsk): Promise<boolean> {
    const { keep, userText: text } = branchPoint(ask);
    const request =
      ask.kind === "message"
        ? { message: ask.text, conversationId }
        : ask.kind === "edit"
          ? { message: ask.text, conversationId, editOf: ask.messageId }
          : { conversationId, regenerateOf: ask.messageId };
    const controller = new AbortController();
    abortRef.current = controller;
    const key = crypto.randomUUID();
    let turnConversation = conversationId;
    // The server has stored the user's message (the conversation event names it).
    let named = false;
    let userMessageId: string | null = null;

    dispatch({
      type: "started",
      key,
      userText: text,
      sentAt: new Date().toISOString(),
      keep,
      regenerating: ask.kind === "regenerate",
    });
    try {
      const result = await sendChatMessage(
        agentId,
        request,
        {
          onConversation(event) {
            turnConversation = event.conversationId;
            named = true;
            turnConversationRef.current = event.conversationId;
            // A regenerated reply's user message keeps the key it has had all along.
            if (ask.kind !== "regenerate") displayKeys.set(event.userMessageId, key);
            userMessageId = event.userMessageId;
            // The offline responder has no real pacing, so its reply gets the typing reveal.
            dispatch({ type: "named", key, userMessageId: event.userMessageId, offline: event.offline });
            if (conversationId === null) onConversationStarted(event.conversationId);
          },
          onDelta(delta) {
            dispatch({ type: "delta", key, text: delta });
          },
          onToolCall(event) {
            if (userMessageId) tools.onToolCall(userMessageId, event);
          },
          onToolResult: tools.onToolResult,
        },
        controller.signal,
      );
      dispatch({
        type: "answered",
        key,
        reply: result.response,
        citations: result.citations,
        offline: result.offline,
        lock: result.securityLock ? lockFor(result.conversationId, SECURITY_LOCK_MINUTES) : null,
      });
      if (result.securityLock) securityAlert();
      await Promise.all([
        invalidateAfterTurn(queryClient, result.conversationId),
        tools.refresh(result.conversationId),
      ]);
      return true;
    } catch (error) {
      if (controller.signal.aborted) {
        if (stoppedKeyRef.current !== key) return true;
        // Stopped by the user: the server keeps what was written as a "partial" reply; fetch it.
        await invalidateAfterTurn(queryClient, turnConversation);
        return named;
      }
      if (isUnauthorized(error)) {
        // The auth gate notices the signed-out state and shows the spec's 'Unauthorized' redirect.
        await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
        return false;
      }
      if (error instanceof ApiError && error.status === 423 && turnConversation) {
        const body = parseLocked(error.body);
        dispatch({ type: "locked", ...lockFor(turnConversation, body?.minutesLeft ?? SECURITY_LOCK_MINUTES) });
        securityAlert();
      } else {
        const detail = error instanceof ApiError ? error.serverMessage : null;
        toast({ title: "Failed to send message", description: detail ?? undefined, variant: "destructive" });
      }
      await invalidateAfterTurn(queryClient, turnConversation);
      // A message the server stored stays in the transcript, its failed reply offering Retry:
      // putting it back in the box too would invite sending it twice.
      return named;
    } finally {
      dispatch({ type: "settled", key });
      if (abortRef.current === controller) abortRef.current = null;
    }
  }

  function stop() {
    const controller = abortRef.current;
    if (!controller) return;
    stoppedKeyRef.current = pending?.key ?? null;
    dispatch({ type: "stopped" });
    controller.abort();
  }

  // The latest closures behind one stable object (bubbles are memoised; a new object a render
  // would re-render every bubble on every streamed delta).
  const latest = useRef({ runTurn, chooseVersion: (id: string) => chooseVersion(id) });
  useEffect(() => {
    latest.current = { runTurn, chooseVersion: (id: string) => chooseVersion(id) };
  });
  const actions = useMemo<MessageActions>(
    () => ({
      edit: (messageId, text) => latest.current.runTurn({ kind: "edit", messageId, text }),
      regenerate: (messageId) => void latest.current.runTurn({ kind: "regenerate", messageId }),
      chooseVersion: (messageId) => void latest.current.chooseVersion(messageId),
    }),
    [],
  );

  const revealed = useTypingReveal(reveal?.text ?? "", reveal?.key ?? null);
  const messages = assembleTranscript(stored.data ?? [], pending, reveal, revealed, displayKeys);

  const retry = retryTarget(messages);
  const sending = pending !== null && !pending.stopped;

  /** Shows another version of a message: the server answers the transcript along its branch. */
  async function chooseVersion(messageId: string): Promise<void> {
    if (!conversationId) return;
    try {
      const path = await chooseBranch(conversationId, messageId);
      queryClient.setQueryData(chatKeys.messages(conversationId), path);
    } catch (error) {
      const detail = error instanceof ApiError ? error.serverMessage : null;
      toast({ title: "Could not show that version", description: detail ?? undefined, variant: "destructive" });
    }
  }

  const summary = conversations.data?.find((c) => c.id === conversationId);
  const lockedUntil = Math.max(
    summary?.lockedUntil ? Date.parse(summary.lockedUntil) : 0,
    localLock && localLock.conversationId === conversationId ? localLock.until : 0,
  );
  const locked = useIsBefore(lockedUntil);

  return {
    messages,
    isLoading: conversationId !== null && stored.isLoading,
    loadError: stored.error,
    sending,
    /** The reply is on its way and can be stopped. */
    streaming: sending,
    waiting: sending && pending.waiting,
    locked,
    lockedUntil: locked ? new Date(lockedUntil) : null,
    offline: offlineSeen || messages.some((m) => m.role === "assistant" && m.offline),
    send,
    stop,
    /** The failed reply a Retry would ask for again, and the Retry itself. */
    retryKey: sending ? null : (retry?.failedKey ?? null),
    /** Asks the failed reply again as a regeneration: the failure stays stored, as version 1. */
    retry: () => (retry ? runTurn({ kind: "regenerate", messageId: retry.failedId }) : Promise.resolve(false)),
    /** Sends an edited version of a stored user message; the old one stays, one click away. */
    edit: (messageId: string, text: string) => runTurn({ kind: "edit", messageId, text }),
    /** Asks for another reply to a stored one's user message; the earlier replies stay. */
    regenerate: (messageId: string) => runTurn({ kind: "regenerate", messageId }),
    chooseVersion,
    /** The same three as one object that never changes, so a memoised bubble does not re-render for them. */
    actions,
    /** The tool steps under each user message (by its id, or the turn in flight's), and approving or denying one. */
    toolSteps: {
      of: (message: DisplayMessage) =>
        message.role !== "user"
          ? undefined
          : tools.byMessage.get(message.id ?? (message.key === pending?.key ? (pending.userMessageId ?? "") : "")),
      decide: (callId: string, decision: "approve" | "deny") => void tools.decide(callId, decision),
      deciding: tools.deciding,
    },
  };
}

/** Stored messages, then the turn in flight where the server does not have it yet. */
export function assembleTranscript(
  stored: ChatMessage[],
  pending: PendingTurn | null,
  reveal: { key: string; text: string } | null,
  revealed: string | null,
  displayKeys: ReadonlyMap<string, string>,
): DisplayMessage[] {
  // An edit or regeneration in flight shows the branch it continues, not the version it leaves.
  const shown = pending && pending.keep !== null && !pending.stopped ? stored.slice(0, pending.keep) : stored;
  const list: DisplayMessage[] = shown.map((m, index) => ({
    key: displayKeyOf(m, shown[index - 1], displayKeys),
    id: m.id,
    siblingIds: m.siblingIds,
    role: m.role,
    content: m.content,
    status: m.status,
    offline: m.offline,
    timestamp: m.timestamp,
    citations: m.citations ?? [],
  }));
  if (pending) {
    const userIndex = pending.userMessageId ? shown.findIndex((m) => m.id === pending.userMessageId) : -1;
    if (userIndex === -1 && !pending.regenerating) {
      list.push({
        key: pending.key,
        id: null,
        siblingIds: [],
        role: "user",
        content: pending.userText,
        status: "complete",
        offline: false,
        timestamp: pending.sentAt,
        citations: [],
      });
    }
    const replyStored = userIndex !== -1 && userIndex < shown.length - 1;
    if (!replyStored && pending.reply) {
      list.push({
        key: replyKeyOf(pending.key),
        id: null,
        siblingIds: [],
        role: "assistant",
        content: pending.reply,
        status: pending.stopped ? "partial" : "streaming",
        offline: false,
        timestamp: new Date().toISOString(),
        citations: pending.citations,
      });
    }
  }
  // The revealed reply is the latest assistant message carrying exactly that text.
  if (reveal && revealed !== null) {
    const last = list.findLast((m) => m.role === "assistant");
    if (last && (last.content === reveal.text || last.status === "streaming")) {
      // Chips under a reply still being revealed would move as it grows, away from the pointer:
      // they appear with its last word.
      if (revealed !== last.content) last.citations = [];
      last.content = revealed;
    }
  }
  return list;
}

/**
 * A user message shown in flight keeps that key, and the reply right after it the in-flight
 * reply's key; any other message is keyed by its first version.
 */
function displayKeyOf(
  message: ChatMessage,
  previous: ChatMessage | undefined,
  displayKeys: ReadonlyMap<string, string>,
): string {
  const own = displayKeys.get(message.id);
  if (own) return own;
  const question = message.role === "assistant" && previous?.role === "user" ? displayKeys.get(previous.id) : undefined;
  // Versions of a message share the first one's key: switching between them keeps the bubble
  // (and the focus on its switcher) in place.
  return question ? replyKeyOf(question) : (message.siblingIds[0] ?? message.id);
}

const replyKeyOf = (turnKey: string) => `${turnKey}:reply`;

function parseLocked(body: string): ChatLocked | null {
  try {
    return JSON.parse(body) as ChatLocked;
  } catch {
    return null;
  }
}

/** True until `deadline` (ms since epoch) passes; re-renders the moment it does. */
function useIsBefore(deadline: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = deadline - Date.now();
    setNow(Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline > now;
}
