import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { AUDIO_MAX_BYTES } from "../../contracts/limits.js";
import { LANGUAGE_CODES, SttUnavailableMessage, type LanguageCode } from "../../contracts/voice.js";
import { createOpenAiCompatibleStt } from "../providers/stt/openai-compatible-stt.js";
import { createOpenAiCompatibleTts } from "../providers/tts/openai-compatible-tts.js";
import { makeUser, type MadeUser } from "../test-support/factories.js";
import { FAKE_WAV, startFakeOpenAi, type FakeOpenAi } from "../test-support/fake-openai.js";
import { describeEachEngine, startTestApp, type TestApp } from "../test-support/test-app.js";
import { describeSpokenDataUrl, post, wavDataUrl } from "./voice-test-support.js";

/** A sentence in each language; the Japanese has kanji, which the embedded engine reads as kana. */
const SENTENCES: Record<LanguageCode, string> = {
  "en-US": "Thank you for calling, how can I help?",
  "es-ES": "Gracias por llamar, ¿en qué puedo ayudarle?",
  "fr-FR": "Merci de votre appel, comment puis-je vous aider?",
  "de-DE": "Danke für Ihren Anruf, wie kann ich helfen?",
  "it-IT": "Grazie per la chiamata, come posso aiutarla?",
  "pt-PT": "Obrigado pela sua chamada, como posso ajudar?",
  "ja-JP": "お電話ありがとうございます。",
  "ko-KR": "전화해 주셔서 감사합니다.",
  "zh-CN": "感谢您的来电。",
};

describeEachEngine("speech with the embedded engine and no STT server", (engine) => {
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    t = await startTestApp(engine);
    user = await makeUser(t);
  });
  afterAll(() => t.close());

  it.each(LANGUAGE_CODES.map((code) => [code]))("speaks %s as a playable, audible WAV data URL", async (language) => {
    const res = await post(t, user, "/api/tts", { text: SENTENCES[language], voice: "nova", language });
    expect(res.statusCode).toBe(200);
    expect(res.json().mimeType).toBe("audio/wav");
    const speech = describeSpokenDataUrl(res.json().audioUrl);
    expect(speech.durationSeconds).toBeGreaterThan(0.4);
    expect(speech.peak).toBeGreaterThan(0.1);
    expect(speech.rms).toBeGreaterThan(0.01);
  });

  it("guesses the language from the text when none is given", async () => {
    const guessed = await post(t, user, "/api/tts", { text: SENTENCES["de-DE"], voice: "echo" });
    const german = await post(t, user, "/api/tts", { text: SENTENCES["de-DE"], voice: "echo", language: "de-DE" });
    const english = await post(t, user, "/api/tts", { text: SENTENCES["de-DE"], voice: "echo", language: "en-US" });
    expect(guessed.json().audioUrl).toBe(german.json().audioUrl);
    expect(guessed.json().audioUrl).not.toBe(english.json().audioUrl);
  });

  it("refuses empty text and an unknown language with 400 and a message", async () => {
    const empty = await post(t, user, "/api/tts", { text: "  ", voice: "alloy" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/text is required/);
    const unknown = await post(t, user, "/api/tts", { text: "Hi there", voice: "alloy", language: "tlh" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/language must be one of/);
  });

  it("answers /api/stt with 503 and says the browser recognises speech instead", async () => {
    const res = await post(t, user, "/api/stt", { audioData: wavDataUrl(FAKE_WAV), language: "en-US" });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(SttUnavailableMessage);
  });

  it("reports its capabilities: no server STT, espeak-ng, the session length and no realtime engine", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/voice/capabilities", headers: { cookie: user.cookie } });
    expect(res.json()).toEqual({ serverStt: false, tts: "espeak-ng", sessionSeconds: 600, realtime: false });
  });
});

