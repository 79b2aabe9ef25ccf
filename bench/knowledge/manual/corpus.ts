/**
 * The manual of the evaluation: Python 3.11's HTML documentation as Debian's python3.11-doc
 * package installs it. Read from the system, never committed. The pages are the tutorial, the
 * language reference, the library reference, the HOWTOs, the FAQ, "Python setup and usage" and
 * the glossary: a manual a company could upload, without the generated indexes and changelogs.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export const MANUAL_ROOT = process.env.KNOWLEDGE_MANUAL_ROOT ?? "/usr/share/doc/python3.11/html";
const SECTIONS = ["tutorial", "reference", "library", "howto", "faq", "using"];
const TOP_LEVEL_PAGES = ["glossary.html"];

export const HOW_TO_INSTALL =
  `The manual evaluation reads Python 3.11's documentation from ${MANUAL_ROOT}. ` +
  "Install it with `apt-get install -y python3.11-doc` (Debian/Ubuntu), or point KNOWLEDGE_MANUAL_ROOT at a copy.";

export interface ManualPage {
  /** The page's path under the root without ".html": what questions are labelled with. */
  key: string;
  fileName: string;
  bytes: Uint8Array;
}

export function manualInstalled(): boolean {
  return existsSync(join(MANUAL_ROOT, "library", "functools.html"));
}

/** Every page, in a fixed order (sorted by key), so runs and samples are repeatable. */
export async function loadManualPages(): Promise<ManualPage[]> {
  const files: string[] = [...TOP_LEVEL_PAGES];
  for (const section of SECTIONS) {
    for (const name of await readdir(join(MANUAL_ROOT, section))) {
      if (name.endsWith(".html")) files.push(`${section}/${name}`);
    }
  }
  files.sort();
  return Promise.all(
    files.map(async (file) => ({
      key: file.replace(/\.html$/, ""),
      fileName: file,
      bytes: new Uint8Array(await readFile(join(MANUAL_ROOT, file))),
    })),
  );
}
