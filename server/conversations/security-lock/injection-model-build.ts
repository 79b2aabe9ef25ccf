/**
 * The last step of training, shared by the training script and the test that checks the shipped
 * model: fit on all the training data with the chosen settings and pack the result. The same
 * data and settings always give the same file.
 */
import { FEATURE_BITS } from "./injection-features.js";
import { MODEL_FORMAT, packWeights, type InjectionModelFile } from "./injection-model.js";
import { loadCorpus, type CorpusEntry } from "./injection-scoring.js";
import { fit, toExample } from "./injection-training.js";

export const TRAINING_FILES = ["injection-corpus.json", "injection-training-extra.json"] as const;
export const FIT_ITERATIONS = 300;
export const LEARNING_RATE = 0.05;

export function trainingEntries(): CorpusEntry[] {
  return TRAINING_FILES.flatMap((file) => loadCorpus(file));
}

export interface BuildSettings {
  l2: number;
  threshold: number;
  crossValidation: Record<string, unknown>;
}

export function buildModelFile(entries: readonly CorpusEntry[], settings: BuildSettings): InjectionModelFile {
  const model = fit(entries.map(toExample), {
    l2: settings.l2,
    iterations: FIT_ITERATIONS,
    learningRate: LEARNING_RATE,
  });
  return {
    format: MODEL_FORMAT,
    featureBits: FEATURE_BITS,
    threshold: settings.threshold,
    bias: model.bias,
    ...packWeights(model.weights),
    training: {
      files: [...TRAINING_FILES],
      messages: entries.length,
      attacks: entries.filter((e) => e.attack).length,
      l2: settings.l2,
      iterations: FIT_ITERATIONS,
      learningRate: LEARNING_RATE,
      crossValidation: settings.crossValidation,
    },
  };
}
