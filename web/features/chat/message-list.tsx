/**
 * The scrolling transcript. Sticks to the bottom while the reader is there (new replies and
 * streamed text stay in view) and leaves them alone once they scroll up to read.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import type { MessageActions } from "./message-branch-controls";
import { MessageBubble } from "./message-bubble";
import { TypingIndicator } from "./typing-indicator";
import type { ToolStepView } from "./use-tool-steps";
import type { DisplayMessage } from "./use-chat-session";
import { useWindowedList } from "./use-windowed-list";

/** Only agents with tools show steps: their code loads with the first (the chat page's 200 kB budget). */
const ToolSteps = lazy(() => import("./tool-steps").then((m) => ({ default: m.ToolSteps })));

const NEAR_BOTTOM_PX = 120;

export function MessageList({
  messages,
  waiting,
  agentName,
  conversationKey,
  emptyState,
  retryKey = null,
  onRetry,
  actions,
  busy = false,
  toolSteps,
}: {
  messages: DisplayMessage[];
  waiting: boolean;
  agentName: string;
  /** Changes when another conversation opens: jump to its end. */
  conversationKey: string;
  emptyState: ReactNode;
  /** The failed reply that offers Retry, if any. */
  retryKey?: string | null;
  onRetry?: () => void;
  /** Edit, regenerate and version switching for stored messages. */
  actions?: MessageActions;
  /** Nothing new may be asked (a turn in flight, a lock): the branch controls are disabled. */
  busy?: boolean;
  /** The agent's tool steps under a user message, with approve and deny for a call that waits. */
  toolSteps?: {
    of(message: DisplayMessage): ToolStepView[] | undefined;
    decide(callId: string, decision: "approve" | "deny"): void;
    deciding: string | null;
  };
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keys = messages.map((m) => m.key);
  const visible = useWindowedList(keys, scrollRef);
  const last = messages.at(-1);

  useLayoutEffect(() => {
    atBottom.current = true;
  }, [conversationKey]);

  // After every change of content, follow it if the reader was at the end.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [conversationKey, messages.length, last?.content, waiting, visible.padBottom]);

  // Content also grows without a new message (a measured item, a reply being revealed): keep
  // following it. Runs after layout and before paint, so the reader never sees the jump.
  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const follow = new ResizeObserver(() => {
      const el = scrollRef.current;
      if (el && atBottom.current) el.scrollTop = el.scrollHeight;
    });
    follow.observe(content);
    return () => follow.disconnect();
  }, [messages.length === 0]); // eslint-disable-line react-hooks/exhaustive-deps -- re-attach when the list replaces the empty state

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-offset-[-2px] sm:px-6"
      role="log"
      // Reachable by Tab, so a keyboard user can scroll back through the transcript with the arrows.
      tabIndex={0}
      aria-label={`Conversation with ${agentName}`}
      aria-live="polite"
    >
      {messages.length === 0 && !waiting ? (
        emptyState
      ) : (
        <div ref={contentRef} className="mx-auto max-w-3xl">
          <div style={{ height: visible.padTop }} aria-hidden />
          {messages.slice(visible.start, visible.end).map((message) => (
            <div key={message.key} data-key={message.key} ref={visible.observe} className="py-1.5">
              <MessageBubble
                message={message}
                onRetry={message.key === retryKey ? onRetry : undefined}
                actions={actions}
                busy={busy}
              />
              {toolSteps?.of(message)?.length ? (
                <Suspense fallback={null}>
                  <ToolSteps
                    steps={toolSteps.of(message) ?? []}
                    onDecide={toolSteps.decide}
                    deciding={toolSteps.deciding}
                  />
                </Suspense>
              ) : null}
            </div>
          ))}
          <div style={{ height: visible.padBottom }} aria-hidden />
          {waiting && (
            <div className="py-1.5">
              <TypingIndicator agentName={agentName} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
