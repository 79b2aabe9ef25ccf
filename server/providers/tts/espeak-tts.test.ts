import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LanguageCode } from "../../../contracts/voice.js";
import { createEspeakTts, type EspeakTts } from "./espeak-tts.js";
import { containsKanji } from "./japanese-kana.js";
import { makeSpeechWav } from "./speech-wav.js";
import { measureLevels, parseWav, readPcm16Samples } from "./wav.js";

/** A call-centre greeting in each language; the Japanese kanji are read as kana first. */
const GREETINGS: Record<LanguageCode, string> = {
  "en-US": "Hello, thank you for calling. How can I help you today?",
  "es-ES": "Hola, gracias por llamar. ¿En qué puedo ayudarle hoy?",
  "fr-FR": "Bonjour, merci de votre appel. Comment puis-je vous aider?",
  "de-DE": "Guten Tag, danke für Ihren Anruf. Wie kann ich Ihnen helfen?",
  "it-IT": "Buongiorno, grazie per la chiamata. Come posso aiutarla?",
  "pt-PT": "Olá, obrigado pela sua chamada. Como posso ajudar?",
  "ja-JP": "こんにちは、お電話ありがとうございます。",
  "ko-KR": "안녕하세요, 전화해 주셔서 감사합니다.",
  "zh-CN": "你好,感谢您的来电。",
};

function describeSpeech(audio: Buffer): { durationSeconds: number; peak: number; rms: number; sampleRate: number } {
  const info = parseWav(audio);
  expect(info).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16 });
  return {
    ...measureLevels(readPcm16Samples(audio, info)),
    durationSeconds: info.durationSeconds,
    sampleRate: info.sampleRate,
  };
}

describe("espeak-ng text-to-speech", () => {
  let tts: EspeakTts;

  beforeAll(async () => {
    tts = createEspeakTts();
    await tts.warmUp();
  }, 20_000);

  afterAll(async () => {
    await tts.close();
  });

  it.each(Object.entries(GREETINGS) as [LanguageCode, string][])(
    "speaks a %s greeting as an audible WAV",
    async (language, text) => {
      const { audio, mimeType } = await tts.synthesize({ text, language, voice: "alloy" });
      expect(mimeType).toBe("audio/wav");
      const speech = describeSpeech(audio);
      expect(speech.durationSeconds).toBeGreaterThan(0.3);
      expect(speech.peak).toBeGreaterThan(0.1);
      expect(speech.rms).toBeGreaterThan(0.01);
    },
  );

  it("speaks a kanji sentence as kana: no character names, and no longer than twice its kana spelling", async () => {
    const request = { language: "ja-JP", voice: "alloy" } as const;
    const kanji = await tts.trace({ ...request, text: "東京都の天気は晴れです。明日の会議は午前十時から始まります。" });
    const kana = await tts.trace({
      ...request,
      text: "とうきょうとのてんきははれです。あしたのかいぎはごぜんじゅうじからはじまります。",
    });
    expect(containsKanji(kanji.spokenText)).toBe(false);
    expect(kanji.phonemes).toMatch(/\p{L}/u);
    // espeak's English for a character it cannot read: "Chinese letter", "Japanese letter".
    expect(kanji.phonemes).not.toMatch(/tS'aIni:z|dZ'ap@ni:z/);
    const kanjiSeconds = describeSpeech(kanji.audio).durationSeconds;
    const kanaSeconds = describeSpeech(kana.audio).durationSeconds;
    console.log(`Japanese: kanji sentence ${kanjiSeconds.toFixed(2)} s, its kana spelling ${kanaSeconds.toFixed(2)} s`);
    expect(kanjiSeconds).toBeLessThanOrEqual(2 * kanaSeconds);
  });

  it("answers a repeated phrase from the cache with the same audio", async () => {
    const request = { text: "Welcome back, it is good to hear from you.", language: "en-US", voice: "nova" } as const;
    const first = await tts.synthesize(request);
    // An already-aborted request can only be answered from the cache: a worker would be cancelled.
    const second = await tts.synthesize({ ...request, signal: AbortSignal.abort() });
    expect(second.audio.equals(first.audio)).toBe(true);
  });

  it("completes two concurrent requests", async () => {
    const [english, german] = await Promise.all([
      tts.synthesize({ text: "One moment please.", language: "en-US", voice: "echo" }),
      tts.synthesize({ text: "Einen Moment bitte.", language: "de-DE", voice: "shimmer" }),
    ]);
    expect(describeSpeech(english.audio).durationSeconds).toBeGreaterThan(0.3);
    expect(describeSpeech(german.audio).durationSeconds).toBeGreaterThan(0.3);
  });

  it("gives a male and a female voice different audio", async () => {
    const text = "Your appointment is confirmed for Tuesday.";
    const male = await tts.synthesize({ text, language: "en-US", voice: "echo" });
    const female = await tts.synthesize({ text, language: "en-US", voice: "nova" });
    expect(male.audio.equals(female.audio)).toBe(false);
  });

  it("rejects an aborted request and keeps serving the next one", async () => {
    const controller = new AbortController();
    const aborted = tts.synthesize({
      text: "This reply is no longer wanted.",
      language: "en-US",
      voice: "alloy",
      signal: controller.signal,
    });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    const next = await tts.synthesize({ text: "But this one is.", language: "en-US", voice: "alloy" });
    expect(describeSpeech(next.audio).peak).toBeGreaterThan(0.1);
  });

  it("builds a 48 kHz fake-microphone WAV with silence around the speech", async () => {
    const wav = await makeSpeechWav({
      text: "Hello there, how are you today",
      tts,
      silenceBeforeSeconds: 1,
      silenceAfterSeconds: 2,
    });
    const info = parseWav(wav);
    const samples = readPcm16Samples(wav, info);
    expect(info.sampleRate).toBe(48_000);
    expect(info.durationSeconds).toBeGreaterThan(3.3);
    expect(measureLevels(samples.subarray(0, 48_000)).peak).toBe(0);
    expect(measureLevels(samples.subarray(samples.length - 2 * 48_000)).peak).toBe(0);
    expect(measureLevels(samples.subarray(48_000, samples.length - 2 * 48_000)).peak).toBeGreaterThan(0.1);
  });
});
