/**
 * Child process of the chat-overhead benchmark: the fake OpenAI-compatible server with a fixed,
 * known timing (first byte after 50 ms, 10 chunks 10 ms apart). Reports its URL over IPC.
 */
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";
import { answerBenchRequests } from "./cpu-child.js";

export const FAKE_TIMING = { firstByteDelayMs: 50, chunkCount: 10, chunkDelayMs: 10 };

const fake = await startFakeOpenAi({
  ...FAKE_TIMING,
  replyText: "Benchmark reply streamed in ten even pieces so that timing is known exactly.",
  recordRequests: false,
});
process.send?.({ ready: fake.url });
// Its CPU per stream is the yardstick for ours: the same stream, produced instead of relayed.
answerBenchRequests();
process.on("disconnect", () => void fake.close().finally(() => process.exit(0)));
