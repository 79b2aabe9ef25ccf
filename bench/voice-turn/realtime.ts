/**
 * Realtime engine latency (`npx tsx bench/voice-turn/realtime.ts [--turns 30] [--delay 40]`):
 * end of the caller's speech → the model's first audio reaching the caller, through our
 * provider session (providers/realtime/realtime-session.ts) and the fake Realtime server at the
 * wire, whose own delay (--delay, ms) is subtracted from the goal's budget: the goal is
 * first audio ≤ 150 ms + the provider's delay. The server's browser relay adds one more
 * WebSocket hop on the same machine, not measured here.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { openRealtimeSession, type RealtimeHandlers } from "../../server/providers/realtime/realtime-session.js";
import { quiet, startFakeRealtime, tone } from "../../server/test-support/fake-realtime.js";
import { percentile } from "./latency.js";

const { values } = parseArgs({
  options: { turns: { type: "string", default: "30" }, delay: { type: "string", default: "40" } },
});
const turns = Math.max(5, Number(values.turns));
const delay = Number(values.delay);
const fake = await startFakeRealtime({ firstAudioDelayMs: delay, replyChunks: 3 });
let onFirstAudio: () => void = () => undefined;
let onDone: () => void = () => undefined;
let waitingForAudio = false;
const handlers: RealtimeHandlers = {
  onAudio: () => {
    if (waitingForAudio) {
      waitingForAudio = false;
      onFirstAudio();
    }
  },
  onReplyText: () => undefined,
  onUserTranscript: () => undefined,
  onSpeechStarted: () => undefined,
  onReplyDone: () => onDone(),
  onError: (error) => console.error("provider error:", error.message),
  onClose: () => undefined,
};
const session = await openRealtimeSession(
  { baseUrl: fake.url, model: "fake-realtime", instructions: "Bench.", voice: "alloy" },
  handlers,
);
const figures: number[] = [];
for (let turn = 0; turn <= turns; turn++) {
  const done = new Promise<void>((resolve) => (onDone = resolve));
  const firstAudio = new Promise<void>((resolve) => (onFirstAudio = resolve));
  for (let i = 0; i < 5; i++) session.appendAudio(tone(100));
  waitingForAudio = true;
  const endOfSpeech = performance.now();
  session.appendAudio(quiet(400));
  await firstAudio;
  // The first turn warms the JIT and the sockets: not counted.
  if (turn > 0) figures.push(performance.now() - endOfSpeech - delay);
  await done;
}
session.close();
await fake.close();
const p95 = percentile(figures, 95);
console.log(
  `realtime first audio after the end of speech, minus the provider's ${delay} ms: p50 ${percentile(figures, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (n=${figures.length}; goal ≤ 150 ms: ${p95 <= 150 ? "met" : "MISSED"}); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
