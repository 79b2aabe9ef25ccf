/**
 * The voice call's state machine: one pure function from (state, event) to the next state and
 * the effects to carry out. No timers, audio, network or toasts in here (call-effects.ts runs
 * them), so every state can be unit-tested by feeding events (call-transition.test.ts).
 */
import { isMeaningfulTranscript } from "../../../contracts/voice";
import type { CallEffect, CallEvent, CallState, Clip, Transition } from "./call-state";
import {
  carryOver,
  endForTimeUp,
  greet,
  recognizerFailed,
  start,
  resume,
  teardownEffects,
  teardownState,
  toggleMute,
} from "./call-lifecycle";
import {
  answerSpeech,
  approvalAsked,
  approvalHeard,
  approvalPressed,
  approvalSettled,
  withoutStaleApprovals,
} from "./call-approvals";
import {
  personReplied,
  playbackStarted,
  recordInterruption,
  replyAudio,
  replyText,
  skipTurn,
  turnClosed,
  turnDone,
  turnFailed,
  turnStored,
} from "./call-replies";
import {
  addLine,
  cancelTurn,
  confirmSpeculative,
  done,
  joinHeard,
  newTurn,
  patchLine,
  releaseHeld,
  sendOrWait,
  settle,
  showUserLine,
  startTextTurn,
  withTurn,
} from "./call-turns";
import {
  holdForMore,
  interruptReply,
  judgesOverlap,
  overlapEnded,
  overlapHeard,
  rearmWaitForMore,
  speechSustained,
  turnIncomplete,
  waitForMoreOver,
} from "./call-turn-taking";

const IN_CALL = new Set(["listening", "thinking", "speaking"]);

export function transition(state: CallState, event: CallEvent): Transition {
  // A tool call waiting for the caller's yes or no hears their speech as the answer (call-approvals.ts).
  const answered = state.phase === "ended" ? null : answerSpeech(state, event);
  return withoutStaleApprovals(answered ?? step(state, event));
}

