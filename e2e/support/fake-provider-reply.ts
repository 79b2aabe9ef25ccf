/** What the standalone fake provider answers, shared by the server process and the specs. */
export const FAKE_STREAMED_REPLY =
  "Here is a plan. First, list your three best customers. Second, ask each one what almost stopped them from buying. " +
  "Third, turn those answers into the opening lines of your next pitch. Finally, measure replies for two weeks.";
export const FAKE_CHUNK_COUNT = 12;
export const FAKE_CHUNK_DELAY_MS = 80;
