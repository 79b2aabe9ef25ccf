/**
 * One realtime voice call (decision 141): the pure transition (realtime-transition.ts) wired to
 * its effects — the microphone as PCM16 into our server's socket, the reply's audio out of it
 * into the player, the played time reported back for truncation, the countdown. On `fallback`
 * (or a socket that fails before it is ready) the call hands its conversation to the cascade
 * through `onFallBack`. The greeting is spoken as the cascade speaks it — its stored words through
 * /api/tts, in the agent's voice — while the socket opens (decision 150).
 */
import { REALTIME_SAMPLE_RATE, type RealtimeServerMessage } from "../../../contracts/voice-realtime";
import { voiceForAgent, type LanguageCode } from "../../../contracts/voice";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { initialCallState, type CallSettings, type CarriedCall } from "./call-state";
import { greetingFor } from "./greetings";
import { PcmPlayer } from "./pcm-player";
import { startRealtimeMicrophone, type RealtimeMicrophone } from "./realtime-microphone";
import { realtimeTransition, type RealtimeEffect, type RealtimeEvent, type RealtimeState } from "./realtime-transition";
import { SessionTimers } from "./session-timers";
import { SpeechPlayer, type SpeechItem } from "./speech-player";
import { createVoiceConversation, realtimeCallUrl, synthesizeSpeech } from "./voice-api";
import { SnapshotStore, type VoiceAgent } from "./voice-session-state";
import { loadVoiceSettings } from "./voice-settings";

/** How often the browser tells the server how much of the reply has sounded. */
const PLAYED_REPORT_MS = 100;
/** The server's close code when the call's time limit is reached (realtime-call.ts). */
const TIME_LIMIT_CLOSE = 4409;

export interface RealtimeCallHandlers {
  onFallBack(carried: CarriedCall): void;
  onClose(): void;
}

export class RealtimeCall extends SnapshotStore<RealtimeState> {
  private readonly timers: SessionTimers;
  private context: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private microphone: RealtimeMicrophone | null = null;
  private player: PcmPlayer | null = null;
  private greetingPlayer: SpeechPlayer | null = null;
  private socket: WebSocket | null = null;
  private reporting: ReturnType<typeof setInterval> | undefined;
  private handedOver = false;
  /** The reply the player is playing, as the server numbered it (its played reports name it). */
  private reply = 0;

  constructor(
    private readonly agent: VoiceAgent,
    sessionSeconds: number,
    private readonly handlers: RealtimeCallHandlers,
  ) {
    super({
      call: {
        ...initialCallState({ sessionSeconds, agentName: agent.name, serverStt: true, settings: loadVoiceSettings() }),
      },
      replyLine: null,
    });
    this.timers = new SessionTimers({
      onTick: (secondsLeft) => this.dispatch({ type: "tick", secondsLeft }),
      onTimeUp: () => this.timeUp(),
      onInactive: () => undefined,
    });
  }

  private dispatch(event: RealtimeEvent): void {
    const { state, effects } = realtimeTransition(this.snapshot, event);
    this.replace(state);
    for (const effect of effects) this.run(effect);
  }

  private run(effect: RealtimeEffect): void {
    if (effect.type === "stopPlayback") {
      this.greetingPlayer?.stop();
      return this.player?.stop();
    }
    this.fallBack(effect.message);
  }

  /** The big microphone button. */
  start(): void {
    const { phase } = this.snapshot.call;
    if (phase !== "idle" && phase !== "ended") return;
    // Made in the click, so the browser lets it play without a further gesture.
    this.context = new AudioContext({ sampleRate: REALTIME_SAMPLE_RATE });
    this.replace({ ...this.snapshot, call: { ...this.snapshot.call, phase: "starting" } });
    void this.connect();
  }

  private async connect(): Promise<void> {
    const context = this.context;
    if (!context) return;
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch {
      toast({
        title: "Microphone Access Required",
        description: "Please allow microphone access to use voice chat",
        variant: "destructive",
      });
      return this.reset();
    }
    const language = this.snapshot.call.language;
    const greeting = greetingFor(language, this.agent);
    let conversationId: string;
    try {
      const title = `Voice conversation - ${new Date().toLocaleString()}`;
      conversationId = (await createVoiceConversation(this.agent.id, title, greeting)).id;
    } catch (error) {
      const description =
        (error instanceof ApiError ? error.serverMessage : null) ?? "Failed to start the voice conversation";
      toast({ title: "Error", description, variant: "destructive" });
      return this.reset();
    }
    if (this.snapshot.call.phase !== "starting") return;
    this.dispatch({ type: "started", conversationId, greeting });
    this.timers.startCountdown(this.snapshot.call.sessionSeconds);
    this.player = new PcmPlayer(context, {
      onPlaying: () => this.dispatch({ type: "playbackStarted" }),
      onIdle: () => this.dispatch({ type: "playbackIdle" }),
    });
    this.openSocket(conversationId, language);
    void this.speakGreeting(greeting, language);
  }

