/**
 * Audio records of a voice conversation, as bytes to store: a recording's true length, and
 * the agent's reply assembled from the sentences it spoke. A reply is stored as one clip (not
 * one per sentence) so that the admin view plays a message as one thing; WAV sentences are
 * joined sample by sample, so the clip's length is exact.
 */
import { parseAudioDataUrl } from "../../contracts/voice.js";
import { parseWav, type WavInfo } from "../providers/tts/wav.js";

export interface ClipBytes {
  mimeType: string;
  data: Buffer;
  /** null when the container's length cannot be read (not WAV) and nobody measured it. */
  durationMs: number | null;
}

function wavInfo(data: Uint8Array): WavInfo | null {
  try {
    return parseWav(data);
  } catch {
    return null;
  }
}

/** The length of WAV bytes from their header; else the client's own measure of its recording, if sane. */
export function clipDurationMs(mimeType: string, data: Uint8Array, measuredMs?: number): number | null {
  const info = mimeType.includes("wav") ? wavInfo(data) : null;
  if (info) return Math.round(info.durationSeconds * 1000);
  return measuredMs === undefined ? null : Math.round(measuredMs);
}

/** A data URL's bytes, or null when it is not one (a sentence whose synthesis failed has none). */
export function dataUrlBytes(dataUrl: string | null): { mimeType: string; data: Buffer } | null {
  if (!dataUrl) return null;
  const parsed = parseAudioDataUrl(dataUrl);
  if ("problem" in parsed) return null;
  return { mimeType: parsed.mimeType, data: Buffer.from(parsed.base64, "base64") };
}

const sameFormat = (a: WavInfo, b: WavInfo) =>
  a.audioFormat === b.audioFormat &&
  a.sampleRate === b.sampleRate &&
  a.channels === b.channels &&
  a.bitsPerSample === b.bitsPerSample;

/** A canonical 44-byte header for `dataLength` bytes of samples in `format`. */
function wavHeader(format: WavInfo, dataLength: number): Buffer {
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataLength, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format.audioFormat, 20);
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(format.bitsPerSample, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataLength, 40);
  return header;
}

/**
 * The reply's sentences as one clip, in order. WAV sentences of one format become one WAV
 * (their sample data end to end); any other container of one type is joined byte for byte
 * (MP3 frames play on in sequence) with no known length. Null when nothing was synthesised.
 */
export function joinSentenceAudio(parts: { mimeType: string; data: Buffer }[]): ClipBytes | null {
  if (parts.length === 0) return null;
  const infos = parts.map((part) => (part.mimeType.includes("wav") ? wavInfo(part.data) : null));
  const first = infos[0];
  if (first && infos.every((info) => info !== null && sameFormat(info, first))) {
    const samples = parts.map((part, i) => {
      const info = infos[i]!;
      return part.data.subarray(info.dataOffset, info.dataOffset + info.dataLength);
    });
    const dataLength = samples.reduce((sum, chunk) => sum + chunk.length, 0);
    const bytesPerSecond = first.sampleRate * first.channels * (first.bitsPerSample / 8);
    return {
      mimeType: "audio/wav",
      data: Buffer.concat([wavHeader(first, dataLength), ...samples]),
      durationMs: Math.round((dataLength / bytesPerSecond) * 1000),
    };
  }
  // Mixed containers cannot be joined into one playable file: keep the type the reply began in.
  const mimeType = parts[0].mimeType;
  const same = parts.filter((part) => part.mimeType === mimeType);
  return { mimeType, data: Buffer.concat(same.map((part) => part.data)), durationMs: null };
}
