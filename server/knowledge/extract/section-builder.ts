/**
 * Gathers a structured document's text into sections, one per heading, each located by its
 * heading path ("Returns › Refunds"). Used by the HTML (and so .docx) and Markdown readers.
 * A heading with no text of its own before the next heading makes no section: its words live
 * on in the location of the headings under it, and a chunk of nothing but a title would only
 * crowd out real passages in retrieval.
 */
import type { ExtractedSection } from "./extracted-section.js";

export const HEADING_SEPARATOR = " › ";

interface Heading {
  level: number;
  text: string;
}

export class SectionBuilder {
  readonly sections: ExtractedSection[] = [];
  private readonly path: Heading[] = [];
  private blocks: string[] = [];
  private hasBody = false;
  private firstTopHeading: string | null = null;

  heading(level: number, rawText: string): void {
    const text = rawText.replace(/\s+/g, " ").trim();
    if (text === "") return;
    this.flush();
    while (this.path.length > 0 && this.path[this.path.length - 1].level >= level) this.path.pop();
    this.path.push({ level, text });
    if (level === 1 && this.firstTopHeading === null) this.firstTopHeading = text;
    // The heading opens its section's text, so a search for its words finds the passage.
    this.blocks = [text];
  }

  /** A block of body text; `separator` is what stands between it and the previous block. */
  text(block: string, separator = "\n\n"): void {
    if (block.trim() !== "") this.hasBody = true;
    if (this.blocks.length === 0) this.blocks.push(block);
    else this.blocks.push(separator, block);
  }

  /** The title of the first top-level heading, for documents without a title of their own. */
  get firstTitle(): string | null {
    return this.firstTopHeading;
  }

  finish(): ExtractedSection[] {
    this.flush();
    return this.sections;
  }

  private flush(): void {
    if (this.hasBody) {
      const location = this.path.length > 0 ? this.path.map((heading) => heading.text).join(HEADING_SEPARATOR) : null;
      this.sections.push({ text: this.blocks.join("").trim(), location });
    }
    this.blocks = [];
    this.hasBody = false;
  }
}
