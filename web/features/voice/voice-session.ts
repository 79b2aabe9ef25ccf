/**
 * One voice call with an agent: the spec's dialog state machine (section 4) without React.
 * idle → starting → (greeting) speaking → listening ⇄ thinking → speaking → listening …,
 * paused after 60 s without activity, ended when time is up or the dialog closes.
 * The microphone is asked for once per call and released when it ends; turns are heard by a
 * TurnListener and run through the streaming turn endpoint (voice-turn-runner.ts).
 */
import { VOICE_CLOSE_DELAY_MS } from "../../../contracts/limits";
import { voiceForAgent, type LanguageCode, type VoiceCapabilities } from "../../../contracts/voice";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { greetingFor } from "./greetings";
import { openTurnListener } from "./open-turn-listener";
import type { TranscriptSource } from "./recognition-listener";
import { SessionTimers } from "./session-timers";
import { SpeechPlayer } from "./speech-player";
import type { TurnListener, Utterance } from "./turn-listeners";
import { createVoiceConversation, synthesizeSpeech } from "./voice-api";
import {
  initialVoiceSnapshot,
  SnapshotStore,
  type TranscriptLine,
  type VoiceAgent,
  type VoiceSnapshot,
} from "./voice-session-state";
import { runVoiceTurn, type TurnOutcome } from "./voice-turn-runner";

export class VoiceSession extends SnapshotStore<VoiceSnapshot> {
  private readonly timers: SessionTimers;
  private readonly player: SpeechPlayer;
  private stream: MediaStream | null = null;
  private listener: TurnListener | null = null;
  private transcripts: TranscriptSource | null = null;
  private conversationId: string | null = null;
  private turnController: AbortController | null = null;
  /** The agent's speech so far is complete: when the player runs dry, listening resumes. */
  private replyComplete = true;
  private nextLineId = 1;
  private closed = false;

  constructor(
    private readonly agent: VoiceAgent,
    private readonly capabilities: VoiceCapabilities,
    private readonly onClose: () => void,
  ) {
    super(initialVoiceSnapshot(capabilities.sessionSeconds));
    this.timers = new SessionTimers({
      onTick: (secondsLeft) => this.update({ secondsLeft }),
      onTimeUp: () => this.endForTimeUp(),
      onInactive: () => this.pauseForInactivity(),
    });
    this.player = new SpeechPlayer({
      onPlaying: () => {
        if (this.snapshot.status === "thinking") performance.mark("voice:reply-playing");
        if (this.snapshot.status === "thinking" || this.snapshot.status === "starting")
          this.update({ status: "speaking" });
      },
      onIdle: () => {
        if (this.replyComplete && this.snapshot.status === "speaking") this.listen();
      },
    });
  }

  setLanguage(language: LanguageCode): void {
    this.update({ language });
    this.transcripts?.setLanguage(language);
  }

  /** The big microphone button: a new call, or continuing a paused one. */
  async start(): Promise<void> {
    const { status } = this.snapshot;
    if (status !== "idle" && status !== "ended" && status !== "paused") return;
    const continuing = status === "paused" && this.conversationId !== null;
    this.update({ status: "starting" });
    if (!(await this.openMicrophone())) return this.update({ status: continuing ? "paused" : "idle" });
    if (!continuing) {
      try {
        const title = `Voice conversation - ${new Date().toLocaleString()}`;
        this.conversationId = (await createVoiceConversation(this.agent.id, title)).id;
      } catch (error) {
        this.releaseMicrophone();
        toast({
          title: "Error",
          description: serverMessage(error) ?? "Failed to start the voice conversation",
          variant: "destructive",
        });
        return this.update({ status: "idle" });
      }
      this.update({ lines: [], secondsLeft: this.capabilities.sessionSeconds });
      this.timers.startCountdown(this.capabilities.sessionSeconds);
    }
    // The detector loads while the greeting plays; neither waits for the other.
    void this.startListener();
    if (continuing) this.listen();
    else void this.greet();
  }

