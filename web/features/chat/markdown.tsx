/**
 * Assistant text as Markdown. Model output is untrusted, so marked's HTML always goes through
 * DOMPurify before it reaches the DOM; links open in a new tab without access to this one.
 * Each fenced code block gets a Copy button (rendered into the block by a portal, since the
 * sanitised HTML holds no buttons) and syntax colours from a highlighter loaded only once a
 * code block is on screen (code-highlight.ts, a chunk of its own). A table sits in a box of its
 * own that scrolls sideways, so a wide one never widens a phone's page.
 */
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { memo, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { MessageCopyButton } from "./message-copy-button";

const markdown = new Marked({ gfm: true, breaks: true, async: false });

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  // A link whose address the sanitiser dropped (javascript:, data:) is left as plain words.
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer nofollow");
  }
});

export function renderMarkdown(text: string): string {
  const html = markdown.parse(text) as string;
  return DOMPurify.sanitize(html, { FORBID_TAGS: ["style", "form", "input", "button"], FORBID_ATTR: ["style"] });
}

interface CodeBlock {
  /** Where the block's Copy button is rendered. */
  host: HTMLElement;
  text: string;
}

/** Memoised per text: a long transcript re-renders without re-parsing every old message. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const container = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  // Runs whenever React has put new HTML in (a streamed reply: on every delta), since that
  // replaces the wrappers and colours added to the blocks before.
  useLayoutEffect(() => {
    for (const table of container.current?.querySelectorAll("table") ?? []) frameTable(table);
    const codes = [...(container.current?.querySelectorAll<HTMLElement>("pre > code") ?? [])];
    const found = codes.map(wrapCodeBlock);
    // Most replies have no code: no second render for them.
    setBlocks((before) => (before.length === 0 && found.length === 0 ? before : found));
    if (codes.length === 0) return;
    let current = true;
    void import("./code-highlight").then(({ highlightCodeBlock }) => {
      if (current) for (const code of codes) if (code.isConnected) highlightCodeBlock(code);
    });
    return () => {
      current = false;
    };
  }, [html]);

  return (
    <>
      <div ref={container} className="markdown break-words" dangerouslySetInnerHTML={{ __html: html }} />
      {blocks.map((block, index) =>
        createPortal(
          <MessageCopyButton text={block.text} label="Copy code" className="code-copy" />,
          block.host,
          String(index),
        ),
      )}
    </>
  );
});

/** Puts a `<pre>` in a frame with a corner for its Copy button, and returns that corner. */
function wrapCodeBlock(code: HTMLElement): CodeBlock {
  const pre = code.parentElement as HTMLElement;
  const text = (code.textContent ?? "").replace(/\n$/, "");
  // Already framed (an effect run twice for the same HTML, as React's strict mode does).
  const framed = pre.parentElement?.classList.contains("code-block") ? pre.parentElement.lastElementChild : null;
  if (framed instanceof HTMLElement) return { host: framed, text };
  // A long line scrolls the block sideways: reachable by Tab, so the arrows can scroll it.
  pre.tabIndex = 0;
  const frame = document.createElement("div");
  frame.className = "code-block";
  pre.replaceWith(frame);
  frame.append(pre);
  const host = document.createElement("div");
  host.className = "code-block-actions";
  frame.append(host);
  return { host, text };
}

/**
 * Puts a `<table>` in a box that scrolls sideways when the table is wider than the bubble. The
 * box is a named region reachable by Tab (axe's scrollable-region-focusable), so the arrows can
 * scroll it; the table itself stays `display: table` and keeps its table semantics.
 */
function frameTable(table: HTMLTableElement): void {
  if (table.parentElement?.classList.contains("table-scroll")) return;
  const frame = document.createElement("div");
  frame.className = "table-scroll";
  frame.tabIndex = 0;
  frame.setAttribute("role", "region");
  frame.setAttribute("aria-label", "Table");
  table.replaceWith(frame);
  frame.append(table);
}
