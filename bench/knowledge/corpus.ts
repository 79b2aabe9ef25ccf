/**
 * The bench's documents as an upload would bring them: file name, declared type and bytes.
 * The manual is laid out as a PDF here, at run time, from its text source.
 */
import { readFile } from "node:fs/promises";
import { buildManualPdf } from "./manual-pdf.js";
import type { CorpusDocument } from "./questions.js";

export interface CorpusFile {
  key: CorpusDocument;
  title: string;
  fileName: string;
  declaredType: string;
  bytes: Uint8Array;
}

const corpusPath = (name: string) => new URL(`./corpus/${name}`, import.meta.url);

async function readCorpus(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(corpusPath(name)));
}

export async function loadCorpus(): Promise<CorpusFile[]> {
  const manualTitle = "Nimbus R7 User Manual";
  const manual = await buildManualPdf(await readFile(corpusPath("manual.txt"), "utf8"), manualTitle);
  return [
    {
      key: "manual",
      title: manualTitle,
      fileName: "nimbus-r7-manual.pdf",
      declaredType: "application/pdf",
      bytes: manual,
    },
    {
      key: "pricing",
      title: "Prices and plans",
      fileName: "pricing.html",
      declaredType: "text/html",
      bytes: await readCorpus("pricing.html"),
    },
    {
      key: "returns-en",
      title: "Returns and refunds policy (US and Canada)",
      fileName: "returns-en.md",
      declaredType: "text/markdown",
      bytes: await readCorpus("returns-en.md"),
    },
    {
      key: "returns-es",
      title: "Política de devoluciones (España)",
      fileName: "returns-es.md",
      declaredType: "text/markdown",
      bytes: await readCorpus("returns-es.md"),
    },
    {
      key: "faq",
      title: "Help centre FAQ",
      fileName: "faq.md",
      declaredType: "text/markdown",
      bytes: await readCorpus("faq.md"),
    },
  ];
}

/** Whitespace collapsed, so a label matches a passage whatever line breaks extraction kept. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
