/**
 * Seconds of speech a voice turn heard and spoke: measured from the audio when it is WAV (the
 * web app records WAV; the embedded speech engine speaks WAV), estimated from the words at a
 * conversational pace when it is another container or the browser spoke it.
 */
import { parseAudioDataUrl } from "../../contracts/voice.js";
import { parseWav } from "../providers/tts/wav.js";

/** About 150 words a minute; Chinese and Japanese about 5 characters a second. */
const WORDS_PER_SECOND = 2.5;
const CJK_CHARACTERS_PER_SECOND = 5;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu;

export function estimateSpeechSeconds(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, " ").trim().split(/\s+/).filter(Boolean).length;
  return round(words / WORDS_PER_SECOND + cjk / CJK_CHARACTERS_PER_SECOND);
}

/** The duration of a WAV data URL; null for anything else or a header that does not parse. */
export function dataUrlSeconds(dataUrl: string): number | null {
  const parsed = parseAudioDataUrl(dataUrl);
  if ("problem" in parsed || !parsed.mimeType.includes("wav")) return null;
  try {
    return round(parseWav(Buffer.from(parsed.base64, "base64")).durationSeconds);
  } catch {
    return null;
  }
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;
