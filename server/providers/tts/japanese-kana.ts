/**
 * Spells Japanese as kana for the embedded engine, which reads every kanji as "Chinese
 * letter": a morphological analyser (kuromoji, see japanese-reader.ts) cuts the text into
 * words with their pronunciations, and this module joins those back into one string.
 *
 * The pronunciation (katakana, long vowels as ー, the particles は/へ as ワ/エ) is used rather
 * than the dictionary reading, because it is what espeak needs to say the words as spoken.
 * Anything without a kana pronunciation (Latin words, digits, punctuation) is kept as written.
 */

/** The fields of a kuromoji (IPADIC) token that the spelling needs. */
export interface ReadingToken {
  surface_form: string;
  /** Katakana as spoken; "*" or missing for words the dictionary does not know. */
  pronunciation?: string;
  reading?: string;
}

const KANJI = /[\p{Script=Han}々〆ヶ]/u;
const KANA_ONLY = /^[\p{Script=Katakana}\p{Script=Hiragana}ー]+$/u;

export function containsKanji(text: string): boolean {
  return KANJI.test(text);
}

function kanaOf(value: string | undefined): string | undefined {
  return value && KANA_ONLY.test(value) ? value : undefined;
}

/**
 * The text of `tokens`, spoken as kana. `readCharacter` gives the kana of one kanji that the
 * dictionary did not know as part of a word; a kanji with no reading at all is left out,
 * since silence is better than "Chinese letter".
 */
export function spellAsKana(
  tokens: readonly ReadingToken[],
  readCharacter: (kanji: string) => string | undefined = () => undefined,
): string {
  let spelled = "";
  for (const token of tokens) {
    const spoken = kanaOf(token.pronunciation) ?? kanaOf(token.reading);
    if (spoken) spelled += spoken;
    else if (!containsKanji(token.surface_form)) spelled += token.surface_form;
    else {
      for (const char of token.surface_form)
        spelled += containsKanji(char) ? (kanaOf(readCharacter(char)) ?? "") : char;
    }
  }
  return spelled;
}
