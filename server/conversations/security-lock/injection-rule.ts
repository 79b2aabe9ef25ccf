/** The shape of one injection rule, shared by the rule tables and the detector. */

export interface InjectionRule {
  id: string;
  pattern: RegExp;
  /** The span (its `head` group up to the noun, if any) must also contain this (e.g. "previous", "your"). */
  requires?: RegExp;
  /** ...or its `tail` group, after the noun, contains this. Possessives never count after the noun:
   * in "override the filters to fit your project" the "your" belongs to another phrase. */
  requiresAfter?: RegExp;
  /** ...and must not contain this (e.g. "my previous instructions": the user's own). */
  unless?: RegExp;
}

// A span: verb, up to four words, a rule-like noun, and a few words after it so that
// "instructions above" / "instructions I gave you" can be judged by requires/unless.
export const overrideSpan = (verbs: string, nouns: string): RegExp =>
  new RegExp(
    `\\b(?<head>(?:${verbs})\\s+(?:[\\w'-]+\\s+){0,4}?\\w*(?:${nouns})\\b)(?<tail>(?:,?\\s+[\\w'-]+){0,3})`,
    "g",
  );

export const EN_NOUN =
  "instructions?|prompts?|directions|rul(?:e|es|ez)|guidelines|guidance|directives?|commands|programming|constraints|restrictions|guardrails|polic(?:y|ies)|filters|training|safety (?:mode|settings|protocols|measures)";
export const ES_NOUN =
  "instrucciones|indicaciones|ordenes|reglas|normas|directrices|pautas|consignas|restricciones|prompts?|directivas";
export const FR_NOUN = "instructions|consignes|regles|directives|indications|ordres|restrictions|prompts?|limites";
export const DE_NOUN =
  "anweisungen|instruktionen|befehle|regeln|richtlinien|vorgaben|vorschriften|einschrankungen|beschrankungen|prompts?";
export const IT_NOUN = "istruzion[ei]|indicazioni|regol[ae]|direttive|linee guida|restrizioni|prompts?|comandi|ordini";
export const PT_NOUN = "instrucoes|orientacoes|regras|diretrizes|ordens|restricoes|prompts?|comandos|normas";

export const SUSPENDED_RULES =
  "(?:instructions|rules|guidelines|restrictions|filters)(?:\\s+\\w+){0,2}\\s+(?:are|have been|were)\\s+(?:now\\s+)?(?:cancell?ed|suspended|void|lifted|removed|revoked|overridden|disabled|turned off|no longer valid)\\b";
