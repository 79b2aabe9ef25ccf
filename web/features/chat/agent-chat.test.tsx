// @vitest-environment jsdom
/**
 * The chat session as the user sees it (AgentChat with its session hook, transcript and message
 * box), against a fake fetch that answers like the server: the reply arrives as an SSE stream
 * the test writes event by event.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Agent } from "../../../contracts/agents";
import { fakeApi, json, renderAt, sseReply, setUpComponentTests } from "../../test-support/component-harness";
import { AgentChat } from "./agent-chat";

setUpComponentTests();

const AGENT_ID = "a0000000-0000-4000-8000-000000000001";
const CONVERSATION_ID = "c0000000-0000-4000-8000-000000000001";
const USER_MESSAGE_ID = "m0000000-0000-4000-8000-000000000001";

const agent = {
  id: AGENT_ID,
  userId: "u1",
  name: "Ada",
  description: null,
  type: "assistant",
  gender: "female",
  role: null,
  speciality: null,
  personality: null,
  communicationStyle: null,
  customPrompt: null,
  voice: null,
  isActive: true,
  chatsSent: 0,
  callsSent: 0,
  emailsSent: 0,
  textsSent: 0,
  socialPosts: 0,
  supportsCall: false,
  supportsEmail: false,
  supportsText: false,
  supportsSocial: false,
  visibility: "private",
  ownerName: "Grace",
  canManage: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
} as unknown as Agent;

/** The server around one chat turn; `chat` answers POST /api/chat/:agent. */
function chatServer(chat: (init: RequestInit | undefined) => Response, stored: () => unknown[] = () => []) {
  return fakeApi({
    [`GET /api/agents/${AGENT_ID}`]: () => json(agent),
    "GET /api/auth/user": () => json({ id: "u1", email: "g@example.com", isAdmin: false }),
    "GET /api/conversations": () => json([]),
    [`GET /api/conversations/${CONVERSATION_ID}/messages`]: () => json(stored()),
    [`POST /api/chat/${AGENT_ID}`]: ({ init }) => chat(init),
  });
}

async function typeAndSend(text: string) {
  const user = userEvent.setup();
  const box = await screen.findByPlaceholderText("Message Ada…");
  await user.type(box, text);
  await user.click(screen.getByRole("button", { name: "Send message" }));
  return { user, box };
}

describe("the chat session", () => {
  it("shows Stop instead of Send and locks the box while a reply streams, then renders the reply", async () => {
    let reply!: ReturnType<typeof sseReply>;
    const api = chatServer((init) => {
      reply = sseReply(init);
      return reply.response;
    });
    renderAt(<AgentChat agentId={AGENT_ID} />, `/chat/${AGENT_ID}`);

    const { box } = await typeAndSend("Hello there");
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST")).toBe(true));
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ message: "Hello there", conversationId: null });

    expect(await screen.findByRole("button", { name: "Stop reply" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send message" })).toBeNull();
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    // The message shows at once, before the server has answered.
    expect(screen.getByText("Hello there")).toBeTruthy();

    reply.send("conversation", { conversationId: CONVERSATION_ID, userMessageId: USER_MESSAGE_ID, offline: false });
    reply.send("delta", { text: "Hi, " });
    reply.send("delta", { text: "how can I help?" });
    expect(await screen.findByText("Hi, how can I help?")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop reply" })).toBeTruthy();

    reply.send("done", {
      conversationId: CONVERSATION_ID,
      response: "Hi, how can I help?",
      securityLock: false,
      offline: false,
      citations: [],
    });
    expect(await screen.findByRole("button", { name: "Send message" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop reply" })).toBeNull();
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
  });

  it("Stop withdraws the request and gives the box back", async () => {
    let reply!: ReturnType<typeof sseReply>;
    let signal: AbortSignal | null | undefined;
    chatServer((init) => {
      signal = init?.signal;
      reply = sseReply(init);
      return reply.response;
    });
    renderAt(<AgentChat agentId={AGENT_ID} />, `/chat/${AGENT_ID}`);

    const { user } = await typeAndSend("Tell me a long story");
    await user.click(await screen.findByRole("button", { name: "Stop reply" }));

    expect(signal?.aborted).toBe(true);
    expect(await screen.findByRole("button", { name: "Send message" })).toBeTruthy();
  });

  it("a reply that fails after the message was stored shows the failure with Retry, which asks again", async () => {
    let attempts = 0;
    let stored: unknown[] = [];
    const api = chatServer(
      (init) => {
        attempts += 1;
        const reply = sseReply(init);
        reply.send("conversation", { conversationId: CONVERSATION_ID, userMessageId: USER_MESSAGE_ID, offline: false });
        if (attempts === 1) {
          stored = [
            {
              id: USER_MESSAGE_ID,
              role: "user",
              content: "Are you there?",
              status: "complete",
              offline: false,
              timestamp: "2026-01-01T00:00:01.000Z",
              siblingIds: [],
            },
            {
              id: "r1",
              role: "assistant",
              content: "",
              status: "failed",
              offline: false,
              timestamp: "2026-01-01T00:00:02.000Z",
              siblingIds: [],
            },
          ];
          reply.send("error", { status: 502, message: "The model is unreachable" });
        } else {
          stored = [
            {
              id: USER_MESSAGE_ID,
              role: "user",
              content: "Are you there?",
              status: "complete",
              offline: false,
              timestamp: "2026-01-01T00:00:01.000Z",
              siblingIds: [],
            },
            {
              id: "r2",
              role: "assistant",
              content: "Yes, I am.",
              status: "complete",
              offline: false,
              timestamp: "2026-01-01T00:00:03.000Z",
              siblingIds: [],
            },
          ];
          reply.send("delta", { text: "Yes, I am." });
          reply.send("done", {
            conversationId: CONVERSATION_ID,
            response: "Yes, I am.",
            securityLock: false,
            offline: false,
            citations: [],
          });
        }
        return reply.response;
      },
      () => stored,
    );
    const { location } = renderAt(<AgentChat agentId={AGENT_ID} />, `/chat/${AGENT_ID}`);

    const { user } = await typeAndSend("Are you there?");
    expect(await screen.findByText("The reply failed. Your message was saved.")).toBeTruthy();
    expect(location.history?.at(-1)).toBe(`/chat/${AGENT_ID}?conversation=${CONVERSATION_ID}`);

    await user.click(screen.getByRole("button", { name: /retry/i }));
    expect(await screen.findByText("Yes, I am.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("The reply failed. Your message was saved.")).toBeNull());
    const posts = api.calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(2);
    // Retry answers the stored message again beside the failed reply (a regeneration), never resending its text.
    expect(posts[1]?.body).toEqual({ conversationId: CONVERSATION_ID, regenerateOf: "r1" });
  });

  it("a refused message goes back in the box for another try", async () => {
    chatServer(() => json({ code: "AGENT_INACTIVE", message: "This agent is inactive" }, 409));
    renderAt(<AgentChat agentId={AGENT_ID} />, `/chat/${AGENT_ID}`);

    const { box } = await typeAndSend("Anyone?");
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe("Anyone?"));
    expect(within(document.body).queryByText("The reply failed. Your message was saved.")).toBeNull();
  });
});
