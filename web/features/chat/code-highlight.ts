/**
 * Syntax colours for the code blocks of a reply: highlight.js's core with the handful of
 * languages a business chat shows, imported by markdown.tsx only when a reply has a code block,
 * so it is a chunk of its own (~25 kB on the wire) that most chats never load. Unknown or
 * unnamed languages are guessed among these; hljs escapes the text it wraps in spans.
 */
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const languages = { bash, css, javascript, json, python, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

/** Colours one `<code>` of a `<pre>` in place; a block already coloured for its text is left alone. */
export function highlightCodeBlock(code: HTMLElement): void {
  const text = code.textContent ?? "";
  if (code.dataset["highlighted"] === text) return;
  const named = /(?:^|\s)language-([\w+#-]+)/.exec(code.className)?.[1];
  const result =
    named && hljs.getLanguage(named) ? hljs.highlight(text, { language: named }) : hljs.highlightAuto(text);
  code.innerHTML = result.value;
  code.classList.add("hljs");
  code.dataset["highlighted"] = text;
}
