/**
 * HTML → sections along its headings (h1–h6), with the page's <title> as the suggested title.
 * Navigation, scripts, styles and other furniture are dropped: a chunk of menu links would
 * match every question and answer none. Furniture is told by its tag (<nav>), its ARIA role
 * (a documentation generator's <div role="navigation">) or a class that names it ("sidebar").
 * Code in <pre> is read as text: its highlighting markup is tags, not words. mammoth's rendering
 * of a .docx comes through here too.
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
/** ARIA roles of page furniture: menus, search boxes, site-wide banners and footers. */
const FURNITURE_ROLES = new Set(["navigation", "search", "menu", "menubar", "banner", "contentinfo"]);
/** Class names of furniture in common generators (Sphinx, MkDocs, Docusaurus, WordPress themes). */
const FURNITURE_CLASSES = new Set([
  "sidebar",
  "sphinxsidebar",
  "navbar",
  "breadcrumb",
  "breadcrumbs",
  "headerlink",
  "skip-link",
  "footer",
]);

function isFurniture(node: HTMLElement, tag: string): boolean {
  if (SKIPPED.has(tag) || node.getAttribute("hidden") !== undefined || node.getAttribute("aria-hidden") === "true")
    return true;
  if (FURNITURE_ROLES.has(node.getAttribute("role")?.toLowerCase() ?? "")) return true;
  const classes = node.getAttribute("class");
  return classes !== undefined && classes.split(/\s+/).some((name) => FURNITURE_CLASSES.has(name.toLowerCase()));
}
const HEADING = /^h([1-6])$/;

function collapse(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** An element's text, leaving out furniture inside it (a heading's "¶" permalink). */
function textWithoutFurniture(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.text;
  if (!(node instanceof HTMLElement) || isFurniture(node, node.rawTagName?.toLowerCase() ?? "")) return "";
  return node.childNodes.map(textWithoutFurniture).join("");
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
    if (isFurniture(node, tag)) return;
    const heading = HEADING.exec(tag);
    if (heading) {
      this.endBlock();
      this.builder.heading(Number(heading[1]), textWithoutFurniture(node));
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
    // false: the element's text is dropped unparsed (a script's "<" is not markup). <pre> is
    // parsed like any element, so its highlighting <span>s are walked, not kept as text.
    blockTextElements: { script: false, style: false, noscript: false, template: false },
  });
  const walker = new HtmlWalker();
  const body = root.querySelector("body") ?? root;
  walker.walk(body, false);
  walker.endBlock();
  const sections = walker.builder.finish();
  const pageTitle = collapse(root.querySelector("title")?.text ?? "").trim();
  return { sections, title: pageTitle || walker.builder.firstTitle };
}
