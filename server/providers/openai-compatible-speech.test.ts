import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_WAV, startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { createOpenAiCompatibleStt } from "./stt/openai-compatible-stt.js";
import { createOpenAiCompatibleTts } from "./tts/openai-compatible-tts.js";

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({});
});

describe("the OpenAI-compatible text-to-speech provider", () => {
  const makeTts = () =>
    createOpenAiCompatibleTts({ baseUrl: fake.url, apiKey: "test-key", model: "tts-test", responseFormat: "wav" });

  it("returns the audio bytes and content type the service sent", async () => {
    const speech = await makeTts().synthesize({ text: "Hello there.", voice: "nova", language: "en-US" });

    expect(speech.mimeType).toBe("audio/wav");
    expect(speech.audio.equals(FAKE_WAV)).toBe(true);
    expect(speech.audio.subarray(0, 4).toString("ascii")).toBe("RIFF");
  });

  it("sends the model, voice, text and format", async () => {
    await makeTts().synthesize({ text: "Guten Tag.", voice: "echo", language: "de-DE" });

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe("/v1/audio/speech");
    expect(fake.requests[0]?.body).toEqual({
      model: "tts-test",
      voice: "echo",
      input: "Guten Tag.",
      response_format: "wav",
    });
  });

  it("fails with a readable error, once, when the service answers 500", async () => {
    fake.setBehaviour({ failure: "http-500" });

    await expect(makeTts().synthesize({ text: "Hi", voice: "alloy", language: "en-US" })).rejects.toThrow(
      /Text-to-speech failed: 500/,
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe("the OpenAI-compatible speech-to-text provider", () => {
  const makeStt = () => createOpenAiCompatibleStt({ baseUrl: fake.url, apiKey: "test-key", model: "whisper-test" });
  const recording = Buffer.from("pretend this is webm audio");

  it("sends the audio as multipart with the model and the ISO-639-1 language", async () => {
    await makeStt().transcribe({ audio: recording, mimeType: "audio/webm;codecs=opus", language: "de-DE" });

    expect(fake.requests).toHaveLength(1);
    const form = fake.requests[0]?.form;
    expect(fake.requests[0]?.path).toBe("/v1/audio/transcriptions");
    expect(form?.fields).toMatchObject({ model: "whisper-test", language: "de" });
    expect(form?.files["file"]?.filename).toBe("speech.webm");
    expect(form?.files["file"]?.bytes.equals(recording)).toBe(true);
  });

  it("returns the transcribed text", async () => {
    fake.setBehaviour({ transcriptText: "  Wie spät ist es?  " });

    const text = await makeStt().transcribe({ audio: recording, mimeType: "audio/webm", language: "de-DE" });

    expect(text).toBe("Wie spät ist es?");
  });

  it("fails with a readable error when the service answers 500", async () => {
    fake.setBehaviour({ failure: "http-500" });

    await expect(makeStt().transcribe({ audio: recording, mimeType: "audio/ogg", language: "en-US" })).rejects.toThrow(
      /Transcription failed: 500/,
    );
  });
});