  /**
   * The greeting the conversation stored, spoken while the socket opens, as the cascade speaks
   * it: not asked of the provider (its words would be its own, stored twice, and paid for).
   */
  private async speakGreeting(text: string, language: LanguageCode): Promise<void> {
    const player = new SpeechPlayer({
      onPlaying: () => this.dispatch({ type: "playbackStarted" }),
      onIdle: () => this.dispatch({ type: "playbackIdle" }),
    });
    this.greetingPlayer = player;
    let item: SpeechItem;
    try {
      const { audioUrl } = await synthesizeSpeech({ text, voice: voiceForAgent(this.agent), language });
      item = { kind: "audio", url: audioUrl, text, reply: 0 };
    } catch {
      // As the cascade: a failed synthesis is spoken by the browser instead.
      item = { kind: "browser", text, language, reply: 0 };
    }
    if (this.greetingPlayer !== player || this.snapshot.call.phase === "ended") return player.dispose();
    player.enqueue(item);
  }

  private openSocket(conversationId: string, language: LanguageCode): void {
    const socket = new WebSocket(realtimeCallUrl(conversationId, language));
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== "string") return this.player?.enqueue(event.data);
      const message = JSON.parse(event.data) as RealtimeServerMessage;
      if (message.type === "reply-start") {
        this.reply = message.reply;
        this.player?.newReply();
      }
      this.dispatch({ type: "server", message });
      if (message.type === "ready") void this.startMicrophone(socket);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.handedOver) return;
      if (this.snapshot.call.phase === "ended") return;
      if (event.code === TIME_LIMIT_CLOSE) return this.timeUp();
      // Refused at the upgrade, or dropped without a word: the cascade carries on.
      this.fallBack("The realtime voice is unavailable; using the standard voice.");
    };
    this.reporting = setInterval(() => {
      if (this.player?.playing && socket.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify({ type: "played", ms: this.player.playedMs(), reply: this.reply }));
    }, PLAYED_REPORT_MS);
  }

  private async startMicrophone(socket: WebSocket): Promise<void> {
    const { context, stream } = this;
    if (!context || !stream) return;
    const microphone = await startRealtimeMicrophone(context, stream, (pcm) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(pcm);
    });
    if (this.socket !== socket) return microphone.stop();
    microphone.setMuted(this.snapshot.call.muted);
    this.microphone = microphone;
  }

  setLanguage(language: LanguageCode): void {
    // The provider's transcription language is set when the socket opens: chosen before the call.
    if (this.snapshot.call.phase !== "idle") return;
    this.replace({ ...this.snapshot, call: { ...this.snapshot.call, language } });
  }

  toggleMute(): void {
    this.dispatch({ type: "muteToggled" });
    this.microphone?.setMuted(this.snapshot.call.muted);
  }

  /** The provider's own turn detection decides turns and interruptions: nothing to change here. */
  changeSettings(_settings: Partial<CallSettings>): void {}

  /** Typed turns belong to the cascade. */
  sendTyped(_text: string): void {}

  stopReply(): void {
    this.greetingPlayer?.stop();
    this.player?.stop();
  }

  /** The close button, or the dialog unmounting. */
  close(): void {
    if (this.snapshot.call.phase === "ended") return;
    this.dispatch({ type: "ended" });
    this.release();
  }

  private timeUp(): void {
    if (this.snapshot.call.phase === "ended") return;
    toast({ title: "Time's up", description: "This voice conversation has reached its time limit." });
    this.close();
    this.handlers.onClose();
  }

  private fallBack(message: string): void {
    const { call } = this.snapshot;
    if (this.handedOver || !call.conversationId) return;
    this.handedOver = true;
    this.release();
    this.handlers.onFallBack({
      conversationId: call.conversationId,
      lines: call.lines,
      secondsLeft: call.secondsLeft,
      language: call.language,
      message,
    });
  }

  private reset(): void {
    this.release();
    this.replace({ ...this.snapshot, call: { ...this.snapshot.call, phase: "idle", micOpen: false } });
  }

  private release(): void {
    clearInterval(this.reporting);
    this.timers.stopAll();
    this.microphone?.stop();
    this.microphone = null;
    this.player?.stop();
    this.greetingPlayer?.dispose();
    this.greetingPlayer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, "ended");
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }
}
