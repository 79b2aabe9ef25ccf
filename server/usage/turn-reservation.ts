/**
 * What a turn reserves against its company's month quotas when it is admitted (queries.ts
 * admissionCtes), before its real cost is known: settled to the real figures when it is metered.
 * An estimate, not a bound: the closer it is, the closer concurrent turns stop at the quota.
 */
import type { Config } from "../config.js";
import { estimateSpeechSeconds } from "./voice-seconds.js";

export interface TurnReservation {
  tokens: number;
  voiceSeconds: number;
}

/** About four characters a token in the languages most text is written in. */
const CHARS_PER_TOKEN = 4;

export function turnReservation(
  config: Pick<Config, "QUOTA_TURN_TOKEN_ESTIMATE" | "QUOTA_VOICE_REPLY_SECONDS_ESTIMATE">,
  message: string,
  heardSeconds?: number | null,
): TurnReservation {
  return {
    tokens: Math.ceil(message.length / CHARS_PER_TOKEN) + config.QUOTA_TURN_TOKEN_ESTIMATE,
    voiceSeconds: (heardSeconds ?? estimateSpeechSeconds(message)) + config.QUOTA_VOICE_REPLY_SECONDS_ESTIMATE,
  };
}
