/**
 * Turn-taking over the recorded set (`npm run bench:voice:clips`): every clip in
 * bench/voice-turn/clips/ (made by make-clips.ts) through the call's real turn-taking code
 * (clip-call.ts), with the goal of issue 27 beside the figures: 0 splits for pauses ≤ 1.2 s
 * inside a sentence, 0 interruptions by backchannels. Controls say the rules are not simply
 * deaf: a real objection must stop the reply, a finished question must be answered at once.
 *
 *   npm run bench:voice:clips -- [--stt-ms 0] [--reply-ms 0] [--only de-] [--verbose]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PAUSE_TOLERANCE_MS, UNFINISHED_WAIT_MS } from "../../web/features/voice/turn-listeners.js";
import { loadSilero, runClip, type ClipOutcome } from "./clip-call.js";
import { CLIP_DIR, type ClipManifest } from "./make-clips.js";

const { values } = parseArgs({
  options: {
    "stt-ms": { type: "string", default: "0" },
    "reply-ms": { type: "string", default: "0" },
    only: { type: "string", default: "" },
    verbose: { type: "boolean", default: false },
  },
});
const options = { sttMs: Number(values["stt-ms"]), replyMs: Number(values["reply-ms"]) };
const manifest = JSON.parse(readFileSync(`${CLIP_DIR}/manifest.json`, "utf8")) as ClipManifest;
const clips = manifest.clips.filter((c) => c.id.startsWith(values.only));
const model = await loadSilero();
const started = Date.now();
const outcomes: ClipOutcome[] = [];
for (const clip of clips) {
  const outcome = await runClip(model, clip, CLIP_DIR, options);
  outcomes.push(outcome);
  if (values.verbose || !outcome.passed)
    console.log(`${outcome.passed ? "ok  " : "FAIL"} ${outcome.id}  ${outcome.note || JSON.stringify(outcome.turns)}`);
}

const languages = [...new Set(outcomes.map((o) => o.language))];
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nTurn-taking over ${outcomes.length} recorded clips in ${languages.length} languages (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
console.log(
  `default settings: pause tolerance normal (${PAUSE_TOLERANCE_MS.normal} ms), unfinished wait ${UNFINISHED_WAIT_MS} ms; server answers after ${options.sttMs} ms, first reply audio ${options.replyMs} ms later`,
);
console.log(
  `${pad("language", 9)}${pad("pause clips", 13)}${pad("splits", 8)}${pad("backchannels", 14)}${pad("interruptions", 15)}controls passed`,
);
const count = (list: ClipOutcome[], kind: string, test: (o: ClipOutcome) => boolean) =>
  list.filter((o) => o.kind === kind && test(o)).length;
for (const language of languages) {
  const of = outcomes.filter((o) => o.language === language);
  const controls = of.filter((o) => o.kind === "interruption" || o.kind === "complete");
  console.log(
    `${pad(language, 9)}${pad(
      count(of, "pause", () => true),
      13,
    )}${pad(
      count(of, "pause", (o) => o.split),
      8,
    )}${pad(
      count(of, "backchannel", () => true),
      14,
    )}${pad(
      count(of, "backchannel", (o) => o.interrupted),
      15,
    )}${controls.filter((o) => o.passed).length}/${controls.length}`,
  );
}
const splits = count(outcomes, "pause", (o) => o.split);
const interruptions = count(outcomes, "backchannel", (o) => o.interrupted);
const pauseClips = count(outcomes, "pause", () => true);
const backchannelClips = count(outcomes, "backchannel", () => true);
const unanswered = count(outcomes, "pause", (o) => !o.split && !o.passed);
const controls = outcomes.filter((o) => o.kind === "interruption" || o.kind === "complete");
console.log(
  `\nsplits for pauses 0.5–1.2 s inside a sentence: ${splits} of ${pauseClips}   (goal 0: ${splits === 0 ? "met" : "NOT met"})`,
);
console.log(
  `interruptions by backchannels: ${interruptions} of ${backchannelClips}   (goal 0: ${interruptions === 0 ? "met" : "NOT met"})`,
);
console.log(
  `controls: ${controls.filter((o) => o.passed).length} of ${controls.length} (a real objection stops the reply; a finished question is answered without the extra wait)`,
);
if (unanswered > 0) console.log(`pause clips whose whole sentence was never answered: ${unanswered}`);
