/**
 * A turn's bubbles keep their React keys when the streamed turn is swapped for the stored one.
 * With new keys the bubbles were remounted, and a citation dialog opened on the streamed reply
 * closed as the stored reply replaced it (found as a knowledge journey failure).
 */
import { expect, it } from "vitest";
import type { ChatMessage } from "../../../contracts/chat";
import { assembleTranscript, type PendingTurn } from "./use-chat-session";

const stored = (id: string, role: ChatMessage["role"], content: string): ChatMessage => ({
  id,
  siblingIds: [id],
  conversationId: "c1",
  role,
  content,
  status: "complete",
  offline: false,
  language: null,
  citations: [],
  createdAt: "2026-11-25T10:00:00.000Z",
  timestamp: "2026-11-25T10:00:00.000Z",
});

it("keeps the keys of a turn's question and reply from streaming to stored", () => {
  const earlier = [stored("m1", "user", "hello"), stored("m2", "assistant", "hi")];
  const pending: PendingTurn = {
    key: "turn-1",
    userMessageId: "m3",
    userText: "returns?",
    sentAt: "2026-11-25T10:01:00.000Z",
    reply: "Within 30 days [1].",
    citations: [],
    waiting: false,
    streamed: true,
    stopped: false,
    keep: null,
    regenerating: false,
  };
  const displayKeys = new Map([["m3", "turn-1"]]);

  const streaming = assembleTranscript(earlier, pending, null, null, displayKeys);
  const afterStore = [...earlier, stored("m3", "user", "returns?"), stored("m4", "assistant", "Within 30 days [1].")];
  const storedWhilePending = assembleTranscript(afterStore, pending, null, null, displayKeys);
  const settled = assembleTranscript(afterStore, null, null, null, displayKeys);

  const keys = (list: { key: string }[]) => list.map((m) => m.key);
  expect(keys(streaming)).toEqual(["m1", "m2", "turn-1", "turn-1:reply"]);
  expect(keys(storedWhilePending)).toEqual(keys(streaming));
  expect(keys(settled)).toEqual(keys(streaming));
  expect(settled.at(-1)).toMatchObject({ role: "assistant", status: "complete" });
});

it("shows a reply's citation chips only once its typing reveal has shown all of it", () => {
  const citation = { marker: 1, documentId: "d1", title: "Policy", location: "page 2", snippet: "45 days" };
  const reply = { ...stored("m2", "assistant", "Within 45 days [1]."), citations: [citation] };
  const transcript = [stored("m1", "user", "returns?"), reply];
  const reveal = { key: "turn-1", text: reply.content };

  expect(assembleTranscript(transcript, null, reveal, "Within 45", new Map()).at(-1)?.citations).toEqual([]);
  expect(assembleTranscript(transcript, null, reveal, reply.content, new Map()).at(-1)?.citations).toEqual([citation]);
});
