/**
 * One user turn of a call: from what the listener heard to the agent's streamed, spoken reply.
 * Sends the recording itself when the server transcribes (one request: STT, model and speech
 * together), else the browser's transcript. Shows both sides as they arrive, queues each
 * sentence's audio as soon as it comes, and on failure tells the user and resends their words
 * as a text chat message so nothing is lost (spec sections 4 and 8).
 */
import { isMeaningfulTranscript, isVoiceTimeLimitMessage, type LanguageCode } from "../../../contracts/voice";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import type { SpeechItem } from "./speech-player";
import type { Utterance } from "./turn-listeners";
import { saveTurnAudio, sendAsTextMessage, streamVoiceTurn, type VoiceTurnBody } from "./voice-api";
import { blobToDataUrl, wavDataUrl } from "./wav-encoding";

export type TurnOutcome = "done" | "skipped" | "failed" | "locked" | "time-up";

export interface TurnView {
  addLine(role: "user" | "agent", text: string): number;
  setLine(id: number, text: string): void;
  removeLine(id: number): void;
  speak(item: SpeechItem): void;
}

export interface VoiceTurnParams {
  conversationId: string;
  agentId: string;
  agentName: string;
  language: LanguageCode;
  serverStt: boolean;
  utterance: Utterance;
  /** The browser recogniser's words, when the server does not transcribe. */
  transcript?: Promise<string>;
  signal: AbortSignal;
  view: TurnView;
}

class TurnFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly stored: boolean,
  ) {
    super(message);
  }
}

const SECURITY_ALERT = {
  title: "Security Alert",
  description: "This conversation has been locked for security reasons. Please try again in 30 minutes.",
  variant: "destructive",
} as const;

async function requestBody(params: VoiceTurnParams): Promise<VoiceTurnBody | null> {
  const { utterance, language } = params;
  if (utterance.kind === "text") return { message: utterance.text, language };
  if (params.serverStt) {
    const audioData =
      utterance.kind === "samples" ? wavDataUrl(utterance.samples) : await blobToDataUrl(utterance.blob);
    return { audioData, language };
  }
  const message = (await params.transcript) ?? "";
  return { message, language };
}

export async function runVoiceTurn(params: VoiceTurnParams): Promise<TurnOutcome> {
  const { view, signal } = params;
  const body = await requestBody(params);
  // Spec section 5: fewer than 2 words and under 4 characters is not a turn.
  if (!body || ("message" in body && !isMeaningfulTranscript(body.message))) return "skipped";

  let heard = "message" in body ? body.message : null;
  const userLine = view.addLine("user", heard ?? "…");
  let agentLine: number | null = null;
  let reply = "";
  let stored = false;
  let spoken = 0;
  let outcome: TurnOutcome = "failed";
  performance.mark("voice:turn-sent");
  try {
    for await (const { event, data } of streamVoiceTurn(params.conversationId, body, signal)) {
      if (event === "transcript") {
        performance.mark("voice:transcript");
        heard = data.text;
        view.setLine(userLine, data.text || "…");
      } else if (event === "skipped") {
        view.removeLine(userLine);
        return (outcome = "skipped");
      } else if (event === "delta") {
        stored = true;
        reply += data.text;
        agentLine ??= view.addLine("agent", "");
        view.setLine(agentLine, reply);
      } else if (event === "audio") {
        if (spoken++ === 0) performance.mark("voice:first-audio");
        view.speak(
          data.audioUrl
            ? { kind: "audio", url: data.audioUrl }
            : { kind: "browser", text: data.text, language: params.language },
        );
      } else if (event === "done") {
        stored = true;
        // The streamed text is a raw preview; the final reply is the cleaned, speakable one.
        if (agentLine === null) view.addLine("agent", data.response);
        else view.setLine(agentLine, data.response);
        if (data.securityLock) {
          toast(SECURITY_ALERT);
          return (outcome = "locked");
        }
        return (outcome = "done");
      } else if (event === "stored") {
        // The user's message is committed: a failure from here on keeps it.
        stored = true;
      } else {
        throw new TurnFailed(data.status, data.message, data.stored);
      }
    }
    throw new TurnFailed(502, "The reply ended early", stored);
  } catch (error) {
    if (signal.aborted) return "failed";
    return (outcome = failedTurn(params, error, heard, stored));
  } finally {
    // Kept for admins to play back; after the turn, off its critical path, and only for real turns.
    if ("audioData" in body && outcome !== "skipped") {
      saveTurnAudio(params.conversationId, body.audioData).catch((error: unknown) =>
        console.warn("could not save the turn's audio", error),
      );
    }
  }
}

function failedTurn(params: VoiceTurnParams, error: unknown, heard: string | null, stored: boolean): TurnOutcome {
  const status = error instanceof ApiError || error instanceof TurnFailed ? error.status : 0;
  const message = error instanceof ApiError ? error.serverMessage : error instanceof TurnFailed ? error.message : null;
  if (status === 409 && isVoiceTimeLimitMessage(message)) return "time-up";
  if (status === 423) {
    toast(SECURITY_ALERT);
    return "locked";
  }
  console.error("voice turn failed:", error);
  toast({ title: "Error", description: "Failed to process your message", variant: "destructive" });
  const alreadyStored = stored || (error instanceof TurnFailed && error.stored);
  if (heard && !alreadyStored) {
    sendAsTextMessage(params.agentId, heard)
      .then((sent) => params.view.addLine("agent", sent.response))
      .catch((fallbackError: unknown) => console.error("Mutation error:", fallbackError));
  }
  return "failed";
}
