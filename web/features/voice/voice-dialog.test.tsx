// @vitest-environment jsdom
/**
 * The voice dialog's view for the states its reducer (call-transition.ts) reaches: the text and
 * buttons each state shows, and that the controls work from the keyboard. The states come from
 * the real reducer driven by its events, so a change to either side shows here.
 */
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderAt, setUpComponentTests } from "../../test-support/component-harness";
import { initialCallState, type CallEvent, type CallState } from "./call-state";
import { transition } from "./call-transition";
import { VoiceCallView, type VoiceCallActions } from "./voice-dialog";
import type { VoiceAgent } from "./voice-session-state";

setUpComponentTests();

const agent = { id: "a1", name: "Ada", role: null, gender: "female", voice: null } as VoiceAgent;

function stateAfter(events: CallEvent[], serverStt = true): CallState {
  return events.reduce(
    (state, event) => transition(state, event).state,
    initialCallState({ sessionSeconds: 300, agentName: "Ada", serverStt }),
  );
}

const opened: CallEvent[] = [
  { type: "startPressed" },
  { type: "micOpened" },
  { type: "conversationCreated", id: "c1", greetingMessageId: null, greeting: "Hello, I am Ada." },
  { type: "listenerStarted", kind: "vad" },
];
const listening: CallEvent[] = [...opened, { type: "playbackIdle" }];
const thinking: CallEvent[] = [...listening, { type: "textTurn", text: "What time is it?", at: 1 }];

function renderView(state: CallState) {
  const actions = {
    start: vi.fn(),
    setLanguage: vi.fn(),
    toggleMute: vi.fn(),
    changeSettings: vi.fn(),
    sendTyped: vi.fn(),
    stopReply: vi.fn(),
  } satisfies VoiceCallActions;
  const onClose = vi.fn();
  renderAt(<VoiceCallView agent={agent} state={state} actions={actions} isAdmin={false} onClose={onClose} />);
  return { actions, onClose };
}

/** What the live regions say (the call's status, and how it hears you). */
const statuses = () => screen.getAllByRole("status").map((region) => region.textContent);

describe("the voice dialog's view", () => {
  it("before the call: the start button, the full time and Close", async () => {
    const { actions, onClose } = renderView(stateAfter([]));
    expect(statuses()).toContain("Tap the microphone to start");
    expect(screen.getByRole("timer").textContent).toBe("5:00");
    const start = screen.getByRole("button", { name: "Start voice conversation" });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("button", { name: "End conversation" })).toBeNull();
    // No microphone yet: nothing to mute.
    expect((screen.getByRole("button", { name: "Mute" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.setup().click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(actions.start).not.toHaveBeenCalled();
  });

  it("while it finds out how it can hear, the call cannot start", () => {
    renderView(stateAfter([], false));
    expect((screen.getByRole("button", { name: "Start voice conversation" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("starts from the keyboard: Tab reaches the microphone, Enter starts", async () => {
    const { actions } = renderView(stateAfter([]));
    const user = userEvent.setup();
    const start = screen.getByRole("button", { name: "Start voice conversation" });
    for (let i = 0; i < 10 && document.activeElement !== start; i += 1) await user.tab();
    expect(document.activeElement).toBe(start);
    await user.keyboard("{Enter}");
    expect(actions.start).toHaveBeenCalledTimes(1);
  });

  it("connecting: no start button, and the close button ends the call", () => {
    renderView(stateAfter([{ type: "startPressed" }]));
    expect(statuses()).toContain("Connecting…");
    expect(screen.queryByRole("button", { name: "Start voice conversation" })).toBeNull();
    expect(screen.getByRole("button", { name: "End conversation" })).toBeTruthy();
  });

  it("the greeting is spoken and shown in the transcript", () => {
    renderView(stateAfter(opened));
    expect(statuses()).toContain("Speaking — Ada");
    expect(screen.getByText("Hello, I am Ada.")).toBeTruthy();
  });

  it("listening: Mute works from the keyboard and is announced as pressed", async () => {
    const state = stateAfter(listening);
    const { actions } = renderView(state);
    expect(statuses()).toContain("Listening");
    const mute = screen.getByRole("button", { name: "Mute" });
    expect((mute as HTMLButtonElement).disabled).toBe(false);
    expect(mute.getAttribute("aria-pressed")).toBe("false");
    mute.focus();
    await userEvent.setup().keyboard(" ");
    expect(actions.toggleMute).toHaveBeenCalledTimes(1);
  });

  it("muted: the status says so and the button offers Unmute", () => {
    renderView(stateAfter([...listening, { type: "muteToggled" }]));
    expect(statuses()).toContain("Listening — microphone muted");
    expect(screen.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("thinking: the user's words are in the transcript and the language cannot change mid-turn", () => {
    renderView(stateAfter(thinking));
    expect(statuses()).toContain("Thinking");
    expect(screen.getByText("What time is it?")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Language" }) as HTMLSelectElement).disabled).toBe(true);
  });

  it("typed turns when speech cannot be recognised: a text box, enabled only while listening", async () => {
    const typed: CallEvent = { type: "earDecided", ear: { kind: "typed", reason: "No recogniser", retrying: false } };
    renderView(stateAfter([typed], false));
    expect((screen.getByPlaceholderText("Start the conversation to type") as HTMLInputElement).disabled).toBe(true);
    cleanup();

    const { actions } = renderView(stateAfter([typed, ...listening], false));
    const box = screen.getByPlaceholderText("Type your message");
    // Typed turns use no microphone: no Mute.
    expect(screen.queryByRole("button", { name: "Mute" })).toBeNull();
    const user = userEvent.setup();
    await user.type(box, "Hi Ada{Enter}");
    expect(actions.sendTyped).toHaveBeenCalledWith("Hi Ada");
  });

  it("ended: the call is over, nothing to start or end", () => {
    renderView(stateAfter([...listening, { type: "timeUp" }]));
    expect(statuses()).toContain("Conversation ended");
    expect(screen.queryByRole("button", { name: "Start voice conversation" })).toBeNull();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });
});
