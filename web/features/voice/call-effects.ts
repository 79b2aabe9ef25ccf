/**
 * Carries out what the call's state machine asks for (call-state.ts CallEffect): the
 * microphone, the detector and recogniser, turn requests, the player, the clocks, toasts.
 * Everything that happens in return comes back as an event through `dispatch`; nothing here
 * decides what the call does next.
 */
import { VOICE_CLOSE_DELAY_MS } from "../../../contracts/limits";
import { voiceForAgent, type VoiceCapabilities } from "../../../contracts/voice";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import type { CallEffect, CallEvent, CallState } from "./call-state";
import { greetingFor } from "./greetings";
import { openTurnListener, type OpenedListener } from "./open-turn-listener";
import { SessionTimers } from "./session-timers";
import { SpeechPlayer } from "./speech-player";
import { runTurnRequest } from "./turn-request";
import type { UtteranceHandlers } from "./turn-listeners";
import {
  createVoiceConversation,
  endVoiceCall,
  markReplyInterrupted,
  sendAsTextMessage,
  synthesizeSpeech,
  transcribeAudio,
} from "./voice-api";
import { blobToDataUrl, wavDataUrl } from "./wav-encoding";
import { decideToolCall } from "../chat/tool-call-queries";
import type { VoiceAgent } from "./voice-session-state";
import { saveVoiceSettings } from "./voice-settings";

export interface CallEffectsDeps {
  agent: VoiceAgent;
  capabilities: VoiceCapabilities;
  dispatch: (event: CallEvent) => void;
  state: () => CallState;
  onClose: () => void;
}

