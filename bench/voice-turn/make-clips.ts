/**
 * Makes the recorded turn-taking set (clip-set.ts) with the app's own espeak-ng: each part is
 * spoken, resampled to 16 kHz mono, trimmed of espeak's quiet lead-in and tail, and joined with
 * the clip's pause; a backchannel is scaled to its level. sox would do the joining, padding and
 * gain; it is not installed here, so these few lines of Node stand in for it. A faint noise
 * floor (≈ −66 dBFS, seeded, so the files are the same on every run) keeps every 32 ms frame
 * distinct, which the bench's transcriber uses to tell which words a piece of audio holds.
 *
 *   npx tsx bench/voice-turn/make-clips.ts   → bench/voice-turn/clips/*.wav + manifest.json
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { VOICE_LANGUAGES } from "../../contracts/voice-languages.js";
import { createEspeakTts } from "../../server/providers/tts/espeak-tts.js";
import { encodePcm16Wav, parseWav, readPcm16Samples, resampleLinear } from "../../server/providers/tts/wav.js";
import { clipSet, EXPECTED } from "./clip-set.js";

export const CLIP_RATE = 16_000;
export const CLIP_DIR = join(dirname(fileURLToPath(import.meta.url)), "clips");
/** Quiet kept before the first word and after the last. */
const EDGE_SECONDS = 0.15;
/** Below this a 16-bit sample is espeak's own silence. */
const QUIET = 300;
const NOISE_AMPLITUDE = 16;

export interface ClipPart {
  text: string;
  /** Sample range of this part's speech in the file. */
  start: number;
  end: number;
}

export interface ClipEntry {
  id: string;
  file: string;
  language: string;
  kind: string;
  text: string;
  parts: ClipPart[];
  pauseSeconds: number | null;
  at: string | null;
  gainDb: number | null;
  expected: string;
  seconds: number;
}

export interface ClipManifest {
  sampleRate: number;
  made: string;
  note: string;
  clips: ClipEntry[];
}

function trimQuiet(samples: Int16Array): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < QUIET) start++;
  while (end > start && Math.abs(samples[end - 1]) < QUIET) end--;
  return samples.subarray(start, end);
}

/** A small linear congruential generator: the same noise on every run. */
function noise(length: number, seed: number): Int16Array {
  const out = new Int16Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    out[i] = Math.round(((state / 2 ** 32) * 2 - 1) * NOISE_AMPLITUDE);
  }
  return out;
}

async function main(): Promise<void> {
  const tts = createEspeakTts({ cacheEntries: 0 });
  rmSync(CLIP_DIR, { recursive: true, force: true });
  mkdirSync(CLIP_DIR, { recursive: true });
  const entries: ClipEntry[] = [];
  try {
    for (const [index, spec] of clipSet().entries()) {
      const voice = VOICE_LANGUAGES.find((l) => l.code === spec.language)?.voice ?? "alloy";
      const gain = 10 ** ((spec.gainDb ?? 0) / 20);
      const spoken: Int16Array[] = [];
      for (const text of spec.parts) {
        const { audio } = await tts.synthesize({ text, language: spec.language, voice });
        const info = parseWav(audio);
        const speech = trimQuiet(resampleLinear(readPcm16Samples(audio, info), info.sampleRate, CLIP_RATE));
        spoken.push(speech.map((s) => Math.round(s * gain)));
      }
      const edge = Math.round(EDGE_SECONDS * CLIP_RATE);
      const gap = Math.round((spec.pauseSeconds ?? 0) * CLIP_RATE);
      const length = 2 * edge + spoken.reduce((n, s) => n + s.length, 0) + gap * (spoken.length - 1);
      const samples = noise(length, index + 1);
      const parts: ClipPart[] = [];
      let at = edge;
      spoken.forEach((speech, i) => {
        if (i > 0) at += gap;
        for (let j = 0; j < speech.length; j++)
          samples[at + j] = Math.max(-32768, Math.min(32767, speech[j] + samples[at + j]));
        parts.push({ text: spec.parts[i], start: at, end: at + speech.length });
        at += speech.length;
      });
      const file = `${spec.id}.wav`;
      writeFileSync(join(CLIP_DIR, file), encodePcm16Wav(samples, CLIP_RATE));
      entries.push({
        id: spec.id,
        file,
        language: spec.language,
        kind: spec.kind,
        text: spec.parts.join(spec.language.startsWith("ja") || spec.language.startsWith("zh") ? "" : " "),
        parts,
        pauseSeconds: spec.pauseSeconds ?? null,
        at: spec.at ?? null,
        gainDb: spec.gainDb ?? null,
        expected: EXPECTED[spec.kind],
        seconds: Math.round((length / CLIP_RATE) * 100) / 100,
      });
    }
  } finally {
    await tts.close();
  }
  const manifest: ClipManifest = {
    sampleRate: CLIP_RATE,
    made: "espeak-ng (the app's embedded engine), joined and scaled in Node in place of sox; bench/voice-turn/make-clips.ts",
    note: "16-bit PCM mono. parts[].start/end: sample range of each spoken part. Run: npm run bench:voice:clips",
    clips: entries,
  };
  writeFileSync(join(CLIP_DIR, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = entries.reduce((n, e) => n + e.seconds * CLIP_RATE * 2, 0);
  console.log(`${entries.length} clips, ${(bytes / 1e6).toFixed(1)} MB, in ${CLIP_DIR}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