describeEachEngine("speech through OpenAI-compatible servers", (engine) => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let user: MadeUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(engine, {
      overrides: {
        tts: createOpenAiCompatibleTts({ baseUrl: fake.url, apiKey: "k", model: "tts-test", responseFormat: "wav" }),
        stt: createOpenAiCompatibleStt({ baseUrl: fake.url, apiKey: "k", model: "whisper-test" }),
      },
    });
    user = await makeUser(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setBehaviour({});
  });

  it("returns the service's audio as a data URL and sends it the voice", async () => {
    const res = await post(t, user, "/api/tts", { text: "Hello there.", voice: "echo", language: "en-US" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ audioUrl: wavDataUrl(FAKE_WAV), mimeType: "audio/wav" });
    expect(fake.requests[0]?.body).toMatchObject({ model: "tts-test", voice: "echo", input: "Hello there." });
  });

  it("sends the service the words of a markdown reply, without emoji or full web addresses", async () => {
    const text = "## Hello\n**Sure** 👋, see [our guide](https://docs.example.com/a) or https://www.example.com/help.";
    const res = await post(t, user, "/api/tts", { text, voice: "echo", language: "en-US" });
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]?.body).toMatchObject({ input: "Hello\nSure, see our guide or example.com." });
  });

  it("sends the service numbers and symbols as people say them, in the call's language", async () => {
    const res = await post(t, user, "/api/tts", { text: "Order #12345 ships 3/14.", voice: "echo", language: "en-US" });
    expect(res.statusCode).toBe(200);
    expect(fake.requests[0]?.body).toMatchObject({ input: "Order number 12345 ships March 14th." });
    await post(t, user, "/api/tts", { text: "3月14日、20%です", voice: "echo", language: "ja-JP" });
    expect(fake.requests[1]?.body).toMatchObject({ input: "さんがつじゅうよっか、20パーセントです" });
  });

  it("refuses with 400 text that is only markup and emoji, without calling the service", async () => {
    const res = await post(t, user, "/api/tts", { text: "**🎉** ---", voice: "echo" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nothing to speak/);
    expect(fake.requests).toHaveLength(0);
  });

  it("sends alloy when asked for a voice the service does not have", async () => {
    await post(t, user, "/api/tts", { text: "Hello there.", voice: "Brian" });
    expect(fake.requests[0]?.body).toMatchObject({ voice: "alloy" });
  });

  it("answers 502 with a message when the speech service fails", async () => {
    fake.setBehaviour({ failure: "http-500" });
    const res = await post(t, user, "/api/tts", { text: "Hello there.", voice: "nova" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Text-to-speech failed/);
  });

  it("transcribes a recording through the STT server, in the requested language", async () => {
    fake.setBehaviour({ transcriptText: "  Quisiera reservar una mesa.  " });
    const res = await post(t, user, "/api/stt", { audioData: wavDataUrl(FAKE_WAV), language: "es-ES" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: "Quisiera reservar una mesa." });
    const form = fake.requests[0]?.form;
    expect(form?.fields).toMatchObject({ model: "whisper-test", language: "es" });
    expect(form?.files["file"]?.filename).toBe("speech.wav");
    expect(form?.files["file"]?.bytes.equals(FAKE_WAV)).toBe(true);
  });

  it("answers 502 when transcription fails, and 413 or 400 for audio it will not send", async () => {
    fake.setBehaviour({ failure: "http-500" });
    const failed = await post(t, user, "/api/stt", { audioData: wavDataUrl(FAKE_WAV), language: "en-US" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/Speech-to-text failed/);

    const tooBig = `data:audio/webm;base64,${Buffer.alloc(AUDIO_MAX_BYTES + 3).toString("base64")}`;
    const big = await post(t, user, "/api/stt", { audioData: tooBig, language: "en-US" });
    expect(big.statusCode).toBe(413);
    const text = await post(t, user, "/api/stt", { audioData: "data:text/plain;base64,aGVsbG8=", language: "en-US" });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/must be audio/);
  });

  it("reports server STT and the OpenAI-compatible speech service in its capabilities", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/voice/capabilities", headers: { cookie: user.cookie } });
    expect(res.json()).toMatchObject({ serverStt: true, tts: "openai-compatible" });
  });
});