  /** The close button, or the dialog unmounting: ends the call and frees the microphone. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.teardown();
    this.player.dispose();
    this.update({ status: "ended" });
  }

  private async openMicrophone(): Promise<boolean> {
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
      if (this.closed) this.releaseMicrophone();
      return !this.closed;
    } catch {
      toast({
        title: "Microphone Access Required",
        description: "Please allow microphone access to use voice chat",
        variant: "destructive",
      });
      return false;
    }
  }

  private releaseMicrophone(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  private async startListener(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    const handlers = {
      onSpeechStart: () => {
        this.timers.clearInactivity();
        this.update({ userSpeaking: true });
      },
      onMisfire: () => {
        this.update({ userSpeaking: false });
        if (this.snapshot.status === "listening") this.timers.armInactivity();
      },
      onUtterance: (utterance: Utterance) => {
        this.update({ userSpeaking: false });
        void this.handleUtterance(utterance);
      },
    };
    const { listener, transcripts } = await openTurnListener(
      stream,
      this.capabilities.serverStt,
      this.snapshot.language,
      handlers,
    );
    if (this.closed || this.stream !== stream) {
      transcripts?.destroy();
      return listener?.destroy();
    }
    this.transcripts = transcripts;
    this.listener = listener;
    this.update({ listener: listener?.kind ?? null });
    if (this.snapshot.status === "listening") this.resumeHearing();
  }

  private async greet(): Promise<void> {
    const text = greetingFor(this.snapshot.language, this.agent);
    this.addLine("agent", text);
    this.replyComplete = true;
    this.update({ status: "speaking" });
    try {
      const { audioUrl } = await synthesizeSpeech({
        text,
        voice: voiceForAgent(this.agent),
        language: this.snapshot.language,
      });
      if (!this.closed) this.player.enqueue({ kind: "audio", url: audioUrl });
    } catch {
      // Spec: a non-OK speech request stops the speaking state; the browser's voice stands in.
      this.player.enqueue({ kind: "browser", text, language: this.snapshot.language });
    }
  }

  private listen(): void {
    if (this.closed) return;
    this.update({ status: "listening", userSpeaking: false });
    this.resumeHearing();
    this.timers.armInactivity();
  }

  private resumeHearing(): void {
    this.listener?.resume();
    this.transcripts?.resume();
  }

  private pauseHearing(): void {
    this.listener?.pause();
    this.transcripts?.pause();
  }

  private async handleUtterance(utterance: Utterance): Promise<void> {
    // Spec: speech is ignored while the agent speaks or a turn is in progress.
    if (this.snapshot.status !== "listening" || !this.conversationId) return;
    const conversationId = this.conversationId;
    this.timers.clearInactivity();
    this.update({ status: "thinking" });
    this.listener?.pause();
    // The recogniser keeps listening until it has handed over the words of this turn.
    const transcripts = this.transcripts;
    const transcript = transcripts?.takeTranscript().finally(() => transcripts.pause());
    this.replyComplete = false;
    const controller = new AbortController();
    this.turnController = controller;
    const outcome = await runVoiceTurn({
      conversationId,
      agentId: this.agent.id,
      agentName: this.agent.name,
      language: this.snapshot.language,
      serverStt: this.capabilities.serverStt,
      utterance,
      transcript,
      signal: controller.signal,
      view: {
        addLine: (role, text) => this.addLine(role, text),
        setLine: (id, text) => this.setLine(id, text),
        removeLine: (id) => this.update({ lines: this.snapshot.lines.filter((line) => line.id !== id) }),
        speak: (item) => {
          // The browser's voice fires no `playing` event; it is speaking as soon as it is asked to.
          if (item.kind === "browser" && this.snapshot.status === "thinking") this.update({ status: "speaking" });
          this.player.enqueue(item);
        },
      },
    });
    if (this.turnController === controller) this.turnController = null;
    if (!this.closed) this.afterTurn(outcome);
  }

  private afterTurn(outcome: TurnOutcome): void {
    this.replyComplete = true;
    if (outcome === "time-up") return this.endForTimeUp();
    if (outcome === "locked") return this.pauseForLock();
    // Still speaking: the player's onIdle resumes listening when the last sentence ends.
    if (!this.player.busy) this.listen();
  }

  private endForTimeUp(): void {
    if (this.closed || this.snapshot.status === "ended") return;
    this.teardown();
    this.update({ status: "ended", secondsLeft: 0 });
    toast({ title: "Conversation Ended", description: `Time's up! Thank you for speaking with ${this.agent.name}` });
    setTimeout(() => this.onClose(), VOICE_CLOSE_DELAY_MS);
  }

  private pauseForInactivity(): void {
    if (this.snapshot.status !== "listening") return;
    this.stopHearing();
    this.update({ status: "paused", userSpeaking: false });
    toast({ title: "Conversation Paused", description: "No activity detected. Click the microphone to continue." });
  }

  private pauseForLock(): void {
    this.stopHearing();
    this.update({ status: "paused", userSpeaking: false });
  }

  /** Frees the microphone and the detector; the countdown keeps running (the server's limit does). */
  private stopHearing(): void {
    this.timers.clearInactivity();
    this.listener?.destroy();
    this.listener = null;
    this.transcripts?.destroy();
    this.transcripts = null;
    this.releaseMicrophone();
    this.update({ listener: null });
  }

  private teardown(): void {
    this.timers.stopAll();
    this.turnController?.abort();
    this.turnController = null;
    this.player.stop();
    this.stopHearing();
  }

  private addLine(role: TranscriptLine["role"], text: string): number {
    const id = this.nextLineId++;
    this.update({ lines: [...this.snapshot.lines, { id, role, text }] });
    return id;
  }

  private setLine(id: number, text: string): void {
    this.update({ lines: this.snapshot.lines.map((line) => (line.id === id ? { ...line, text } : line)) });
  }
}

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}
