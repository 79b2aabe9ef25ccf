/** Stop and Retry as the transcript sees them: what stays on screen, and what is sent again. */
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../contracts/chat";
import { retryTarget, stopTurn } from "./turn-controls";
import { assembleTranscript, type DisplayMessage, type PendingTurn } from "./use-chat-session";

const entry = (key: string, role: "user" | "assistant", status: DisplayMessage["status"], content: string) => ({
  key,
  id: `id-${key}`,
  role,
  status,
  content,
});

const stored = (
  id: string,
  role: ChatMessage["role"],
  content: string,
  status: ChatMessage["status"],
): ChatMessage => ({
  id,
  siblingIds: [id],
  conversationId: "c1",
  role,
  content,
  status,
  offline: false,
  language: null,
  citations: [],
  createdAt: "2026-11-25T10:00:00.000Z",
  timestamp: "2026-11-25T10:00:00.000Z",
});

const inFlight = (change: Partial<PendingTurn> = {}): PendingTurn => ({
  key: "turn-1",
  userMessageId: "m3",
  userText: "Write me a long essay",
  sentAt: "2026-11-25T10:01:00.000Z",
  reply: "Once upon",
  citations: [],
  waiting: false,
  streamed: true,
  stopped: false,
  keep: null,
  regenerating: false,
  ...change,
});

describe("retryTarget", () => {
  it("regenerates the last reply when it failed, naming the stored failed reply", () => {
    const messages = [entry("a", "user", "complete", "hi"), entry("b", "assistant", "failed", "")];
    expect(retryTarget(messages)).toEqual({ failedKey: "b", failedId: "id-b", text: "hi" });
  });

  it("offers nothing when the last reply succeeded or an older one failed", () => {
    expect(
      retryTarget([entry("a", "user", "complete", "hi"), entry("b", "assistant", "complete", "hello")]),
    ).toBeNull();
    const answeredSince = [
      entry("a", "user", "complete", "hi"),
      entry("b", "assistant", "failed", ""),
      entry("c", "user", "complete", "again"),
      entry("d", "assistant", "complete", "hello"),
    ];
    expect(retryTarget(answeredSince)).toBeNull();
  });

  it("offers nothing for a failed reply with no user message before it", () => {
    expect(retryTarget([entry("b", "assistant", "failed", "")])).toBeNull();
    expect(retryTarget([])).toBeNull();
  });
});

describe("stopTurn", () => {
  it("keeps a named turn on screen as stopped, with the words that arrived", () => {
    expect(stopTurn(inFlight({ waiting: true }))).toMatchObject({ stopped: true, waiting: false, reply: "Once upon" });
  });

  it("drops a turn the server has not named yet, so its text can go back in the box", () => {
    expect(stopTurn(inFlight({ userMessageId: null }))).toBeNull();
    expect(stopTurn(null)).toBeNull();
  });

  it("shows the stopped reply as partial until the stored partial reply replaces it under the same key", () => {
    const earlier = [stored("m1", "user", "hi", "complete"), stored("m2", "assistant", "hello", "complete")];
    const stopped = stopTurn(inFlight());
    const keys = new Map([["m3", "turn-1"]]);

    const before = assembleTranscript(
      [...earlier, stored("m3", "user", "Write me a long essay", "complete")],
      stopped,
      null,
      null,
      keys,
    );
    expect(before.at(-1)).toMatchObject({ key: "turn-1:reply", status: "partial", content: "Once upon" });

    const afterStore = [
      ...earlier,
      stored("m3", "user", "Write me a long essay", "complete"),
      stored("m4", "assistant", "Once upon", "partial"),
    ];
    const after = assembleTranscript(afterStore, stopped, null, null, keys);
    expect(after).toHaveLength(4);
    expect(after.at(-1)).toMatchObject({ key: "turn-1:reply", status: "partial", content: "Once upon" });
  });
});
