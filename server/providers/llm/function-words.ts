/**
 * Function words of the nine languages' Latin-script members that say nothing about a subject:
 * a question's "what", "does", "para" name no topic. Shared by the knowledge filter that judges
 * whether a passage is about a message and the offline responder that picks its sentences.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  [
    // English
    "the and for are but not you your with what which who whom whose when where why how this that these those there",
    "then than them they their have has had was were been being does did doing can could should would will shall",
    "about into from over under again also just only very more most some such any all each both few other same",
    "its our ours out off own too yes please thanks thank tell know want need like make give get let",
    "one ones thing things something anything else okay much many well now here",
    // German, French, Spanish, Italian, Portuguese
    "der die das und oder ist sind ein eine einer eines was wer wie wo warum nicht mit von für auf den dem des",
    "les des une est sont pour avec que qui quoi comment pourquoi dans sur pas par mais ont aux",
    "los las una unos unas que qué como cómo cuál donde dónde por para con sin pero son está esta este eso",
    "gli delle della degli che chi come dove perché non con per sono una uno del",
    "uma umas uns que como onde porque não com para são está esse essa isso dos das",
  ]
    .join(" ")
    .split(/\s+/),
);
