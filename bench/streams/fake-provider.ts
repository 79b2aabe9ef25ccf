/**
 * Child process of the streams benchmark: the fake OpenAI-compatible server dripping each reply
 * slowly, so that thousands of streams are open at once. Timing from the environment:
 * BENCH_FIRST_BYTE_MS before the first byte, then BENCH_CHUNKS deltas BENCH_CHUNK_MS apart.
 * Reports its URL over IPC; its own process, so its work is not counted as the app's.
 */
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";

const chunkCount = Number(process.env.BENCH_CHUNKS ?? 120);
const fake = await startFakeOpenAi({
  firstByteDelayMs: Number(process.env.BENCH_FIRST_BYTE_MS ?? 100),
  chunkCount,
  chunkDelayMs: Number(process.env.BENCH_CHUNK_MS ?? 250),
  // One short word per delta, as a model streams tokens.
  replyText: Array.from({ length: chunkCount }, (_, i) => `w${i % 10}`).join(" "),
  recordRequests: false,
});
process.send?.({ ready: fake.url });
process.on("disconnect", () => void fake.close().finally(() => process.exit(0)));
