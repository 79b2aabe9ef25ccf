/**
 * Small pure helpers for RIFF WAV files of 16-bit PCM: read the header, measure loudness,
 * resample and write a new file. Used by the eSpeak backend, its tests and the benchmark.
 */

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** 1 = integer PCM. */
  audioFormat: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of sample data actually present in the file. */
  dataLength: number;
  durationSeconds: number;
}

export interface SampleLevels {
  /** Root mean square, as a fraction of full scale (0..1). */
  rms: number;
  /** Largest absolute sample, as a fraction of full scale (0..1). */
  peak: number;
}

const RIFF_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
const PCM_FORMAT = 1;
const PCM16_FULL_SCALE = 32768;

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function fourCc(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

/** Reads the fmt and data chunks, skipping any others (LIST, fact...). Throws on anything that is not a WAV. */
export function parseWav(bytes: Uint8Array): WavInfo {
  const view = viewOf(bytes);
  if (bytes.byteLength < RIFF_HEADER_BYTES || fourCc(view, 0) !== "RIFF" || fourCc(view, 8) !== "WAVE") {
    throw new Error("not a RIFF WAVE file");
  }
  let format: Pick<WavInfo, "audioFormat" | "channels" | "sampleRate" | "bitsPerSample"> | undefined;
  let offset = RIFF_HEADER_BYTES;
  while (offset + CHUNK_HEADER_BYTES <= bytes.byteLength) {
    const id = fourCc(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + CHUNK_HEADER_BYTES;
    if (id === "fmt ") {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format) throw new Error("WAV data chunk comes before its fmt chunk");
      // Streaming writers leave a placeholder size; trust the bytes that are really there.
      const dataLength = Math.min(size, bytes.byteLength - body);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataOffset: body, dataLength, durationSeconds: dataLength / bytesPerSecond };
    }
    offset = body + size + (size % 2); // chunks are padded to an even length
  }
  throw new Error("WAV file has no data chunk");
}

/** The samples of a 16-bit PCM WAV, interleaved if it has several channels. */
export function readPcm16Samples(bytes: Uint8Array, info: WavInfo = parseWav(bytes)): Int16Array {
  if (info.audioFormat !== PCM_FORMAT || info.bitsPerSample !== 16) {
    throw new Error(`expected 16-bit PCM, got format ${info.audioFormat} with ${info.bitsPerSample} bits`);
  }
  const view = viewOf(bytes);
  const samples = new Int16Array(Math.floor(info.dataLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(info.dataOffset + i * 2, true);
  return samples;
}

export function measureLevels(samples: Int16Array): SampleLevels {
  if (samples.length === 0) return { rms: 0, peak: 0 };
  let sumOfSquares = 0;
  let peak = 0;
  for (const sample of samples) {
    sumOfSquares += sample * sample;
    peak = Math.max(peak, Math.abs(sample));
  }
  return { rms: Math.sqrt(sumOfSquares / samples.length) / PCM16_FULL_SCALE, peak: peak / PCM16_FULL_SCALE };
}

/** Linear interpolation is plenty for speech going to a voice-activity detector or a codec. Mono only. */
export function resampleLinear(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || samples.length === 0) return samples.slice();
  const outputLength = Math.max(1, Math.round((samples.length * toRate) / fromRate));
  const output = new Int16Array(outputLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outputLength; i++) {
    const position = i * step;
    const left = Math.min(Math.floor(position), samples.length - 1);
    const right = Math.min(left + 1, samples.length - 1);
    const fraction = position - left;
    output[i] = Math.round(samples[left] + (samples[right] - samples[left]) * fraction);
  }
  return output;
}

/** A canonical 44-byte-header WAV of 16-bit PCM. */
export function encodePcm16Wav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataLength = samples.length * 2;
  const file = Buffer.alloc(44 + dataLength);
  file.write("RIFF", 0, "ascii");
  file.writeUInt32LE(36 + dataLength, 4);
  file.write("WAVE", 8, "ascii");
  file.write("fmt ", 12, "ascii");
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(PCM_FORMAT, 20);
  file.writeUInt16LE(channels, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * channels * 2, 28);
  file.writeUInt16LE(channels * 2, 32);
  file.writeUInt16LE(16, 34);
  file.write("data", 36, "ascii");
  file.writeUInt32LE(dataLength, 40);
  for (let i = 0; i < samples.length; i++) file.writeInt16LE(samples[i], 44 + i * 2);
  return file;
}

/** Silence of the given length, to pad speech so a detector sees it start and end. */
export function silence(seconds: number, sampleRate: number): Int16Array {
  return new Int16Array(Math.round(Math.max(0, seconds) * sampleRate));
}
