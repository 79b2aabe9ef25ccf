/**
 * The offline outcome extractor (issue 26): fills an agent's outcome fields from a
 * conversation's text with rules alone, so every conversation gets an outcome even with no
 * model configured, and says which fields it could not fill. Values come from what the user
 * said, never from the agent's own messages (an agent quoting a price is not the user's
 * budget); yes/no fields read the user's answer to the agent's question about that field.
 */
import type { OutcomeField, OutcomeValue, OutcomeVerdict } from "../../contracts/outcomes.js";
import { fold, readAmounts, readDates, readEmails, readNames, readPhones, readYesNo } from "./offline-patterns.js";

export interface TranscriptMessage {
  role: "user" | "assistant";
  content: string;
  language?: string | null;
}

export interface OfflineExtraction {
  values: Record<string, OutcomeValue>;
  unfilled: string[];
  summary: string;
  success: OutcomeVerdict;
}

const NAME_FIELD = /\b(name|nombre|nom|nome|vorname|nachname)\b|名前|이름|姓名|名字/;
/** Words in a field's name or description that say nothing about its topic. */
const TOPIC_STOPWORDS = new Set(
  "would could should does did the person user customer caller they them their like wants want with from that this what which have has been about for and your you".split(
    " ",
  ),
);

export function extractOffline(p: {
  fields: OutcomeField[];
  messages: TranscriptMessage[];
  language: string;
  referenceDate: Date;
}): OfflineExtraction {
  const userTexts = p.messages.filter((m) => m.role === "user").map((m) => m.content);
  const values: Record<string, OutcomeValue> = {};
  const unfilled: string[] = [];
  for (const field of p.fields) {
    const value = extractField(field, p, userTexts);
    if (value === null) unfilled.push(field.name);
    else values[field.name] = value;
  }
  return { values, unfilled, summary: offlineSummary(p.messages, values), success: "unclear" };
}

function extractField(
  field: OutcomeField,
  p: { messages: TranscriptMessage[]; language: string; referenceDate: Date },
  userTexts: string[],
): OutcomeValue {
  const first = <T>(read: (text: string) => T[]): T | null => {
    for (const text of userTexts) {
      const [found] = read(text);
      if (found !== undefined) return found;
    }
    return null;
  };
  switch (field.type) {
    case "email":
      return first(readEmails);
    case "phone":
      return first(readPhones);
    case "date":
      return first((t) => readDates(t, { language: p.language, referenceYear: p.referenceDate.getUTCFullYear() }));
    case "number":
      return first(readAmounts);
    case "text":
      return NAME_FIELD.test(fold(`${field.name.replace(/_/g, " ")} ${field.description}`)) ? first(readNames) : null;
    case "yes/no":
      return answerToQuestionAbout(field, p.messages);
    case "choice":
      return mentionedOption(field, userTexts);
  }
}

/** The user's yes or no right after the agent's last question about the field's topic. */
function answerToQuestionAbout(field: OutcomeField, messages: TranscriptMessage[]): boolean | null {
  const topic = topicWords(field);
  let answer: boolean | null = null;
  messages.forEach((m, i) => {
    if (m.role !== "assistant" || !/[?？]/.test(m.content)) return;
    const asked = fold(m.content);
    if (!topic.some((w) => asked.includes(w))) return;
    const reply = messages[i + 1];
    if (reply?.role !== "user") return;
    const said = readYesNo(reply.content);
    if (said !== null) answer = said;
  });
  return answer;
}

function topicWords(field: OutcomeField): string[] {
  const words = fold(`${field.name} ${field.description}`)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4 && !TOPIC_STOPWORDS.has(w));
  return [...new Set(words)];
}

/** The one option the user named; two different ones named is ambiguous, so nothing. */
function mentionedOption(field: OutcomeField, userTexts: string[]): string | null {
  const said = fold(userTexts.join("\n"));
  const named = (field.options ?? []).filter((o) =>
    new RegExp(`(?<![\\p{L}])${fold(o).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(said),
  );
  return named.length === 1 ? named[0]! : null;
}

/** Without a model there is no real summary: what was asked first, and what was filled. */
function offlineSummary(messages: TranscriptMessage[], values: Record<string, OutcomeValue>): string {
  const opening = messages.find((m) => m.role === "user")?.content.trim() ?? "";
  const asked = opening.length > 160 ? `${opening.slice(0, 157)}…` : opening;
  const filled = Object.keys(values);
  const parts = [`${messages.length} messages.`];
  if (asked) parts.push(`The person opened with: "${asked}"`);
  parts.push(filled.length ? `Recorded: ${filled.join(", ")}.` : "Nothing recorded.");
  return parts.join(" ");
}
