/**
 * The shipped form of the injection classifier (`injection-model.json`): a logistic regression
 * over hashed features, with its weights packed so the file stays small and diffs stay short.
 * Only features seen in training carry a weight; their ids are stored as base64 varint gaps
 * between ascending ids, their weights as base64 little-endian int16 multiples of
 * `weightScale`. The training script writes it; the detector reads it once at start-up.
 */
import { FEATURE_BITS } from "./injection-features.js";

export const MODEL_FORMAT = "hashed-char-ngram-logistic-regression/1";
export const MODEL_FILE = new URL("./injection-model.json", import.meta.url);

export interface InjectionModelFile {
  format: typeof MODEL_FORMAT;
  featureBits: number;
  /** A message whose probability reaches this is an attack (chosen by cross-validation in training). */
  threshold: number;
  bias: number;
  weightScale: number;
  featureIds: string;
  weights: string;
  /** How the model was made, for whoever retrains it; not read by the detector. */
  training: Record<string, unknown>;
}

export interface InjectionModel {
  threshold: number;
  bias: number;
  /** Dense table indexed by feature id. */
  weights: Float32Array;
}

const INT16_MAX = 32767;

/** Packs dense weights (zeros are left out) into the file's fields. */
export function packWeights(weights: ArrayLike<number>): { weightScale: number; featureIds: string; weights: string } {
  let largest = 0;
  for (let i = 0; i < weights.length; i++) largest = Math.max(largest, Math.abs(weights[i]));
  const weightScale = largest === 0 ? 1 : largest / INT16_MAX;
  const gaps: number[] = [];
  const quantised: number[] = [];
  let previous = -1;
  for (let id = 0; id < weights.length; id++) {
    const q = Math.round(weights[id] / weightScale);
    if (q === 0) continue;
    let gap = id - previous;
    previous = id;
    while (gap >= 0x80) {
      gaps.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    gaps.push(gap);
    quantised.push(q);
  }
  const packed = Buffer.alloc(quantised.length * 2);
  quantised.forEach((q, i) => packed.writeInt16LE(q, i * 2));
  return {
    weightScale,
    featureIds: Buffer.from(gaps).toString("base64"),
    weights: packed.toString("base64"),
  };
}

/** Unpacks a model file into the dense table the detector scores with; throws on a malformed file. */
export function unpackModel(file: InjectionModelFile): InjectionModel {
  if (file.format !== MODEL_FORMAT || file.featureBits !== FEATURE_BITS)
    throw new Error(
      `injection model is ${file.format} with ${file.featureBits} feature bits; expected ${MODEL_FORMAT}`,
    );
  const weights = new Float32Array(1 << FEATURE_BITS);
  const gaps = Buffer.from(file.featureIds, "base64");
  const values = Buffer.from(file.weights, "base64");
  let id = -1;
  let gap = 0;
  let shift = 0;
  let index = 0;
  for (const byte of gaps) {
    gap |= (byte & 0x7f) << shift;
    shift += 7;
    if (byte & 0x80) continue;
    id += gap;
    if (id >= weights.length || index * 2 + 1 >= values.length) throw new Error("injection model weights are corrupt");
    weights[id] = values.readInt16LE(index * 2) * file.weightScale;
    index++;
    gap = 0;
    shift = 0;
  }
  if (index * 2 !== values.length) throw new Error("injection model weights are corrupt");
  return { threshold: file.threshold, bias: file.bias, weights };
}
