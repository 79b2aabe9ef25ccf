/**
 * The fake OpenAI-compatible server as a standalone process for Playwright (FAKE_PROVIDER_PORT):
 * `tsx e2e/support/fake-provider-server.ts`. Its reply streams slowly enough for a test to see
 * partial text before the whole.
 */
import { startFakeOpenAi } from "../../server/test-support/fake-openai.js";
import { FAKE_PROVIDER_PORT } from "./accounts.js";
import { FAKE_CHUNK_COUNT, FAKE_CHUNK_DELAY_MS, FAKE_STREAMED_REPLY } from "./fake-provider-reply.js";

await startFakeOpenAi({
  port: FAKE_PROVIDER_PORT,
  replyText: FAKE_STREAMED_REPLY,
  chunkCount: FAKE_CHUNK_COUNT,
  chunkDelayMs: FAKE_CHUNK_DELAY_MS,
  recordRequests: false,
});
console.log(`fake OpenAI-compatible server on http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`);
