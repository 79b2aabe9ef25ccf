/** What the standalone fake provider answers, shared by the server process and the specs. */
export const FAKE_STREAMED_REPLY =
  "Here is a plan. First, list your three best customers. Second, ask each one what almost stopped them from buying. " +
  "Third, turn those answers into the opening lines of your next pitch. Finally, measure replies for two weeks.";
export const FAKE_CHUNK_COUNT = 12;
export const FAKE_CHUNK_DELAY_MS = 80;

/**
 * Words a journey puts in its message to pick another answer for that one turn (the provider
 * is one process shared by every journey, so a per-message switch is what keeps them apart).
 */
export const FAKE_MARKERS = {
  /** The reply streams its first chunks and then waits until the client goes away. */
  hold: "[fake:hold]",
  /** The first time a message with this marker is seen the model answers 500; after that, normally. */
  failOnce: "[fake:fail-once]",
  /** The reply is FAKE_CODE_REPLY. */
  code: "[fake:code]",
} as const;

/** The words of a held reply that reach the client before it waits. */
export const FAKE_HELD_CHUNKS = 3;

export const FAKE_CODE_SNIPPET = 'export function greet(name: string): string {\n  return "Hello, " + name;\n}';
export const FAKE_CODE_REPLY = `Here is a helper:\n\n\`\`\`ts\n${FAKE_CODE_SNIPPET}\n\`\`\`\n\nSee [the guide](https://example.com/guide).`;
