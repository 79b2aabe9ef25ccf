/**
 * HTML → sections along its headings (h1–h6), with the page's <title> as the suggested title.
 * Navigation, scripts, styles and other furniture are dropped: a chunk of menu links would
 * match every question and answer none. mammoth's rendering of a .docx comes through here too.
 */
import { HTMLElement, NodeType, parse, type Node } from "node-html-parser";
import type { ExtractedSection } from "./extracted-section.js";
import { SectionBuilder } from "./section-builder.js";

export interface HtmlExtraction {
  sections: ExtractedSection[];
  title: string | null;
}

const SKIPPED = new Set([
  "head",
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "svg",
  "canvas",
  "iframe",
  "object",
  "embed",
  "select",
  "button",
]);
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hr",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul",
]);
const CELLS = new Set(["td", "th"]);
const HEADING = /^h([1-6])$/;

function collapse(text: string): string {
  return text.replace(/\s+/g, " ");
}

class HtmlWalker {
  readonly builder = new SectionBuilder();
  private inline = "";

  walk(node: Node, preformatted: boolean): void {
    if (node.nodeType === NodeType.TEXT_NODE) {
      this.inline += preformatted ? node.text : collapse(node.text);
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const tag = node.rawTagName?.toLowerCase() ?? "";
    if (SKIPPED.has(tag) || node.getAttribute("hidden") !== undefined || node.getAttribute("aria-hidden") === "true")
      return;
    const heading = HEADING.exec(tag);
    if (heading) {
      this.endBlock();
      this.builder.heading(Number(heading[1]), node.text);
      return;
    }
    if (tag === "br") {
      this.inline += "\n";
      return;
    }
    if (tag === "img") {
      const alt = node.getAttribute("alt")?.trim();
      if (alt) this.inline += ` ${alt} `;
      return;
    }
    if (CELLS.has(tag) && this.inline.trim() !== "") this.inline += " | ";
    const block = BLOCKS.has(tag);
    if (block) this.endBlock();
    for (const child of node.childNodes) this.walk(child, preformatted || tag === "pre");
    if (block) this.endBlock();
  }

  endBlock(): void {
    const text = this.inline
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .trim();
    this.inline = "";
    if (text !== "") this.builder.text(text);
  }
}

export function extractHtml(html: string): HtmlExtraction {
  const root = parse(html, {
    comment: false,
    // false: the element's text is dropped unparsed (a script's "<" is not markup).
    blockTextElements: { script: false, style: false, noscript: false, template: false, pre: true },
  });
  const walker = new HtmlWalker();
  const body = root.querySelector("body") ?? root;
  walker.walk(body, false);
  walker.endBlock();
  const sections = walker.builder.finish();
  const pageTitle = collapse(root.querySelector("title")?.text ?? "").trim();
  return { sections, title: pageTitle || walker.builder.firstTitle };
}
