/**
 * Assistant text as Markdown. Model output is untrusted, so marked's HTML always goes through
 * DOMPurify before it reaches the DOM; links open in a new tab without access to this one.
 */
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { memo, useMemo } from "react";

const markdown = new Marked({ gfm: true, breaks: true, async: false });

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer nofollow");
  }
});

export function renderMarkdown(text: string): string {
  const html = markdown.parse(text) as string;
  return DOMPurify.sanitize(html, { FORBID_TAGS: ["style", "form", "input", "button"], FORBID_ATTR: ["style"] });
}

/** Memoised per text: a long transcript re-renders without re-parsing every old message. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="markdown break-words" dangerouslySetInnerHTML={{ __html: html }} />;
});
