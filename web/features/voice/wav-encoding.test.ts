import { describe, expect, it } from "vitest";
import { parseWav, readPcm16Samples } from "../../../server/providers/tts/wav";
import { encodeWav, wavDataUrl } from "./wav-encoding";

describe("encoding the detector's samples as WAV", () => {
  it("writes 16 kHz mono 16-bit PCM that the server's WAV reader decodes back to the same samples", () => {
    const samples = new Float32Array([0, 0.5, -0.5, 1, -1, 2]);
    const wav = Buffer.from(encodeWav(samples));
    const info = parseWav(wav);
    expect(info).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, audioFormat: 1 });
    expect(Array.from(readPcm16Samples(wav, info))).toEqual([0, 16383, -16384, 32767, -32768, 32767]);
  });

  it("makes a base64 data URL of an audio type, even for a long recording", () => {
    const url = wavDataUrl(new Float32Array(16_000 * 30));
    expect(url.startsWith("data:audio/wav;base64,UklGR")).toBe(true);
    expect(Buffer.from(url.split(",")[1], "base64").length).toBe(44 + 16_000 * 30 * 2);
  });
});
