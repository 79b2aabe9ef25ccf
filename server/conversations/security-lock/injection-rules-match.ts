// The rule stage of the prompt-injection detector. A hit locks the conversation for 30 minutes,
// so every rule here is written for precision first: a rule must need the *shape* of an attack
// (verb + the assistant's hidden instructions, a persona without rules, a forged turn), never
// just a scary word. Benign role-play ("pretend to be a customer") is allowed on purpose:
// sales-training users ask for it; only role changes that shed rules are flagged.
// Pure and synchronous; every regex is compiled once at module load.
import type { InjectionRule as Rule } from "./injection-rule.js";
import { EXTRACT_RULES } from "./injection-rules-extract.js";
import { OVERRIDE_RULES } from "./injection-rules-override.js";
import { FAKE_TURN_RULES, PERSONA_RULES } from "./injection-rules-persona.js";
import { decodedPayloads, normaliseForInjection } from "./injection-normalise.js";

const PLAIN_RULES: readonly Rule[] = [...FAKE_TURN_RULES, ...OVERRIDE_RULES, ...EXTRACT_RULES, ...PERSONA_RULES];

// Run on letters only, and only when the message spells words out letter by letter
// ("i g n o r e"), because squashing an innocent message could glue words into a phrase.
const SQUASHED_RULES: readonly Rule[] = [
  {
    id: "override:en",
    pattern:
      /(?:ignore|disregard|forget|override)(?:all|any|every|the|your|of)*(?:previous|prior|above|earlier|preceding|original|initial|system)+(?:instructions?|prompts?|directions|rules|guidelines)|(?:ignore|disregard|forget|override)(?:all|your)(?:instructions|prompts?|rules|guidelines)/,
  },
  {
    id: "extract:en",
    pattern:
      /(?:reveal|show|print|repeat|output|display|tell|what)\w*(?:system|initial|hidden|secret)prompt|(?:system|initial|hidden|secret)prompt\w*(?:reveal|show|print|display|repeat|output)/,
  },
];

function firstMatch(rules: readonly Rule[], text: string): string | undefined {
  for (const rule of rules) {
    if (rule.requires === undefined && rule.unless === undefined) {
      if (rule.pattern.test(text)) return rule.id;
      continue;
    }
    // The span regexes are global: judge every candidate span, not just the first. exec() on
    // the shared regex rather than matchAll(), which clones the regex on every call.
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(text); match !== null; match = rule.pattern.exec(text)) {
      const span = match[0];
      const head = match.groups?.head ?? span;
      const tail = match.groups?.tail ?? "";
      const qualified =
        rule.requires === undefined || rule.requires.test(head) || rule.requiresAfter?.test(tail) === true;
      if (!qualified) continue;
      if (rule.unless !== undefined && rule.unless.test(span)) continue;
      return rule.id;
    }
  }
  return undefined;
}

const LEET_FROM = "013457@$";
const LEET_TO = "oieastas";
const LEET_HINT = /[a-z][013457@$]|[013457@$][a-z]/;
const SPELLED_OUT = /\b(?:[a-z][ .\-_*]+){3,}[a-z]\b/g;
const ROT13_RULES: readonly Rule[] = [...OVERRIDE_RULES, ...EXTRACT_RULES].filter((r) => r.id.endsWith(":en"));

const ROT13_HINT = /vtaber|sbetrg|qvfertneq|bireevqr|flfgrz|cebzcg|vafgehpg|ehyrf|erirny/;

const rot13 = (text: string): string =>
  text.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));

function matchObfuscatedForms(text: string): string | undefined {
  if (LEET_HINT.test(text)) {
    const rule = firstMatch(
      PLAIN_RULES,
      text.replace(/[013457@$]/g, (c) => LEET_TO[LEET_FROM.indexOf(c)]),
    );
    if (rule !== undefined) return `obfuscated:leet>${rule}`;
  }
  if (text.search(SPELLED_OUT) !== -1) {
    const joined = text.replace(SPELLED_OUT, (run) => run.replace(/[ .\-_*]/g, ""));
    const rule = firstMatch(PLAIN_RULES, joined) ?? firstMatch(SQUASHED_RULES, joined.replace(/[^a-z]/g, ""));
    if (rule !== undefined) return `obfuscated:spelled-out>${rule}`;
  }
  // Rot13 only ever hides English key phrases, so only the English rules are tried, and only
  // when a rot13'd key word (ignore, forget, system, prompt, instructions...) is present.
  if (!ROT13_HINT.test(text)) return undefined;
  const rule = firstMatch(ROT13_RULES, rot13(text));
  return rule === undefined ? undefined : `obfuscated:rot13>${rule}`;
}

/** Id of the first rule that matches the message (e.g. "override:en", "encoded:base64>extract:en"), if any. */
export function matchInjectionRule(message: string): string | undefined {
  const text = normaliseForInjection(message);
  const rule = firstMatch(PLAIN_RULES, text) ?? matchObfuscatedForms(text);
  if (rule !== undefined) return rule;
  for (const payload of decodedPayloads(message.normalize("NFKC"))) {
    const inner = firstMatch(PLAIN_RULES, normaliseForInjection(payload.text));
    if (inner !== undefined) return `encoded:${payload.kind}>${inner}`;
  }
  return undefined;
}
