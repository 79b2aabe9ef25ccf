/**
 * The voice conversation dialog (spec section 2): 'Speak to {agent}', the language choice, the
 * m:ss countdown, how it hears you, the big microphone and its Listening / Thinking / Speaking
 * states, the live transcript (with each reply's answer time), a text box when speech cannot be
 * recognised, Mute and the turn-taking settings, and a close button that ends the call.
 * Admins also get 'Test Speech API'.
 */
import { useQuery } from "@tanstack/react-query";
import { PhoneOff, X } from "lucide-react";
import { VOICE_LANGUAGES, voiceForAgent, type LanguageCode, type VoiceCapabilities } from "../../../contracts/voice";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { NativeSelect } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import type { CallState } from "./call-state";
import { formatCountdown } from "./session-timers";
import { TestSpeechButton } from "./test-speech-button";
import { useVoiceSession, type VoiceEngine } from "./use-voice-session";
import { voiceCapabilitiesQuery } from "./voice-api";
import { VoiceCallControls } from "./voice-call-controls";
import { RealtimeNotice, VoiceEarNotice } from "./voice-ear-notice";
import { PersonJoinedNotice } from "../takeover/person-joined-notice";
import { usePersonReplies } from "./use-person-replies";
import { VoiceSession } from "./voice-session";
import type { VoiceAgent } from "./voice-session-state";
import { VoiceStatusIndicator } from "./voice-status";
import { VoiceTranscript } from "./voice-transcript";
import { VoiceTypedTurn } from "./voice-typed-turn";
import { VoiceApprovalPanel } from "./voice-approval-panel";

export function VoiceDialog({
  agent,
  open,
  onOpenChange,
}: {
  agent: VoiceAgent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Speak to ${agent.name}`}
        description="Talk naturally; the agent answers when you pause."
        // Escape or a stray click outside should not hang up a call; the buttons do that.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <VoiceDialogBody agent={agent} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function VoiceDialogBody({ agent, onClose }: { agent: VoiceAgent; onClose: () => void }) {
  const capabilities = useQuery(voiceCapabilitiesQuery);
  if (capabilities.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Preparing voice" />
      </div>
    );
  }
  if (!capabilities.data) {
    return (
      <p className="py-6 text-center text-sm text-red-700">Voice is unavailable right now. Please try again later.</p>
    );
  }
  return <VoiceCall agent={agent} capabilities={capabilities.data} onClose={onClose} />;
}

function VoiceCall({
  agent,
  capabilities,
  onClose,
}: {
  agent: VoiceAgent;
  capabilities: VoiceCapabilities;
  onClose: () => void;
}) {
  const { isAdmin } = useAuth();
  const { session, state, engine } = useVoiceSession(agent, capabilities, onClose);
  // A person who takes the call over is heard in the call's voice (issue 26; the cascade speaks
  // through /api/tts: a realtime call's model is not asked while a person holds it).
  const hold = usePersonReplies(state.conversationId, (reply) => {
    if (session instanceof VoiceSession) session.personReplied(reply.text, reply.author);
  });
  return (
    <VoiceCallView
      agent={agent}
      state={state}
      actions={session}
      isAdmin={isAdmin}
      onClose={onClose}
      engine={engine}
      heldBy={hold?.heldBy ?? null}
    />
  );
}

/** What the view asks of the call: the session's commands (null until it exists). */
export type VoiceCallActions = Pick<
  VoiceSession,
  "start" | "setLanguage" | "toggleMute" | "changeSettings" | "sendTyped" | "stopReply"
> &
  // A realtime call's model is offered no tools: nothing of its waits for an approval.
  Partial<Pick<VoiceSession, "decideToolCall">>;

/**
 * The call as drawn from its reducer state (call-state.ts) alone, so each state's text and
 * buttons can be checked without a microphone (voice-dialog.test.tsx).
 */
export function VoiceCallView({
  agent,
  state,
  actions: session,
  isAdmin,
  onClose,
  engine = "cascade",
  heldBy = null,
}: {
  agent: VoiceAgent;
  state: CallState;
  actions: VoiceCallActions | null;
  isAdmin: boolean;
  onClose: () => void;
  engine?: VoiceEngine;
  /** A person from the team answering instead of the agent: "Sam from Acme". */
  heldBy?: string | null;
}) {
  const { phase, ear } = state;
  const inCall = phase !== "idle" && phase !== "ended";
  const live = phase === "listening" || phase === "thinking" || phase === "speaking";
  // A tool call waits for the caller's yes or no: the box takes the answer (call-approvals.ts).
  const answering = state.approvals.length > 0;

  return (
    <div
      className="space-y-4"
      data-voice-status={phase}
      data-listener={state.listener ?? ""}
      data-ear={ear.kind}
      data-muted={state.muted}
      data-engine={engine}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          Language
          <NativeSelect
            className="w-44"
            value={state.language}
            onChange={(event) => session?.setLanguage(event.target.value as LanguageCode)}
            // The realtime model's transcription language is set as its call opens.
            disabled={phase === "thinking" || (engine === "realtime" && phase !== "idle")}
          >
            {VOICE_LANGUAGES.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="text-right">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Time left</div>
          <div
            className="font-mono text-2xl font-semibold tabular-nums text-slate-900"
            role="timer"
            aria-label={`Time left ${formatCountdown(state.secondsLeft)}`}
          >
            {formatCountdown(state.secondsLeft)}
          </div>
        </div>
      </div>

      {engine === "realtime" ? <RealtimeNotice /> : <VoiceEarNotice ear={ear} />}

      <VoiceStatusIndicator
        status={phase}
        userSpeaking={state.userSpeaking}
        agentName={agent.name}
        muted={state.muted}
        startDisabled={ear.kind === "checking"}
        onStart={() => session?.start()}
      />

      {heldBy && <PersonJoinedNotice heldBy={heldBy} className="rounded-lg border sm:px-3" />}

      <VoiceTranscript lines={state.lines} agentName={agent.name} />

      <VoiceApprovalPanel
        approvals={state.approvals}
        agentName={agent.name}
        onDecide={(callId, decision) => session?.decideToolCall?.(callId, decision)}
      />

      {ear.kind === "typed" && (
        <VoiceTypedTurn
          enabled={(phase === "listening" && !state.turn) || answering}
          waitHint={inCall ? "Wait for the agent to finish" : "Start the conversation to type"}
          onSend={(text) => session?.sendTyped(text)}
          replying={(phase === "speaking" || phase === "thinking") && state.turn !== null && !answering}
          onStop={() => session?.stopReply()}
        />
      )}

      {/* Typed turns use no microphone: nothing to mute or speak over. */}
      {ear.kind !== "typed" && (
        <VoiceCallControls
          settings={state.settings}
          muted={state.muted}
          canMute={live && state.micOpen}
          onToggleMute={() => session?.toggleMute()}
          onChange={(settings) => session?.changeSettings(settings)}
          // The realtime model takes turns and hears interruptions itself.
          turnSettings={engine === "cascade"}
        />
      )}

      <div className="flex flex-wrap items-center justify-between gap-2">
        {isAdmin ? <TestSpeechButton voice={voiceForAgent(agent)} /> : <span />}
        <Button variant={inCall ? "destructive" : "outline"} size="sm" onClick={onClose}>
          {inCall ? <PhoneOff aria-hidden /> : <X aria-hidden />}
          {inCall ? "End conversation" : "Close"}
        </Button>
      </div>
    </div>
  );
}