function step(state: CallState, event: CallEvent): Transition {
  const passesEnd = event.type === "startPressed" || event.type === "earDecided" || event.type === "closed";
  if (state.phase === "ended" && !passesEnd) {
    // After the end only the record of an interruption may still arrive.
    if (event.type === "interruptionRecorded") return recordInterruption(state, event.line, event.spokenText);
    return done(state);
  }
  switch (event.type) {
    case "earDecided":
      return done({ ...state, ear: event.ear });
    case "carriedOver":
      return carryOver(state, event.carried);
    case "startPressed":
      return start(state);
    case "micOpened":
      if (state.phase !== "starting") return done(state, [{ type: "releaseMicrophone" }]);
      if (state.conversationId) return resume({ ...state, micOpen: true });
      return done({ ...state, micOpen: true }, [{ type: "createConversation" }]);
    case "micDenied":
      return done({ ...state, phase: state.conversationId ? "paused" : "idle" }, [
        {
          type: "toast",
          toast: {
            title: "Microphone Access Required",
            description: "Please allow microphone access to use voice chat",
            variant: "destructive",
          },
        },
      ]);
    case "conversationCreated":
      return greet(state, event.id, event.greetingMessageId, event.greeting);
    case "conversationFailed":
      return done({ ...state, phase: "idle", micOpen: false }, [
        { type: "releaseMicrophone" },
        {
          type: "toast",
          toast: {
            title: "Error",
            description: event.message ?? "Failed to start the voice conversation",
            variant: "destructive",
          },
        },
      ]);
    case "listenerStarted":
      if (event.kind || state.ear.kind === "typed") return done({ ...state, listener: event.kind });
      return done(
        {
          ...state,
          listener: null,
          ear: { kind: "typed", reason: "The microphone could not be listened to.", retrying: false },
        },
        [
          {
            type: "toast",
            toast: { title: "Recording Error", description: "Failed to start voice recording", variant: "destructive" },
          },
        ],
      );
    case "speechStarted":
      return speechStarted(state);
    case "speechConfirmed":
      return speechConfirmed(state);
    case "speechSustained":
      return speechSustained(state);
    case "overlapHeard":
      return overlapHeard(state, event.clip, event.text, event.at);
    case "turnIncomplete":
      return turnIncomplete(state, event.seq);
    case "waitForMoreOver":
      return waitForMoreOver(state);
    case "misfire":
      return misfire(state);
    case "speechPaused":
      return speculate(state, event.clip, event.at);
    case "speechResumed":
      return state.turn?.speculative ? cancelTurn(state, "prior") : done(state);
    case "utteranceEnded":
      return utteranceEnded(state, event.clip, event.at);
    case "transcriptReady":
      return transcriptReady(state, event.seq, event.text);
    case "textTurn":
      if (state.phase !== "listening" || state.turn || state.muted) return done(state);
      return startTextTurn(state, event.text, event.at);
    case "turnStored":
      return turnStored(state, event.seq, event.userMessageId, event.assistantMessageId);
    case "turnHeard":
      if (state.turn?.seq !== event.seq) return done(state);
      return done(
        patchLine(withTurn(state, { heard: { ...state.turn.heard, text: event.text } }), state.turn.userLine, {
          text: event.text || "…",
        }),
      );
    case "replyText":
      return replyText(state, event.seq, event.text);
    case "replyAudio":
      return replyAudio(state, event.seq, event.item);
    case "turnDone":
      return turnDone(state, event.seq, event.response, event.securityLock);
    case "turnSkipped":
      return state.turn?.seq === event.seq ? skipTurn(state) : done(state);
    case "turnFailed":
      return turnFailed(state, event.seq, event.reason, event.stored);
    case "turnClosed":
      return turnClosed(state, event.seq);
    case "playbackStarted":
      return playbackStarted(state, event.at);
    case "personReplied":
      return personReplied(state, event.text, event.author);
    case "playbackIdle":
      return settle({ ...state, playerBusy: false });
    case "interruptionRecorded":
      return recordInterruption(state, event.line, event.spokenText);
    case "fallbackReplied":
      return done(addLine(state, { role: "agent", text: event.text })[0]);
    case "approvalAsked":
      return approvalAsked(state, event);
    case "approvalSettled":
      return approvalSettled(state, event.callId);
    case "approvalHeard":
      return approvalHeard(state, event.text);
    case "approvalPressed":
      return approvalPressed(state, event.callId, event.decision);
    case "asideSpoken":
      if (state.turn?.seq !== event.seq) return done(state);
      return done(addLine(state, { role: "agent", text: event.text, aside: true })[0]);
    case "tick":
      return done({ ...state, secondsLeft: event.secondsLeft });
    case "timeUp":
      return endForTimeUp(state);
    case "stopReplyPressed":
      return stopReply(state);
    case "inactive":
      if (state.phase !== "listening" || state.userSpeaking || state.turn) return done(state);
      return done({ ...state, phase: "paused", micOpen: false, listener: null }, [
        { type: "stopListener" },
        { type: "releaseMicrophone" },
        {
          type: "toast",
          toast: {
            title: "Conversation Paused",
            description: "No activity detected. Click the microphone to continue.",
          },
        },
      ]);
    case "recognizerFailed":
      return recognizerFailed(state, event.reason);
    case "recognizerRetryDue":
      if (state.ear.kind !== "typed" || !state.ear.retrying) return done(state);
      return done(state, [{ type: "restartRecognizer" }]);
    case "recognizerHealthy":
      if (state.ear.kind !== "typed" || !state.ear.retrying) return done(state);
      return done({ ...state, ear: { kind: "browser" } });
    case "muteToggled":
      return toggleMute(state);
    case "settingsChanged": {
      const settings = { ...state.settings, ...event.settings };
      const effects: CallEffect[] = [{ type: "saveSettings", settings }];
      if (settings.pauseTolerance !== state.settings.pauseTolerance)
        effects.push({ type: "configureDetector", pauseTolerance: settings.pauseTolerance });
      return done({ ...state, settings }, effects);
    }
    case "languageChanged":
      return done({ ...state, language: event.language }, [
        { type: "setRecognizerLanguage", language: event.language },
      ]);
    case "closed":
      return done({ ...teardownState(state), phase: "ended" }, [...teardownEffects(state), { type: "disposePlayer" }]);
  }
}

function speechStarted(state: CallState): Transition {
  if (!IN_CALL.has(state.phase) || state.muted) return done(state);
  const next = { ...state, userSpeaking: true };
  const effects: CallEffect[] = [{ type: "clearInactivity" }];
  if (state.heldForMore) effects.push({ type: "stopWaitingForMore" });
  if (state.phase !== "speaking") return done(next, effects);
  // Whatever the recogniser picked up so far was the agent's own voice.
  if (state.ear.kind === "browser") effects.push({ type: "clearTranscript" });
  if (!state.settings.bargeIn || state.ear.kind === "typed") return done(next, effects);
  // Silence at once; undone on a misfire, made final when the detector confirms speech.
  return done({ ...next, bargePending: true }, [...effects, { type: "pausePlayback" }]);
}

