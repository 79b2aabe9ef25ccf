/**
 * The fake OpenAI-compatible server as a process of its own for the journeys, on a port the
 * system picks: `tsx e2e/support/fake-provider-server.ts` prints its /v1 address once listening
 * (global-setup.ts hands it to the apps). Its reply streams slowly enough for a test to see
 * partial text before the whole.
 */
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";
import { FAKE_CHUNK_COUNT, FAKE_CHUNK_DELAY_MS, FAKE_STREAMED_REPLY } from "./fake-provider-reply.js";
import { announceReadyUntilStopped } from "./server-ready.js";

const provider = await startFakeOpenAi({
  replyText: FAKE_STREAMED_REPLY,
  chunkCount: FAKE_CHUNK_COUNT,
  chunkDelayMs: FAKE_CHUNK_DELAY_MS,
  recordRequests: false,
});
announceReadyUntilStopped(provider.url, () => provider.close());
