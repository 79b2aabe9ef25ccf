/**
 * The second stage of the injection detector: a character n-gram logistic regression that
 * catches attacks worded in ways no rule names. The model (`injection-model.json`, written by
 * `npm run train:injection`) is read once at module load; scoring is pure and synchronous.
 */
import { readFileSync } from "node:fs";
import { appendConceptFeatures, conceptsIn, TARGET_CONCEPTS } from "./injection-concepts.js";
import { appendSegmentFeatures, FEATURE_MASK, injectionSegments, ngramScale } from "./injection-features.js";
import { decodedPayloads } from "./injection-normalise.js";
import { MODEL_FILE, unpackModel, type InjectionModel, type InjectionModelFile } from "./injection-model.js";

export function loadInjectionModel(file: URL = MODEL_FILE): InjectionModel {
  return unpackModel(JSON.parse(readFileSync(file, "utf8")) as InjectionModelFile);
}

const model = loadInjectionModel();
// Reused between calls: scoring allocates nothing per n-gram.
const featureBuffer: number[] = [];

/**
 * Probability that one segment is an attack: 0 when it names nothing an injection is about
 * (TARGET_CONCEPTS). N-gram weights are scaled by ngramScale; concept weights count in full.
 */
export function segmentProbability(segment: string, { weights, bias }: InjectionModel): number {
  const present = conceptsIn(segment);
  if ((present & TARGET_CONCEPTS) === 0) return 0;
  featureBuffer.length = 0;
  const count = appendSegmentFeatures(segment, featureBuffer);
  let ngrams = 0;
  for (let i = 0; i < count; i++) ngrams += weights[featureBuffer[i]];
  featureBuffer.length = 0;
  const conceptCount = appendConceptFeatures(present, featureBuffer, FEATURE_MASK);
  let concepts = 0;
  for (let i = 0; i < conceptCount; i++) concepts += weights[featureBuffer[i]];
  const z = bias + ngrams * ngramScale(count) + concepts;
  return 1 / (1 + Math.exp(-z));
}

/** The highest attack probability over the message's segments and any base64/hex payload in it. */
export function injectionProbability(message: string, scoredWith: InjectionModel = model): number {
  let highest = 0;
  const texts = [message, ...decodedPayloads(message.normalize("NFKC")).map((p) => p.text)];
  for (const text of texts)
    for (const segment of injectionSegments(text)) highest = Math.max(highest, segmentProbability(segment, scoredWith));
  return highest;
}

/** The classifier's verdict at the threshold chosen in training. */
export function classifiesAsInjection(message: string): { detected: boolean; probability: number } {
  const probability = injectionProbability(message);
  return { detected: probability >= model.threshold, probability };
}
