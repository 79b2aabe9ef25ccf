import { describe, expect, it } from "vitest";
import { initialCallState, type CallEffect, type CallEvent, type CallState, type Clip } from "./call-state";
import { RECOGNIZER_RETRIES } from "./call-lifecycle";
import { transition } from "./call-transition";
import type { SpeechItem } from "./speech-player";

const USER_ID = "11111111-1111-4111-8111-111111111111";
const REPLY_ID = "22222222-2222-4222-8222-222222222222";
const GREETING_ID = "33333333-3333-4333-8333-333333333333";

function clip(length: number, value = 0.1): Clip {
  return { kind: "samples", samples: new Float32Array(length).fill(value) };
}

function audio(reply: number, text = "Sure."): SpeechItem {
  return { kind: "audio", url: `data:audio/wav;base64,${reply}`, text, reply };
}

/** Runs events from a state; returns the last state and every effect, in order. */
function run(state: CallState, ...events: CallEvent[]): { state: CallState; effects: CallEffect[] } {
  const effects: CallEffect[] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const types = (effects: CallEffect[]) => effects.map((effect) => effect.type);

function fresh(serverStt = true): CallState {
  return initialCallState({ sessionSeconds: 600, agentName: "Vera", serverStt });
}

/** A call that has greeted and is listening, on the given ear. */
function listening(ear: "server" | "browser" | "typed" = "server"): CallState {
  let state = fresh(ear === "server");
  if (ear === "browser") state = run(state, { type: "earDecided", ear: { kind: "browser" } }).state;
  if (ear === "typed")
    state = run(state, { type: "earDecided", ear: { kind: "typed", reason: "No recogniser.", retrying: false } }).state;
  const started = run(state, { type: "startPressed" }, ...(ear === "typed" ? [] : [{ type: "micOpened" } as const]), {
    type: "conversationCreated",
    id: "conv",
    greetingMessageId: GREETING_ID,
    greeting: "Hi, I'm Vera.",
  });
  const seq = started.state.turn?.seq ?? 0;
  return run(
    started.state,
    { type: "replyAudio", seq, item: audio(seq, "Hi, I'm Vera.") },
    { type: "playbackStarted", at: 0 },
    { type: "playbackIdle" },
  ).state;
}

/** Listening, then one utterance sent to the server (seq returned). */
function thinking(): { state: CallState; seq: number } {
  const { state } = run(
    listening(),
    { type: "speechStarted" },
    { type: "speechConfirmed" },
    {
      type: "utteranceEnded",
      clip: clip(1600),
      at: 1000,
    },
  );
  return { state, seq: state.turn?.seq ?? -1 };
}

/** A reply playing: stored, first sentence handed to the player and sounding. */
function speaking(): { state: CallState; seq: number } {
  const { state, seq } = thinking();
  return {
    seq,
    state: run(
      state,
      { type: "turnStored", seq, userMessageId: USER_ID, assistantMessageId: REPLY_ID },
      { type: "replyText", seq, text: "Sure, one moment." },
      { type: "replyAudio", seq, item: audio(seq) },
      { type: "playbackStarted", at: 1420 },
    ).state,
  };
}

describe("the call's state machine", () => {
  describe("idle", () => {
    it("does not start while it is still finding out how it can hear", () => {
      const { state, effects } = run(fresh(false), { type: "startPressed" });
      expect(state.phase).toBe("idle");
      expect(effects).toEqual([]);
    });

    it("asks for the microphone when started with an ear", () => {
      const { state, effects } = run(fresh(), { type: "startPressed" });
      expect(state.phase).toBe("starting");
      expect(types(effects)).toEqual(["openMicrophone"]);
    });

    it("starts a typed call without the microphone when speech cannot be recognised", () => {
      const typed = run(fresh(false), {
        type: "earDecided",
        ear: { kind: "typed", reason: "No recogniser.", retrying: false },
      });
      const { effects } = run(typed.state, { type: "startPressed" });
      expect(types(effects)).toEqual(["createConversation"]);
    });
  });

  describe("starting", () => {
    it("goes back to idle with the spec's toast when the microphone is refused", () => {
      const { state, effects } = run(fresh(), { type: "startPressed" }, { type: "micDenied" });
      expect(state.phase).toBe("idle");
      expect(effects).toContainEqual(
        expect.objectContaining({
          type: "toast",
          toast: expect.objectContaining({ title: "Microphone Access Required" }),
        }),
      );
    });

    it("greets once the conversation exists: countdown, detector and the greeting's speech", () => {
      const { state, effects } = run(
        fresh(),
        { type: "startPressed" },
        { type: "micOpened" },
        { type: "conversationCreated", id: "conv", greetingMessageId: GREETING_ID, greeting: "Hi." },
      );
      expect(state.phase).toBe("speaking");
      expect(state.lines).toEqual([{ id: 1, role: "agent", text: "Hi." }]);
      expect(types(effects)).toEqual([
        "openMicrophone",
        "createConversation",
        "startCountdown",
        "startListener",
        "speakReply",
      ]);
    });

    it("releases the microphone and says why when the conversation cannot be created", () => {
      const { state, effects } = run(
        fresh(),
        { type: "startPressed" },
        { type: "micOpened" },
        { type: "conversationFailed", message: "Agent limit" },
      );
      expect(state.phase).toBe("idle");
      expect(types(effects)).toContain("releaseMicrophone");
    });
  });

  describe("listening", () => {
    it("listens after the greeting has been played", () => {
      const state = listening();
      expect(state.phase).toBe("listening");
      expect(state.turn).toBeNull();
    });

    it("sends the detector's audio when the server transcribes, with its user line", () => {
      const { state, effects } = run(
        listening(),
        { type: "speechStarted" },
        { type: "utteranceEnded", clip: clip(800), at: 5 },
      );
      expect(state.phase).toBe("thinking");
      const send = effects.find((e) => e.type === "sendTurn");
      expect(send).toMatchObject({ conversationId: "conv", replaces: null, heard: { text: null } });
      expect(state.lines.at(-1)).toMatchObject({ role: "user", text: "…" });
    });

    it("asks the browser recogniser for the words before sending when it is the ear", () => {
      const { state, effects } = run(listening("browser"), { type: "utteranceEnded", clip: clip(800), at: 5 });
      const seq = state.turn?.seq ?? -1;
      expect(types(effects)).toContain("takeTranscript");
      expect(types(effects)).not.toContain("sendTurn");
      const heard = run(state, { type: "transcriptReady", seq, text: "where is my order" });
      expect(heard.effects.find((e) => e.type === "sendTurn")).toMatchObject({ heard: { text: "where is my order" } });
    });

    it("drops a turn whose recognised words are noise", () => {
      const ended = run(listening("browser"), { type: "utteranceEnded", clip: clip(800), at: 5 });
      const { state, effects } = run(ended.state, {
        type: "transcriptReady",
        seq: ended.state.turn?.seq ?? -1,
        text: "",
      });
      expect(state.phase).toBe("listening");
      expect(types(effects)).not.toContain("sendTurn");
      expect(state.lines.filter((l) => l.role === "user")).toEqual([]);
    });

    it("ignores heard speech when nothing can recognise it, but sends typed words", () => {
      const typed = listening("typed");
      expect(run(typed, { type: "utteranceEnded", clip: clip(800), at: 5 }).state.turn).toBeNull();
      const { effects } = run(typed, { type: "textTurn", text: "Where is my order?", at: 5 });
      expect(effects.find((e) => e.type === "sendTurn")).toMatchObject({ heard: { text: "Where is my order?" } });
    });

    it("pauses after a minute without activity and frees the microphone", () => {
      const { state, effects } = run(listening(), { type: "inactive" });
      expect(state.phase).toBe("paused");
      expect(types(effects)).toEqual(["stopListener", "releaseMicrophone", "toast"]);
    });

    it("starts a turn speculatively at a short pause and plays nothing until the end is confirmed", () => {
      const paused = run(listening(), { type: "speechStarted" }, { type: "speechPaused", clip: clip(800), at: 900 });
      const seq = paused.state.turn?.seq ?? -1;
      expect(paused.state.turn?.speculative).toBe(true);
      expect(types(paused.effects)).toContain("sendTurn");
      const answered = run(paused.state, { type: "replyAudio", seq, item: audio(seq) });
      expect(answered.effects).toEqual([{ type: "preload", item: audio(seq) }]);
      const confirmed = run(answered.state, { type: "utteranceEnded", clip: clip(1000), at: 900 });
      expect(confirmed.effects).toContainEqual({ type: "play", item: audio(seq) });
      expect(types(confirmed.effects)).not.toContain("sendTurn");
      expect(confirmed.state.phase).toBe("thinking");
    });

    it("cancels a speculative start when speech resumes, and the whole utterance replaces it", () => {
      const paused = run(listening(), { type: "speechStarted" }, { type: "speechPaused", clip: clip(800), at: 900 });
      const seq = paused.state.turn?.seq ?? -1;
      const stored = run(paused.state, {
        type: "turnStored",
        seq,
        userMessageId: USER_ID,
        assistantMessageId: REPLY_ID,
      });
      const resumed = run(stored.state, { type: "speechResumed" });
      expect(resumed.effects).toEqual([{ type: "abortTurn", seq }]);
      const ended = run(resumed.state, { type: "utteranceEnded", clip: clip(2000), at: 2500 });
      const send = ended.effects.find((e) => e.type === "sendTurn");
      expect(send).toMatchObject({ replaces: USER_ID });
      // The detector's segment went on, so the audio is its whole utterance, not joined twice.
      expect(send?.type === "sendTurn" && send.heard.clip?.kind === "samples" && send.heard.clip.samples.length).toBe(
        2000,
      );
    });
  });

  describe("a pause in the middle of a thought", () => {
    it("marks turns ended by a pause as holdable by the server", () => {
      const { state } = thinking();
      expect(state.turn?.holdIfUnfinished).toBe(true);
    });

    it("listens on when the server holds unfinished words, then joins the rest to them", () => {
      const { state, seq } = thinking();
      const held = run(state, { type: "turnIncomplete", seq }, { type: "turnClosed", seq });
      expect(held.state).toMatchObject({ phase: "listening", turn: null, heldForMore: { endedAt: 1000 } });
      expect(held.state.lines.filter((l) => l.role === "user")).toEqual([]);
      expect(held.effects).toContainEqual({ type: "waitForMore", ms: 1000 });
      const more = run(
        held.state,
        { type: "speechStarted" },
        { type: "speechConfirmed" },
        { type: "utteranceEnded", clip: clip(800), at: 3000 },
      );
      expect(more.effects).toContainEqual({ type: "stopWaitingForMore" });
      const send = more.effects.find((e) => e.type === "sendTurn");
      expect(send?.type === "sendTurn" && send.heard.clip?.kind === "samples" && send.heard.clip.samples.length).toBe(
        2400,
      );
      expect(send).toMatchObject({ replaces: null, holdIfUnfinished: true });
      // A stale wait timer no longer sends anything.
      expect(types(run(more.state, { type: "waitForMoreOver" }).effects)).not.toContain("sendTurn");
    });

    it("sends the unfinished words as they are when no more speech comes", () => {
      const { state, seq } = thinking();
      const held = run(state, { type: "turnIncomplete", seq });
      const over = run(held.state, { type: "waitForMoreOver" });
      expect(over.state.phase).toBe("thinking");
      expect(over.effects.find((e) => e.type === "sendTurn")).toMatchObject({ holdIfUnfinished: false });
      expect(over.state.turn?.speechEndedAt).toBe(1000);
    });

    it("re-arms the wait after a cough while holding unfinished words", () => {
      const { state, seq } = thinking();
      const held = run(state, { type: "turnIncomplete", seq });
      const cough = run(held.state, { type: "speechStarted" }, { type: "misfire" });
      expect(types(cough.effects)).toEqual(["clearInactivity", "stopWaitingForMore", "armInactivity", "waitForMore"]);
    });

    it("holds a speculative start the server found unfinished at the detector's end of turn", () => {
      const { state } = run(
        listening(),
        { type: "speechStarted" },
        { type: "speechConfirmed" },
        {
          type: "speechPaused",
          clip: clip(1600),
          at: 900,
        },
      );
      const seq = state.turn?.seq ?? -1;
      expect(state.turn).toMatchObject({ speculative: true, holdIfUnfinished: true });
      const ended = run(state, { type: "turnIncomplete", seq }, { type: "utteranceEnded", clip: clip(1700), at: 900 });
      expect(ended.state).toMatchObject({ phase: "listening", turn: null });
      expect(ended.effects).toContainEqual({ type: "waitForMore", ms: 1000 });
      expect(ended.state.lines.filter((l) => l.role === "user")).toEqual([]);
    });
  });

  describe("thinking", () => {
    it("holds reply audio while the user starts speaking, and plays it if that was a cough", () => {
      const { state, seq } = thinking();
      const held = run(state, { type: "speechStarted" }, { type: "replyAudio", seq, item: audio(seq) });
      expect(types(held.effects)).not.toContain("play");
      const released = run(held.state, { type: "misfire" });
      expect(released.effects).toContainEqual({ type: "play", item: audio(seq) });
    });

    it("joins speech that resumes before any reply audio to the pending turn (both sentences, replacing it)", () => {
      const { state, seq } = thinking();
      const stored = run(state, { type: "turnStored", seq, userMessageId: USER_ID, assistantMessageId: REPLY_ID });
      const resumed = run(stored.state, { type: "speechStarted" }, { type: "speechConfirmed" });
      expect(resumed.effects).toContainEqual({ type: "abortTurn", seq });
      expect(resumed.state.phase).toBe("listening");
      const ended = run(resumed.state, { type: "utteranceEnded", clip: clip(900), at: 4000 });
      const send = ended.effects.find((e) => e.type === "sendTurn");
      expect(send).toMatchObject({ replaces: USER_ID });
      expect(send?.type === "sendTurn" && send.heard.clip?.kind === "samples" && send.heard.clip.samples.length).toBe(
        1600 + 900,
      );
      expect(ended.state.lines.filter((l) => l.role === "user")).toHaveLength(1);
    });

    it("keeps a cancelled request open until it names its stored message, then replaces that", () => {
      const { state, seq } = thinking();
      const resumed = run(state, { type: "speechStarted" }, { type: "speechConfirmed" });
      expect(types(resumed.effects)).not.toContain("abortTurn");
      expect(resumed.state.orphan).toEqual({ seq });
      const ended = run(resumed.state, { type: "utteranceEnded", clip: clip(900), at: 4000 });
      expect(types(ended.effects)).not.toContain("sendTurn");
      expect(ended.state.turn?.waitingFor).toBe("replaced-id");
      const named = run(ended.state, { type: "turnStored", seq, userMessageId: USER_ID, assistantMessageId: REPLY_ID });
      expect(types(named.effects)).toEqual(["abortTurn", "sendTurn"]);
      expect(named.effects[1]).toMatchObject({ replaces: USER_ID });
    });

    it("shows how long the reply took from the end of speech to its first sound", () => {
      const { state } = speaking();
      expect(state.phase).toBe("speaking");
      expect(state.lines.at(-1)).toMatchObject({ role: "agent", text: "Sure, one moment.", latencyMs: 420 });
    });

    it("on a failure says so and sends unstored words as a text message", () => {
      const typed = run(listening("typed"), { type: "textTurn", text: "Where is my order?", at: 5 });
      const seq = typed.state.turn?.seq ?? -1;
      const { state, effects } = run(typed.state, { type: "turnFailed", seq, reason: "error", stored: false });
      expect(state.phase).toBe("listening");
      expect(effects).toContainEqual({ type: "sendAsText", text: "Where is my order?" });
    });

    it("ends the call when the server says time is up", () => {
      const { state, seq } = thinking();
      const { state: ended, effects } = run(state, { type: "turnFailed", seq, reason: "time-up", stored: false });
      expect(ended.phase).toBe("ended");
      expect(types(effects)).toEqual(expect.arrayContaining(["abortTurn", "stopTimers", "closeDialogSoon"]));
    });
  });

  describe("speaking", () => {
    it("pauses playback as soon as speech starts over the agent, and resumes it on a misfire", () => {
      const { state } = speaking();
      const started = run(state, { type: "speechStarted" });
      expect(started.effects).toContainEqual({ type: "pausePlayback" });
      const cough = run(started.state, { type: "misfire" });
      expect(cough.effects).toContainEqual({ type: "resumePlayback" });
      expect(cough.state.phase).toBe("speaking");
    });

    it("barges in on sustained speech: stops the reply, records it as interrupted, drops its stream", () => {
      const { state, seq } = speaking();
      const confirmed = run(state, { type: "speechStarted" }, { type: "speechConfirmed" });
      // 250 ms of speech is not yet an interruption: it may be "mm-hm".
      expect(confirmed.state.phase).toBe("speaking");
      expect(types(confirmed.effects)).not.toContain("stopPlayback");
      const { state: next, effects } = run(confirmed.state, { type: "speechSustained" });
      expect(next.phase).toBe("listening");
      expect(next.turn).toBeNull();
      expect(effects).toContainEqual({
        type: "stopPlayback",
        interrupted: { conversationId: "conv", messageId: REPLY_ID, line: state.lines.at(-1)?.id, seq },
      });
      expect(effects).toContainEqual({ type: "abortTurn", seq });
      const recorded = run(next, {
        type: "interruptionRecorded",
        line: state.lines.at(-1)?.id ?? -1,
        spokenText: "Sure,",
      });
      expect(recorded.state.lines.at(-1)).toMatchObject({ text: "Sure,", interrupted: true });
      // The new turn goes ahead.
      const ended = run(recorded.state, { type: "utteranceEnded", clip: clip(900), at: 9000 });
      expect(ended.effects.find((e) => e.type === "sendTurn")).toMatchObject({ replaces: null });
    });

    it("can be spoken over during the greeting, which is then recorded as interrupted", () => {
      const { state } = run(
        fresh(),
        { type: "startPressed" },
        { type: "micOpened" },
        { type: "conversationCreated", id: "conv", greetingMessageId: GREETING_ID, greeting: "Hi." },
        { type: "speechStarted" },
        { type: "speechConfirmed" },
        { type: "speechSustained" },
      );
      expect(state.phase).toBe("listening");
    });

    it("lets a backchannel over the agent go by: the reply resumes, nothing is sent or cut", () => {
      const { state, seq } = speaking();
      const short = run(
        state,
        { type: "speechStarted" },
        { type: "speechConfirmed" },
        { type: "utteranceEnded", clip: clip(9600), at: 5000 },
      );
      expect(short.effects).toContainEqual({ type: "pausePlayback" });
      expect(short.effects.find((e) => e.type === "checkOverlap")).toMatchObject({ language: "en-US" });
      expect(short.state.phase).toBe("speaking");
      const heard = run(short.state, { type: "overlapHeard", clip: clip(9600), text: "Mm-hm.", at: 5000 });
      expect(types(heard.effects)).toEqual(["resumePlayback"]);
      expect(heard.state).toMatchObject({ phase: "speaking", bargePending: false });
      expect(heard.state.turn?.seq).toBe(seq);
      // In German too.
      const german = run(
        { ...state, language: "de-DE" },
        { type: "speechStarted" },
        { type: "utteranceEnded", clip: clip(9600), at: 5000 },
        { type: "overlapHeard", clip: clip(9600), text: "Ja, genau.", at: 5000 },
      );
      expect(types(german.effects)).not.toContain("stopPlayback");
    });

    it("interrupts for short words over the agent that are not a backchannel, and answers them", () => {
      const { state, seq } = speaking();
      const { state: next, effects } = run(
        state,
        { type: "speechStarted" },
        { type: "utteranceEnded", clip: clip(9600), at: 5000 },
        { type: "overlapHeard", clip: clip(9600), text: "Wait, which order?", at: 5000 },
      );
      expect(effects).toContainEqual(expect.objectContaining({ type: "stopPlayback" }));
      expect(effects).toContainEqual({ type: "abortTurn", seq });
      expect(effects.find((e) => e.type === "sendTurn")).toMatchObject({ heard: { text: "Wait, which order?" } });
      expect(next.phase).toBe("thinking");
    });

    it("ignores speech over the agent when barge-in is off (the spec's rule)", () => {
      const { state } = speaking();
      const off = run(state, { type: "settingsChanged", settings: { bargeIn: false } });
      expect(off.effects).toEqual([{ type: "saveSettings", settings: { bargeIn: false, pauseTolerance: "normal" } }]);
      const { state: next, effects } = run(
        off.state,
        { type: "speechStarted" },
        { type: "speechConfirmed" },
        { type: "utteranceEnded", clip: clip(900), at: 9000 },
      );
      expect(types(effects)).not.toContain("pausePlayback");
      expect(types(effects)).not.toContain("sendTurn");
      expect(next.phase).toBe("speaking");
    });

    it("with barge-in off, plays the greeting that arrived while the caller spoke once they stop", () => {
      // Seen under load: the looped question began before the greeting's audio came back, the
      // audio was held for the speaker, and the call stayed "speaking" in silence for good.
      const off = run(fresh(), { type: "settingsChanged", settings: { bargeIn: false } }, { type: "startPressed" });
      const greeted = run(
        off.state,
        { type: "micOpened" },
        {
          type: "conversationCreated",
          id: "conv",
          greetingMessageId: GREETING_ID,
          greeting: "Hi, I'm Vera.",
        },
      );
      const seq = greeted.state.turn?.seq ?? -1;
      const greeting = audio(seq, "Hi, I'm Vera.");
      const held = run(greeted.state, { type: "speechStarted" }, { type: "replyAudio", seq, item: greeting });
      expect(types(held.effects)).not.toContain("play");
      const ended = run(
        held.state,
        { type: "speechConfirmed" },
        { type: "utteranceEnded", clip: clip(1600), at: 4000 },
      );
      expect(ended.effects).toContainEqual({ type: "play", item: greeting });
      expect(types(ended.effects)).not.toContain("sendTurn");
      expect(ended.state.phase).toBe("speaking");
    });

    it("listens again once the reply is complete and the player has run dry", () => {
      const { state, seq } = speaking();
      const doneNotIdle = run(state, { type: "turnDone", seq, response: "Sure, one moment.", securityLock: false });
      expect(doneNotIdle.state.phase).toBe("speaking");
      const idle = run(doneNotIdle.state, { type: "playbackIdle" });
      expect(idle.state.phase).toBe("listening");
      expect(types(idle.effects)).toEqual(["armInactivity"]);
    });

    it("stops listening to the muted microphone, and ignores its speech", () => {
      const { state } = speaking();
      const muted = run(state, { type: "muteToggled" });
      expect(muted.effects).toEqual([{ type: "setListening", on: false }]);
      expect(run(muted.state, { type: "speechStarted" }).effects).toEqual([]);
    });

    it("pauses the call on a security lock", () => {
      const { state, seq } = speaking();
      const { state: next } = run(state, { type: "turnDone", seq, response: "Locked.", securityLock: true });
      expect(next.phase).toBe("paused");
    });
  });

  describe("a failing browser recogniser", () => {
    it("moves to typed turns with the reason and retries with growing waits, a few times only", () => {
      let state = listening("browser");
      const waits: number[] = [];
      for (let attempt = 0; attempt <= RECOGNIZER_RETRIES; attempt++) {
        const failed = run(state, { type: "recognizerFailed", reason: "No network." });
        state = failed.state;
        for (const effect of failed.effects) if (effect.type === "retryRecognizerIn") waits.push(effect.ms);
        expect(state.ear).toMatchObject({ kind: "typed", reason: "No network." });
      }
      expect(waits).toEqual([1000, 2000, 4000]);
      expect(state.ear).toEqual({ kind: "typed", reason: "No network.", retrying: false });
    });

    it("goes back to the browser's ear when a retry holds", () => {
      const failed = run(listening("browser"), { type: "recognizerFailed", reason: "No network." });
      const due = run(failed.state, { type: "recognizerRetryDue" });
      expect(due.effects).toEqual([{ type: "restartRecognizer" }]);
      expect(run(due.state, { type: "recognizerHealthy" }).state.ear).toEqual({ kind: "browser" });
    });
  });

  describe("paused and ended", () => {
    it("continues a paused call on the microphone button without a new conversation", () => {
      const paused = run(listening(), { type: "inactive" }).state;
      const { state, effects } = run(paused, { type: "startPressed" }, { type: "micOpened" });
      expect(state.phase).toBe("listening");
      expect(state.conversationId).toBe("conv");
      expect(types(effects)).toEqual(["openMicrophone", "startListener", "armInactivity"]);
    });

    it("ends at time up with the spec's toast, and then ignores late events", () => {
      const { state, effects } = run(listening(), { type: "timeUp" });
      expect(state.phase).toBe("ended");
      expect(effects).toContainEqual(
        expect.objectContaining({ type: "toast", toast: expect.objectContaining({ title: "Conversation Ended" }) }),
      );
      expect(run(state, { type: "speechStarted" }).effects).toEqual([]);
    });

    it("records a reply cut by the time limit or by hanging up as cut, and the end of the call once", () => {
      for (const end of [{ type: "timeUp" }, { type: "closed" }] as const) {
        const { state, effects } = run(speaking().state, end);
        const stop = effects.find((effect) => effect.type === "stopPlayback");
        expect(stop, end.type).toMatchObject({ interrupted: { conversationId: "conv", messageId: REPLY_ID } });
        expect(
          effects.filter((effect) => effect.type === "endCall"),
          end.type,
        ).toEqual([{ type: "endCall", conversationId: "conv" }]);
        expect(types(run(state, { type: "closed" }).effects)).not.toContain("endCall");
      }
      // Nothing playing: nothing is cut, but the call still ends.
      const quiet = run(listening(), { type: "closed" }).effects;
      expect(quiet).toContainEqual({ type: "stopPlayback", interrupted: null });
      expect(types(quiet)).toContain("endCall");
    });

    it("stops a reply on Stop, keeping what was played as cut, and listens again", () => {
      const { state, effects } = run(speaking().state, { type: "stopReplyPressed" });
      expect(state.phase).toBe("listening");
      expect(state.turn).toBeNull();
      expect(effects.find((effect) => effect.type === "stopPlayback")).toMatchObject({
        interrupted: { conversationId: "conv", messageId: REPLY_ID },
      });
      expect(run(listening(), { type: "stopReplyPressed" }).effects).toEqual([]);
    });

    it("frees everything when closed", () => {
      const { state, effects } = run(speaking().state, { type: "closed" });
      expect(state.phase).toBe("ended");
      expect(types(effects)).toEqual(
        expect.arrayContaining([
          "stopTimers",
          "abortTurn",
          "stopPlayback",
          "stopListener",
          "releaseMicrophone",
          "disposePlayer",
        ]),
      );
    });
  });
});

describe("carrying on after the realtime engine failed", () => {
  const carried = {
    conversationId: "conv-rt",
    lines: [
      { id: 1, role: "agent" as const, text: "Hi, I'm Vera." },
      { id: 2, role: "user" as const, text: "Where is my order?" },
    ],
    secondsLeft: 420,
    language: "de-DE" as const,
    message: "The realtime voice stopped; carrying on with the standard voice.",
  };

  it("goes on in the same conversation with its lines and time, opening the microphone, when the server hears", () => {
    const { state, effects } = run(fresh(), { type: "carriedOver", carried }, { type: "micOpened" });
    expect(state.conversationId).toBe("conv-rt");
    expect(state.lines.map((line) => line.text)).toEqual(["Hi, I'm Vera.", "Where is my order?"]);
    expect(state.nextLineId).toBe(3);
    expect(state.language).toBe("de-DE");
    expect(state.phase).toBe("listening");
    expect(types(effects)).toEqual(["startCountdown", "toast", "openMicrophone", "startListener", "armInactivity"]);
    expect(effects[0]).toEqual({ type: "startCountdown", seconds: 420 });
  });

  it("waits paused for the person when the browser's ear is still being checked", () => {
    const { state, effects } = run(fresh(false), { type: "carriedOver", carried });
    expect(state.phase).toBe("paused");
    expect(types(effects)).toEqual(["startCountdown", "toast"]);
  });
});

describe("a person who took the call over (issue 26)", () => {
  it("speaks their typed reply in the call's voice, labelled with their name, then listens again", () => {
    const spoken = run(listening(), {
      type: "personReplied",
      text: "Sam here, how can I help?",
      author: "Sam from Acme",
    });
    expect(spoken.state.phase).toBe("speaking");
    expect(spoken.state.lines.at(-1)).toMatchObject({
      role: "agent",
      text: "Sam here, how can I help?",
      author: "Sam from Acme",
    });
    const seq = spoken.state.turn?.seq ?? -1;
    expect(spoken.effects).toContainEqual({
      type: "speakReply",
      seq,
      text: "Sam here, how can I help?",
      language: spoken.state.language,
    });
    const after = run(
      spoken.state,
      { type: "replyAudio", seq, item: audio(seq, "Sam here, how can I help?") },
      { type: "playbackStarted", at: 0 },
      { type: "playbackIdle" },
    );
    expect(types(after.effects)).toContain("play");
    expect(after.state.phase).toBe("listening");
  });

  it("leaves a turn that waits for its held (empty) answer behind", () => {
    const { state, seq } = thinking();
    const spoken = run(state, { type: "personReplied", text: "One moment.", author: "Sam from Acme" });
    expect(spoken.state.turn?.seq).not.toBe(seq);
    const late = run(spoken.state, { type: "turnDone", seq, response: "", securityLock: false });
    expect(late.state.phase).toBe("speaking");
  });

  it("only writes the reply down while the call is paused", () => {
    const paused: CallState = { ...listening(), phase: "paused" };
    const spoken = run(paused, { type: "personReplied", text: "Still there?", author: "Sam from Acme" });
    expect(spoken.state.lines.at(-1)?.text).toBe("Still there?");
    expect(types(spoken.effects)).not.toContain("speakReply");
  });
});
