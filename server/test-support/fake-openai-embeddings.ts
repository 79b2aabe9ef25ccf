/**
 * The fake OpenAI server's `/embeddings` endpoint: deterministic vectors that carry meaning,
 * so hybrid retrieval can be tested for what it is for. A text's vector is a hashed bag of its
 * words and of their character 3-grams (lower case, accents folded), and of character pairs for
 * text written without spaces; signed feature hashing into FAKE_EMBEDDING_DIMENSIONS, unit length.
 * Texts that share words or word parts ("Rückgabefrist" and "Frist für die Rückgabe") point the
 * same way, as with a real model — more crudely, but with no download and no randomness.
 */

export const FAKE_EMBEDDING_DIMENSIONS = 384;

/** Words a model learns to mostly ignore; kept out so they do not make unrelated texts alike. */
const FUNCTION_WORDS = new Set(
  [
    "a an and are as at be by can do does for from how i in is it my of on or our the this to we what when where which will with you your",
    "de del el en es la las los para por que se un una y die der das den dem ein eine und ist fur mit wie von zu",
    "le les des du et est pour une avec dans il sur o os da do em",
  ]
    .join(" ")
    .split(" "),
);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Float64Array(dimensions);
  const add = (feature: string, weight: number) => {
    const hash = fnv1a(feature);
    vector[hash % dimensions]! += hash & 0x80000000 ? -weight : weight;
  };
  const normalised = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  for (const word of normalised.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (CJK.test(word)) {
      const chars = Array.from(word);
      for (let i = 0; i < chars.length; i++) add(`c:${chars[i]}${chars[i + 1] ?? ""}`, 1);
      continue;
    }
    if (FUNCTION_WORDS.has(word)) continue;
    add(`w:${word}`, 1);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`g:${padded.slice(i, i + 3)}`, 0.5);
  }
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vector, (x) => x / norm);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** What POST /v1/embeddings answers, as OpenAI shapes it (float lists, or base64 float32 when asked). */
export function answerEmbeddings(body: unknown): { status: number; payload: unknown } {
  const request = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const { input, model, encoding_format: format } = request;
  const inputs = typeof input === "string" ? [input] : input;
  if (
    typeof model !== "string" ||
    !Array.isArray(inputs) ||
    inputs.length === 0 ||
    !inputs.every((item) => typeof item === "string" && item.length > 0)
  ) {
    return invalid("model and a non-empty input (a string or an array of non-empty strings) are required");
  }
  if (format !== undefined && format !== "float" && format !== "base64") {
    return invalid("encoding_format must be float or base64");
  }
  const data = (inputs as string[]).map((text, index) => {
    const vector = fakeEmbedding(text);
    const embedding = format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
    return { object: "embedding", index, embedding };
  });
  const tokens = (inputs as string[]).reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  return {
    status: 200,
    payload: { object: "list", data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } },
  };
}

function invalid(message: string): { status: number; payload: unknown } {
  return { status: 400, payload: { error: { message, type: "invalid_request_error", param: null, code: null } } };
}
