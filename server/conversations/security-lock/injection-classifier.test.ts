// The shipped injection model: it is what the training script makes from the training data, it
// loads and scores the same way every time, and it stays cheap enough to run on every chat turn.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { injectionProbability, loadInjectionModel } from "./injection-classifier.js";
import { detectInjection } from "./injection.js";
import { buildModelFile, trainingEntries } from "./injection-model-build.js";
import { MODEL_FILE, unpackModel, type InjectionModelFile } from "./injection-model.js";
import { loadCorpus } from "./injection-scoring.js";

const shipped = JSON.parse(readFileSync(MODEL_FILE, "utf8")) as InjectionModelFile;

describe("injection model", () => {
  it(
    "the shipped weights are exactly what the training script fits from the training data",
    () => {
      const training = shipped.training as { l2: number; crossValidation: Record<string, unknown> };
      const rebuilt = buildModelFile(trainingEntries(), {
        l2: training.l2,
        threshold: shipped.threshold,
        crossValidation: training.crossValidation,
      });
      expect(rebuilt.bias).toBe(shipped.bias);
      expect(rebuilt.weightScale).toBe(shipped.weightScale);
      expect(rebuilt.featureIds).toBe(shipped.featureIds);
      expect(rebuilt.weights).toBe(shipped.weights);
      expect(rebuilt.training).toEqual(shipped.training);
    },
    // One fit is a few seconds of CPU; the bound only stops a hung run.
    300_000,
  );

  it("is trained without the frozen corpus", () => {
    expect(shipped.training.files).not.toContain("injection-corpus-frozen.json");
    const frozen = new Set(loadCorpus("injection-corpus-frozen.json").map((e) => e.text));
    expect(trainingEntries().filter((e) => frozen.has(e.text))).toEqual([]);
  });

  it("loads and scores the same way every time", () => {
    const fresh = loadInjectionModel();
    const messages = loadCorpus("injection-corpus-frozen.json").map((e) => e.text);
    const first = messages.map((m) => injectionProbability(m, fresh));
    expect(messages.map((m) => injectionProbability(m))).toEqual(first);
    expect(messages.map((m) => injectionProbability(m, loadInjectionModel()))).toEqual(first);
  });

  it("refuses a model file whose weights are cut short", () => {
    const cut = { ...shipped, weights: shipped.weights.slice(0, 40) };
    expect(() => unpackModel(cut)).toThrow(/corrupt/);
  });

  // Prints the cost per message; speed is measured, never asserted (tests do not fail on timing).
  it("scores 8,000-character Latin and Chinese messages and reports their CPU cost", () => {
    const latin =
      "Hello, I ordered a standing desk last week (order 48213) and the delivery keeps moving. Could you check it? ";
    const chinese = "我想预约下周四下午三点，顺便问一下退货的说明在哪里可以找到？";
    const messages = [latin.repeat(80).slice(0, 8000), chinese.repeat(300).slice(0, 8000)];
    for (const message of messages) {
      for (let i = 0; i < 20; i++) detectInjection(message); // warm up the JIT
      const runs = 100;
      const classifierStart = process.cpuUsage();
      for (let i = 0; i < runs; i++) injectionProbability(message);
      const classifier = process.cpuUsage(classifierStart);
      const detectorStart = process.cpuUsage();
      for (let i = 0; i < runs; i++) detectInjection(message);
      const detector = process.cpuUsage(detectorStart);
      const classifierMs = (classifier.user + classifier.system) / runs / 1000;
      const detectorMs = (detector.user + detector.system) / runs / 1000;
      console.log(
        `8,000 characters: classifier ${classifierMs.toFixed(3)} ms, rules + classifier ${detectorMs.toFixed(3)} ms of CPU`,
      );
      expect(injectionProbability(message)).toBeLessThan(0.5);
    }
  });
});
