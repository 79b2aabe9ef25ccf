/**
 * An agent's reply as Markdown, with the renderer (marked + DOMPurify, ~20 kB on the wire)
 * loaded the first time a reply is shown rather than with the chat page: a new conversation
 * never needs it. Until it arrives the reply shows as plain text, which is what it is anyway.
 */
import { lazy, Suspense } from "react";

const Markdown = lazy(() => import("./markdown").then((module) => ({ default: module.Markdown })));

export function AssistantText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}
