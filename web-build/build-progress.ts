/**
 * Vite build plugin: says what the web build is doing while it runs, a line every few seconds
 * (modules read so far, then chunking, compressing, writing). `npm start` builds on its first
 * run with `--logLevel warn`, and a minute of silence reads as a hang (issue 20).
 */
import type { Plugin } from "vite";

const EVERY_MS = 3000;

export function buildProgress(print: (line: string) => void = (line) => console.log(line)): Plugin {
  let started = 0;
  let modules = 0;
  let lastPrinted = 0;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const step = (what: string) => {
    lastPrinted = Date.now();
    print(`  web build: ${what} (${elapsed()})`);
  };
  return {
    name: "agentdesk-build-progress",
    apply: "build",
    buildStart() {
      started = Date.now();
      lastPrinted = started;
      modules = 0;
      print("  web build: reading the sources…");
    },
    transform() {
      modules += 1;
      if (Date.now() - lastPrinted >= EVERY_MS) step(`${modules.toLocaleString("en")} modules read`);
      return null;
    },
    renderStart() {
      step(`${modules.toLocaleString("en")} modules read; splitting them into chunks…`);
    },
    generateBundle() {
      step("minified; compressing and writing the files…");
    },
    closeBundle() {
      step("done");
    },
  };
}
