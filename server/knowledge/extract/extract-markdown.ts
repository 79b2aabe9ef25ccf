/**
 * Markdown (and pasted text, which is often Markdown-ish) → sections along its headings.
 * ATX (# Title) and setext (Title / ====) headings count; a # inside a fenced code block does
 * not. Links and images keep only their words: the URL helps neither search nor the reader.
 */
import type { ExtractedSection } from "./extracted-section.js";
import { SectionBuilder } from "./section-builder.js";

export interface MarkdownExtraction {
  sections: ExtractedSection[];
  title: string | null;
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function plainInline(line: string): string {
  return line.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<!--.*?-->/g, "");
}

export function extractMarkdown(markdown: string): MarkdownExtraction {
  const builder = new SectionBuilder();
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      builder.text(line, "\n");
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      builder.text(line, "\n");
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      builder.heading(atx[1].length, plainInline(atx[2] ?? ""));
      continue;
    }
    const next = lines[index + 1];
    const previous = index > 0 ? lines[index - 1] : "";
    const underline = next === undefined ? null : SETEXT_UNDERLINE.exec(next);
    // A single-line paragraph underlined with = or - is a heading; "---" after a blank line is a rule.
    if (underline && line.trim() !== "" && previous.trim() === "") {
      builder.heading(underline[1][0] === "=" ? 1 : 2, plainInline(line));
      index++;
      continue;
    }
    builder.text(plainInline(line), "\n");
  }
  return { sections: builder.finish(), title: builder.firstTitle };
}
