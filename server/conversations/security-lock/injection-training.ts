/**
 * How the injection classifier is trained: L2-regularised logistic regression fitted by
 * full-batch Adam, on the first corpus plus `injection-training-extra.json` and never on the
 * frozen corpus. Features seen in fewer than MIN_DOCUMENTS training messages get no weight
 * (a one-off n-gram is noise, and leaving it out keeps the model small). Everything here is
 * deterministic: the same data gives the same bytes, which the test checks.
 */
import { appendConceptFeatures, conceptsIn, TARGET_CONCEPTS } from "./injection-concepts.js";
import {
  appendSegmentFeatures,
  FEATURE_BITS,
  FEATURE_MASK,
  injectionSegments,
  ngramScale,
} from "./injection-features.js";
import type { CorpusEntry } from "./injection-scoring.js";

const MIN_DOCUMENTS = 2;

export interface Example {
  /** Character n-gram and word-bigram features, each worth `scale`. */
  ids: Int32Array;
  /** ngramScale(number of n-gram features), as in scoring. */
  scale: number;
  /** Concept features, each worth 1. */
  conceptIds: Int32Array;
  /** Whether the message names what an injection is about (TARGET_CONCEPTS); if not, it never locks. */
  targeted: boolean;
  label: 0 | 1;
}

export interface FitOptions {
  l2: number;
  iterations: number;
  learningRate: number;
}

export interface FittedModel {
  bias: number;
  weights: Float64Array;
}

export function toExample(entry: CorpusEntry): Example {
  const ids: number[] = [];
  const conceptIds: number[] = [];
  let targeted = false;
  for (const segment of injectionSegments(entry.text)) {
    appendSegmentFeatures(segment, ids);
    const present = conceptsIn(segment);
    appendConceptFeatures(present, conceptIds, FEATURE_MASK);
    targeted ||= (present & TARGET_CONCEPTS) !== 0;
  }
  return {
    ids: Int32Array.from(ids),
    scale: ngramScale(ids.length),
    conceptIds: Int32Array.from(conceptIds),
    targeted,
    label: entry.attack ? 1 : 0,
  };
}

/** Feature ids that occur in at least MIN_DOCUMENTS of the examples. */
function activeFeatures(examples: readonly Example[]): Int32Array {
  const documents = new Uint16Array(1 << FEATURE_BITS);
  for (const { ids, conceptIds } of examples) for (const id of new Set([...ids, ...conceptIds])) documents[id]++;
  const active: number[] = [];
  documents.forEach((count, id) => {
    if (count >= MIN_DOCUMENTS) active.push(id);
  });
  return Int32Array.from(active);
}

export function fit(examples: readonly Example[], options: FitOptions): FittedModel {
  const size = 1 << FEATURE_BITS;
  const active = activeFeatures(examples);
  const isActive = new Uint8Array(size);
  for (const id of active) isActive[id] = 1;
  const weights = new Float64Array(size);
  const gradient = new Float64Array(size);
  const firstMoment = new Float64Array(size);
  const secondMoment = new Float64Array(size);
  let bias = 0;
  let biasFirst = 0;
  let biasSecond = 0;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const epsilon = 1e-8;
  const n = examples.length;

  for (let step = 1; step <= options.iterations; step++) {
    gradient.fill(0);
    let biasGradient = 0;
    for (const example of examples) {
      const error = (probability({ bias, weights }, example) - example.label) / n;
      biasGradient += error;
      const g = error * example.scale;
      for (const id of example.ids) if (isActive[id] === 1) gradient[id] += g;
      for (const id of example.conceptIds) if (isActive[id] === 1) gradient[id] += error;
    }
    const correction1 = 1 - beta1 ** step;
    const correction2 = 1 - beta2 ** step;
    for (const id of active) {
      const g = gradient[id] + options.l2 * weights[id];
      firstMoment[id] = beta1 * firstMoment[id] + (1 - beta1) * g;
      secondMoment[id] = beta2 * secondMoment[id] + (1 - beta2) * g * g;
      weights[id] -=
        (options.learningRate * (firstMoment[id] / correction1)) /
        (Math.sqrt(secondMoment[id] / correction2) + epsilon);
    }
    biasFirst = beta1 * biasFirst + (1 - beta1) * biasGradient;
    biasSecond = beta2 * biasSecond + (1 - beta2) * biasGradient * biasGradient;
    bias -= (options.learningRate * (biasFirst / correction1)) / (Math.sqrt(biasSecond / correction2) + epsilon);
  }
  return { bias, weights };
}

export function probability(model: FittedModel, example: Example): number {
  let sum = 0;
  for (const id of example.ids) sum += model.weights[id];
  let concepts = 0;
  for (const id of example.conceptIds) concepts += model.weights[id];
  return 1 / (1 + Math.exp(-(model.bias + sum * example.scale + concepts)));
}

/** A small seeded generator (mulberry32), so folds (and the knowledge bench's text) are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The classifier's verdict on a training example: untargeted messages never lock. */
export const lockProbability = (model: FittedModel, example: Example): number =>
  example.targeted ? probability(model, example) : 0;

/**
 * Out-of-fold probabilities (0 for untargeted messages, as in the detector): stratified k-fold, repeated with different seeds. Entry r·n + i is
 * example i's probability in repeat r, from a model that never saw example i.
 */
export function outOfFoldProbabilities(
  examples: readonly Example[],
  options: FitOptions,
  folds: number,
  repeats: number,
): Float64Array {
  const result = new Float64Array(examples.length * repeats);
  for (let repeat = 0; repeat < repeats; repeat++) {
    const random = seededRandom(1000 + repeat);
    const fold = new Int32Array(examples.length);
    for (const label of [0, 1]) {
      const members = examples.flatMap((e, i) => (e.label === label ? [i] : []));
      for (let i = members.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [members[i], members[j]] = [members[j], members[i]];
      }
      members.forEach((index, position) => (fold[index] = position % folds));
    }
    for (let k = 0; k < folds; k++) {
      const model = fit(
        examples.filter((_, i) => fold[i] !== k),
        options,
      );
      examples.forEach((example, i) => {
        if (fold[i] === k) result[repeat * examples.length + i] = lockProbability(model, example);
      });
    }
  }
  return result;
}