export class CallEffects {
  private readonly player: SpeechPlayer;
  private readonly timers: SessionTimers;
  private stream: MediaStream | null = null;
  private opened: OpenedListener = { listener: null, transcripts: null };
  /** Bumped whenever the listener is stopped, so a detector still loading is dropped when it arrives. */
  private listenerGeneration = 0;
  private readonly requests = new Map<number, AbortController>();
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();
  private waitForMore: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: CallEffectsDeps) {
    const { dispatch } = deps;
    this.player = new SpeechPlayer({
      onPlaying: () => {
        performance.mark("voice:reply-playing");
        dispatch({ type: "playbackStarted", at: performance.now() });
      },
      onIdle: () => dispatch({ type: "playbackIdle" }),
    });
    this.timers = new SessionTimers({
      onTick: (secondsLeft) => dispatch({ type: "tick", secondsLeft }),
      onTimeUp: () => dispatch({ type: "timeUp" }),
      onInactive: () => dispatch({ type: "inactive" }),
    });
  }

  run(effect: CallEffect): void {
    const { dispatch } = this.deps;
    switch (effect.type) {
      case "openMicrophone":
        return void this.openMicrophone();
      case "releaseMicrophone":
        for (const track of this.stream?.getTracks() ?? []) track.stop();
        this.stream = null;
        return;
      case "createConversation":
        return void this.createConversation();
      case "startListener":
        return void this.startListener();
      case "stopListener":
        this.listenerGeneration += 1;
        this.opened.listener?.destroy();
        this.opened.transcripts?.destroy();
        this.opened = { listener: null, transcripts: null };
        return;
      case "setListening":
        if (effect.on) {
          this.opened.listener?.resume();
          this.opened.transcripts?.resume();
        } else {
          this.opened.listener?.pause();
          this.opened.transcripts?.pause();
        }
        return;
      case "configureDetector":
        return this.opened.listener?.setPauseTolerance(effect.pauseTolerance);
      case "speakReply":
        return void this.speakReply(effect.seq, effect.text, effect.language);
      case "takeTranscript": {
        const transcripts = this.opened.transcripts;
        if (!transcripts) return dispatch({ type: "transcriptReady", seq: effect.seq, text: "" });
        void transcripts.takeTranscript().then((text) => dispatch({ type: "transcriptReady", seq: effect.seq, text }));
        return;
      }
      case "clearTranscript":
        return this.opened.transcripts?.clear();
      case "sendTurn": {
        const controller = new AbortController();
        this.requests.set(effect.seq, controller);
        void runTurnRequest(effect, controller.signal, dispatch).finally(() => this.requests.delete(effect.seq));
        return;
      }
      case "abortTurn":
        return this.requests.get(effect.seq)?.abort();
      case "checkOverlap":
        return void this.checkOverlap(effect);
      case "waitForMore":
        clearTimeout(this.waitForMore);
        this.waitForMore = setTimeout(() => dispatch({ type: "waitForMoreOver" }), effect.ms);
        return;
      case "stopWaitingForMore":
        return clearTimeout(this.waitForMore);
      case "play":
        return this.player.enqueue(effect.item);
      case "preload":
        return this.player.preload(effect.item);
      case "pausePlayback":
        return this.player.pause();
      case "resumePlayback":
        return this.player.resume();
      case "stopPlayback":
        return this.stopPlayback(effect);
      case "endCall":
        endVoiceCall(effect.conversationId).catch((error: unknown) =>
          console.warn("could not record the end of the call", error),
        );
        return;
      case "startCountdown":
        return this.timers.startCountdown(effect.seconds);
      case "armInactivity":
        return this.timers.armInactivity();
      case "clearInactivity":
        return this.timers.clearInactivity();
      case "stopTimers":
        return this.timers.stopAll();
      case "toast":
        toast(effect.toast);
        return;
      case "closeDialogSoon":
        return this.later(VOICE_CLOSE_DELAY_MS, () => this.deps.onClose());
      case "retryRecognizerIn":
        return this.later(effect.ms, () => dispatch({ type: "recognizerRetryDue" }));
      case "restartRecognizer":
        return this.opened.transcripts?.restart();
      case "setRecognizerLanguage":
        return this.opened.transcripts?.setLanguage(effect.language);
      case "sendAsText":
        sendAsTextMessage(this.deps.agent.id, effect.text)
          .then((sent) => dispatch({ type: "fallbackReplied", text: sent.response }))
          .catch((error: unknown) => console.error("Mutation error:", error));
        return;
      case "saveSettings":
        return saveVoiceSettings(effect.settings);
      case "decideToolCall":
        decideToolCall(effect.conversationId, effect.callId, effect.decision).catch((error: unknown) =>
          // Decided meanwhile (the button and a spoken answer), or the turn ended: its stream says how it went.
          console.warn("could not decide the tool call", error),
        );
        return;
      case "hearAnswer":
        return void this.hearAnswer(effect);
      case "disposePlayer":
        clearTimeout(this.waitForMore);
        for (const timer of this.pending) clearTimeout(timer);
        this.pending.clear();
        return this.player.dispose();
    }
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, ms);
    this.pending.add(timer);
  }

  private async openMicrophone(): Promise<void> {
    try {
      // Echo cancellation keeps the agent's own voice out of the detector, so barge-in hears only the user.
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      this.deps.dispatch({ type: "micOpened" });
    } catch {
      this.deps.dispatch({ type: "micDenied" });
    }
  }

  private async createConversation(): Promise<void> {
    const { agent, dispatch } = this.deps;
    const greeting = greetingFor(this.deps.state().language, agent);
    try {
      const title = `Voice conversation - ${new Date().toLocaleString()}`;
      const created = await createVoiceConversation(agent.id, title, greeting);
      dispatch({
        type: "conversationCreated",
        id: created.id,
        greetingMessageId: created.greetingMessageId ?? null,
        greeting,
      });
    } catch (error) {
      dispatch({ type: "conversationFailed", message: error instanceof ApiError ? error.serverMessage : null });
    }
  }

  private async startListener(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    const generation = ++this.listenerGeneration;
    const { dispatch, state } = this.deps;
    const handlers: UtteranceHandlers = {
      onSpeechStart: () => dispatch({ type: "speechStarted" }),
      onSpeechConfirmed: () => dispatch({ type: "speechConfirmed" }),
      onMisfire: () => dispatch({ type: "misfire" }),
      onPause: (samples, at) => dispatch({ type: "speechPaused", clip: { kind: "samples", samples }, at }),
      onResume: () => dispatch({ type: "speechResumed" }),
      onSustained: () => dispatch({ type: "speechSustained" }),
      onUtterance: (utterance, at) => {
        if (utterance.kind === "text") dispatch({ type: "textTurn", text: utterance.text, at });
        else dispatch({ type: "utteranceEnded", clip: utterance, at });
      },
    };
    const current = state();
    const opened = await openTurnListener({
      stream,
      ear: current.ear,
      language: current.language,
      pauseTolerance: current.settings.pauseTolerance,
      health: {
        onFailure: (reason) => dispatch({ type: "recognizerFailed", reason }),
        onHealthy: () => dispatch({ type: "recognizerHealthy" }),
      },
      handlers,
    });
    if (generation !== this.listenerGeneration || this.stream !== stream) {
      opened.listener?.destroy();
      opened.transcripts?.destroy();
      return;
    }
    this.opened = opened;
    if (!state().muted) {
      opened.listener?.resume();
      opened.transcripts?.resume();
    }
    dispatch({ type: "listenerStarted", kind: opened.listener?.kind ?? null });
  }

  private async speakReply(seq: number, text: string, language: CallState["language"]): Promise<void> {
    const { agent, dispatch } = this.deps;
    try {
      const { audioUrl } = await synthesizeSpeech({ text, voice: voiceForAgent(agent), language });
      dispatch({ type: "replyAudio", seq, item: { kind: "audio", url: audioUrl, text, reply: seq } });
    } catch {
      // Spec: a non-OK speech request stops the speaking state; the browser's voice stands in.
      dispatch({ type: "replyAudio", seq, item: { kind: "browser", text, language, reply: seq } });
    }
  }

  /** The words of what the caller said while a tool call waits for their yes or no. */
  private async hearAnswer(effect: CallEffect & { type: "hearAnswer" }): Promise<void> {
    let text = "";
    try {
      if (this.opened.transcripts) text = await this.opened.transcripts.takeTranscript();
      else if (effect.clip.kind === "samples")
        text = (await transcribeAudio(wavDataUrl(effect.clip.samples), effect.language)).text;
      else text = (await transcribeAudio(await blobToDataUrl(effect.clip.blob), effect.language)).text;
    } catch (error) {
      console.warn("could not transcribe the caller's answer", error);
    }
    this.deps.dispatch({ type: "approvalHeard", text });
  }

  /** A short utterance over the agent: its words decide whether it was a backchannel. */
  private async checkOverlap(effect: CallEffect & { type: "checkOverlap" }): Promise<void> {
    let text = "";
    try {
      if (effect.clip.kind === "samples")
        text = (await transcribeAudio(wavDataUrl(effect.clip.samples), effect.language)).text;
    } catch (error) {
      console.warn("could not transcribe speech over the agent", error);
    }
    this.deps.dispatch({ type: "overlapHeard", clip: effect.clip, text, at: effect.at });
  }

  private stopPlayback(effect: CallEffect & { type: "stopPlayback" }): void {
    const interrupted = effect.interrupted;
    const spoken = this.player.stop(interrupted?.seq);
    if (!interrupted) return;
    performance.mark("voice:barge-in");
    this.deps.dispatch({ type: "interruptionRecorded", line: interrupted.line, spokenText: spoken });
    if (!interrupted.messageId) return;
    markReplyInterrupted(interrupted.conversationId, interrupted.messageId, spoken).catch((error: unknown) =>
      console.warn("could not record the interruption", error),
    );
  }
}
