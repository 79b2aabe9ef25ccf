/**
 * One request to the streaming turn endpoint, reported to the call as events: the recording
 * (when the server transcribes) or the words, `replaces` when it carries the words of a
 * cancelled turn; then stored, transcript, reply text and audio, done — or skipped, failed.
 * No toasts and no state here: the call's state machine decides what each event means.
 */
import type { ErrorCode } from "../../../contracts/errors";
import type { LanguageCode, VoiceTurnRequest } from "../../../contracts/voice";
import { ApiError } from "../../lib/api";
import type { CallEvent, Heard } from "./call-state";
import { saveTurnAudio, streamVoiceTurn } from "./voice-api";
import { blobToDataUrl, DETECTOR_SAMPLE_RATE, wavDataUrl } from "./wav-encoding";

export interface TurnRequest {
  seq: number;
  conversationId: string;
  heard: Heard;
  replaces: string | null;
  language: LanguageCode;
  holdIfUnfinished?: boolean;
}

class TurnFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly stored: boolean,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

async function requestBody(request: TurnRequest): Promise<VoiceTurnRequest> {
  const { heard, language } = request;
  const replaces = request.replaces ?? undefined;
  const hold = request.holdIfUnfinished ? { holdIfUnfinished: true } : {};
  // Words already known (typed, or the browser's recogniser) go as text; the clip is kept apart.
  if (heard.text !== null || !heard.clip) return { message: heard.text ?? "", language, replaces };
  if (heard.clip.kind === "samples") {
    const recordingMs = Math.round((heard.clip.samples.length / DETECTOR_SAMPLE_RATE) * 1000);
    return { audioData: wavDataUrl(heard.clip.samples), language, replaces, recordingMs, ...hold };
  }
  return { audioData: await blobToDataUrl(heard.clip.blob), language, replaces, ...hold };
}

function failure(error: unknown): { reason: "time-up" | "locked" | "error"; stored: boolean } {
  const code = error instanceof ApiError || error instanceof TurnFailed ? error.code : null;
  if (code === "VOICE_TIME_LIMIT") return { reason: "time-up", stored: false };
  if (code === "CONVERSATION_LOCKED") return { reason: "locked", stored: false };
  console.error("voice turn failed:", error);
  return { reason: "error", stored: error instanceof TurnFailed && error.stored };
}

export async function runTurnRequest(
  request: TurnRequest,
  signal: AbortSignal,
  dispatch: (event: CallEvent) => void,
): Promise<void> {
  const { seq } = request;
  let stored = false;
  let audioEvents = 0;
  try {
    const body = await requestBody(request);
    performance.mark("voice:turn-sent");
    for await (const { event, data } of streamVoiceTurn(request.conversationId, body, signal)) {
      if (event === "stored") {
        stored = true;
        dispatch({ type: "turnStored", seq, ...data });
        // The server keeps the recordings it transcribes; a clip it never saw is linked here.
        const clip = request.heard.clip;
        if ("message" in body && clip?.kind === "samples") {
          saveTurnAudio(request.conversationId, wavDataUrl(clip.samples), data.userMessageId).catch((error: unknown) =>
            console.warn("could not save the turn's audio", error),
          );
        }
      } else if (event === "transcript") {
        performance.mark("voice:transcript");
        dispatch({ type: "turnHeard", seq, text: data.text });
      } else if (event === "skipped") {
        return dispatch({ type: "turnSkipped", seq });
      } else if (event === "incomplete") {
        return dispatch({ type: "turnIncomplete", seq });
      } else if (event === "delta") {
        stored = true;
        dispatch({ type: "replyText", seq, text: data.text });
      } else if (event === "tool_call") {
        if (data.status === "awaiting_approval") {
          dispatch({ type: "approvalAsked", seq, callId: data.id, name: data.name, arguments: data.arguments });
        } else {
          dispatch({ type: "approvalSettled", callId: data.id });
        }
      } else if (event === "tool_result") {
        dispatch({ type: "approvalSettled", callId: data.id });
      } else if (event === "audio") {
        if (audioEvents++ === 0) performance.mark("voice:first-audio");
        // "One moment", an approval's question: spoken, shown apart from the reply's words.
        if (data.aside) dispatch({ type: "asideSpoken", seq, text: data.text });
        const item = data.audioUrl
          ? { kind: "audio" as const, url: data.audioUrl, text: data.text, reply: seq }
          : { kind: "browser" as const, text: data.text, language: request.language, reply: seq };
        dispatch({ type: "replyAudio", seq, item });
      } else if (event === "done") {
        return dispatch({ type: "turnDone", seq, response: data.response, securityLock: data.securityLock });
      } else {
        throw new TurnFailed(data.status, data.message, data.stored, data.code);
      }
    }
    throw new TurnFailed(502, "The reply ended early", stored);
  } catch (error) {
    // Aborted on purpose (barge-in, a joined turn, the end of the call): nothing to report.
    if (signal.aborted) return;
    const { reason, stored: storedBeforeFailure } = failure(error);
    dispatch({ type: "turnFailed", seq, reason, stored: stored || storedBeforeFailure });
  } finally {
    dispatch({ type: "turnClosed", seq });
  }
}
