/**
 * A voice turn's tool steps, told and spoken (issue 24, decision 149): each step event goes to the
 * client as in chat (`tool_call`, `tool_result`: the dialog shows Approve and Deny for a call that
 * waits), and the call hears, in its language, "one moment" once per step as a call starts
 * running, the question for a call that waits for the caller's yes or no, and a line when that
 * question went unanswered. These lines are spoken, never part of the stored reply.
 */
import type { ChatSseToolCall, ChatSseToolResult } from "../../contracts/chat.js";
import type { LanguageCode, VoiceTurnEvent } from "../../contracts/voice.js";
import { approvalQuestion, notAnsweredLine, ONE_MOMENT } from "../../contracts/voice-approval.js";
import { NOT_ANSWERED_SUMMARY } from "../conversations/tool-loop.js";
import type { ToolStepEvent } from "../conversations/turn-types.js";
import type { SentenceSpeaker } from "./sentence-speaker.js";

export interface ToolAsides {
  /** A step event of the turn. */
  step(event: ToolStepEvent): void;
  /** The model is writing again: the next call that starts opens a new step. */
  wrote(): void;
}

export function createToolAsides(
  language: LanguageCode,
  speaker: Pick<SentenceSpeaker, "say">,
  send: (event: VoiceTurnEvent) => void,
): ToolAsides {
  const seen = new Map<string, string>();
  const asked = new Set<string>();
  /** The last event was a call first seen: calls announced together are one step. */
  let announcing = false;
  let saidForStep = false;

  function callEvent(call: ChatSseToolCall): void {
    const isNew = !seen.has(call.id);
    if (isNew && !announcing) saidForStep = false;
    announcing = isNew;
    seen.set(call.id, call.name);
    if (call.status === "awaiting_approval") {
      asked.add(call.id);
      speaker.say(approvalQuestion(language, call.name, call.arguments), "approval");
      return;
    }
    if (saidForStep) return;
    saidForStep = true;
    speaker.say(ONE_MOMENT[language], "wait");
  }

  function resultEvent(result: ChatSseToolResult): void {
    announcing = false;
    const name = seen.get(result.id);
    if (name && asked.has(result.id) && result.summary === NOT_ANSWERED_SUMMARY) {
      speaker.say(notAnsweredLine(language, name), "not-answered");
    }
  }

  return {
    step(event) {
      if (event.type === "tool_call") {
        const { type: _type, ...call } = event;
        send({ event: "tool_call", data: call });
        callEvent(call);
      } else {
        const { type: _type, ...result } = event;
        send({ event: "tool_result", data: result });
        resultEvent(result);
      }
    },
    wrote() {
      announcing = false;
    },
  };
}
