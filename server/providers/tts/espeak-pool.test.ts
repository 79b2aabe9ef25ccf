/**
 * The engine pool under concurrency. Timing is printed, not asserted (the machine is shared);
 * what is asserted is that the work is shared out and that every caller gets its own audio.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEspeakPool, type EspeakPool } from "./espeak-pool.js";
import { parseWav } from "./wav.js";

const SENTENCES = [
  "Your order shipped this morning.",
  "The parcel should arrive on Thursday.",
  "I can send you the tracking number.",
  "Is there anything else I can help with?",
  "Your refund was approved yesterday.",
  "The money will be back in three days.",
  "Let me check that for you.",
  "Thank you for waiting.",
];
const WORKERS = 2;

function job(text: string) {
  return { voice: "en-us", text, wordsPerMinute: 160 };
}

describe("the espeak-ng engine pool", () => {
  let pool: EspeakPool;
  /** Each sentence spoken alone, one at a time: what a concurrent run must give back. */
  const alone = new Map<string, Buffer>();
  let aloneMs = 0;

  beforeAll(async () => {
    pool = createEspeakPool(WORKERS);
    await pool.warmUp();
    for (const text of SENTENCES) {
      const started = performance.now();
      alone.set(text, (await pool.run(job(text))).wav);
      aloneMs += performance.now() - started;
    }
    aloneMs /= SENTENCES.length;
  }, 60_000);

  afterAll(async () => {
    await pool.close();
  });

  it("shares eight concurrent syntheses across its workers and gives each caller its own audio", async () => {
    const started = performance.now();
    const results = await Promise.all(
      SENTENCES.map(async (text) => {
        const result = await pool.run(job(text));
        return { text, ...result, ms: performance.now() - started };
      }),
    );

    for (const result of results) {
      expect(parseWav(result.wav).durationSeconds).toBeGreaterThan(0.5);
      expect(result.wav.equals(alone.get(result.text) ?? Buffer.alloc(0))).toBe(true);
    }
    const jobsByWorker = Array.from(
      { length: WORKERS },
      (_, worker) => results.filter((r) => r.worker === worker).length,
    );
    expect(jobsByWorker.every((jobs) => jobs >= 1)).toBe(true);
    expect(jobsByWorker.reduce((sum, jobs) => sum + jobs, 0)).toBe(SENTENCES.length);

    const slowest = Math.max(...results.map((r) => r.ms));
    const mean = results.reduce((sum, r) => sum + r.ms, 0) / results.length;
    console.log(
      `espeak pool of ${WORKERS}: one alone ${aloneMs.toFixed(0)} ms; 8 at once: mean ${mean.toFixed(0)} ms ` +
        `(${(mean / aloneMs).toFixed(1)}×), slowest ${slowest.toFixed(0)} ms (${(slowest / aloneMs).toFixed(1)}×); ` +
        `jobs per worker ${jobsByWorker.join("/")}`,
    );
  });

  it("drops a job aborted while it waits in the queue, and still answers the others", async () => {
    const controller = new AbortController();
    const running = SENTENCES.slice(0, WORKERS).map((text) => pool.run(job(text)));
    const queued = pool.run(job("This one is no longer wanted."), controller.signal);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: "AbortError" });
    for (const result of await Promise.all(running)) expect(parseWav(result.wav).durationSeconds).toBeGreaterThan(0.5);
  });

  it("refuses a pool without workers", () => {
    expect(() => createEspeakPool(0)).toThrow(/at least one worker/);
  });
});