/** Stop, like speaking over the reply: what was played is kept, marked cut; the rest is dropped. */
function stopReply(state: CallState): Transition {
  const turn = state.turn;
  if ((state.phase !== "speaking" && state.phase !== "thinking") || !turn || !state.conversationId) return done(state);
  const effects: CallEffect[] = [
    {
      type: "stopPlayback",
      interrupted:
        turn.agentLine != null
          ? {
              conversationId: state.conversationId,
              messageId: turn.assistantMessageId,
              line: turn.agentLine,
              seq: turn.seq,
            }
          : null,
    },
  ];
  if (turn.open) effects.push({ type: "abortTurn", seq: turn.seq });
  return done({ ...state, phase: "listening", turn: null, bargePending: false, playerBusy: false }, effects);
}

function speechConfirmed(state: CallState): Transition {
  if (state.muted || !state.userSpeaking) return done(state);
  const turn = state.turn;
  // Over the agent: its length or its words decide (call-turn-taking.ts), not its first 250 ms.
  if (judgesOverlap(state)) return done(state);
  if (state.phase === "speaking" && state.bargePending && state.conversationId) return interruptReply(state);
  // Still being thought about, nothing heard of the reply: these words join that turn.
  if (turn && !turn.played && !turn.speculative && state.phase === "thinking") return cancelTurn(state, "whole");
  return done(state);
}

function misfire(state: CallState): Transition {
  let next: CallState = { ...state, userSpeaking: false, bargePending: false };
  const effects: CallEffect[] = [];
  if (state.bargePending) effects.push({ type: "resumePlayback" });
  if (state.phase === "listening" && !state.turn) effects.push({ type: "armInactivity" });
  effects.push(...rearmWaitForMore(state));
  const released = releaseHeld(next);
  next = released.state;
  return done(next, [...effects, ...released.effects]);
}

/** The first ~200 ms of silence: start the turn now, play nothing until its end is confirmed. */
function speculate(state: CallState, clip: Clip, at: number): Transition {
  if (state.ear.kind !== "server" || state.phase !== "listening" || state.turn || state.orphan || state.muted)
    return done(state);
  const [created, turn] = newTurn(state, { clip, text: null }, at);
  return sendOrWait(created, { ...turn, speculative: true, holdIfUnfinished: true });
}

function utteranceEnded(state: CallState, clip: Clip, at: number): Transition {
  if (judgesOverlap(state) && !state.muted) return overlapEnded(state, clip, at);
  const heardState: CallState = { ...state, userSpeaking: false, bargePending: false };
  if (state.muted) return done(heardState);
  if (state.turn?.speculative && state.turn.incomplete) return holdForMore(heardState);
  if (state.turn?.speculative) return confirmSpeculative(heardState, at);
  // Spec section 4: speech is ignored while the agent speaks (barge-in off) or a turn is in progress;
  // reply audio that arrived while it went on was held back, and plays now.
  if (state.phase !== "listening" || state.turn) return releaseHeld(heardState);
  if (state.ear.kind === "typed" || state.ear.kind === "checking") return done(heardState, [{ type: "armInactivity" }]);
  if (state.ear.kind === "browser") {
    const [created, turn] = newTurn(heardState, { clip, text: null }, at);
    const [shown, withLine] = showUserLine({ ...created, phase: "thinking" }, turn);
    return done({ ...shown, turn: { ...withLine, waitingFor: "transcript" } }, [
      { type: "clearInactivity" },
      { type: "takeTranscript", seq: turn.seq },
    ]);
  }
  const [created, turn] = newTurn(heardState, { clip, text: null }, at);
  const [shown, withLine] = showUserLine({ ...created, phase: "thinking" }, { ...turn, holdIfUnfinished: true });
  return sendOrWait(shown, withLine, [{ type: "clearInactivity" }]);
}

function transcriptReady(state: CallState, seq: number, text: string): Transition {
  const turn = state.turn;
  if (turn?.seq !== seq || turn.waitingFor !== "transcript") {
    // The turn was overtaken while its words were on their way: they join the next one.
    if (state.carry && text.trim())
      return done({ ...state, carry: { ...state.carry, heard: joinHeard(state.carry.heard, { clip: null, text }) } });
    return done(state);
  }
  const heard = joinHeard(turn.prior, { clip: turn.heard.clip, text });
  if (!heard.text || !isMeaningfulTranscript(heard.text)) return skipTurn(state);
  const withText = patchLine(state, turn.userLine, { text: heard.text });
  return sendOrWait(withText, { ...turn, heard, waitingFor: null });
}
