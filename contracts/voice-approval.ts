/**
 * What a voice call says around its tool calls (issue 24, decision 149), in the call's language:
 * the short "one moment" line while a call runs, the question for a call that needs the
 * caller's approval, the second asking when the answer was neither yes nor no, and the line for
 * a question nobody answered in time. Also the caller's yes or no: `approvalAnswer` matches an
 * utterance against each language's words. One table per kind, every voice language in each.
 */
import type { LanguageCode } from "./voice-languages.js";

/** How long a call waits for the caller's yes or no before the call counts as denied. */
export const VOICE_APPROVAL_WAIT_MS = 30_000;

/** Spoken (not stored as the reply) when a tool call starts in a voice turn: at most once a step. */
export const ONE_MOMENT: Record<LanguageCode, string> = {
  "en-US": "One moment.",
  "es-ES": "Un momento.",
  "fr-FR": "Un instant.",
  "de-DE": "Einen Moment.",
  "it-IT": "Un momento.",
  "pt-PT": "Um momento.",
  "ja-JP": "少々お待ちください。",
  "ko-KR": "잠시만 기다려 주세요.",
  "zh-CN": "请稍等。",
};

type Question = (tool: string, details: string | null) => string;

const QUESTIONS: Record<LanguageCode, Question> = {
  "en-US": (tool, details) => `May I use ${tool}${details ? ` for ${details}` : ""}? Please say yes or no.`,
  "es-ES": (tool, details) => `¿Puedo usar ${tool}${details ? ` para ${details}` : ""}? Diga sí o no.`,
  "fr-FR": (tool, details) => `Puis-je utiliser ${tool}${details ? ` pour ${details}` : ""} ? Dites oui ou non.`,
  "de-DE": (tool, details) => `Darf ich ${tool}${details ? ` für ${details}` : ""} verwenden? Sagen Sie ja oder nein.`,
  "it-IT": (tool, details) => `Posso usare ${tool}${details ? ` per ${details}` : ""}? Dica sì o no.`,
  "pt-PT": (tool, details) => `Posso usar ${tool}${details ? ` para ${details}` : ""}? Diga sim ou não.`,
  "ja-JP": (tool, details) =>
    `${details ? `${details}について、` : ""}${tool}を使ってもよろしいですか？「はい」か「いいえ」でお答えください。`,
  "ko-KR": (tool, details) =>
    `${details ? `${details}에 대해 ` : ""}${tool}을(를) 사용해도 될까요? 예 또는 아니요로 말씀해 주세요.`,
  "zh-CN": (tool, details) => `我可以使用${tool}${details ? `处理${details}` : ""}吗？请说“是”或“不是”。`,
};

/** Said once when the caller's answer was neither yes nor no; a second such answer denies the call. */
export const SAY_YES_OR_NO: Record<LanguageCode, string> = {
  "en-US": "Sorry, I did not catch that. Please say yes or no.",
  "es-ES": "Perdone, no le he entendido. Diga sí o no.",
  "fr-FR": "Pardon, je n'ai pas compris. Dites oui ou non.",
  "de-DE": "Entschuldigung, das habe ich nicht verstanden. Sagen Sie bitte ja oder nein.",
  "it-IT": "Scusi, non ho capito. Dica sì o no.",
  "pt-PT": "Desculpe, não percebi. Diga sim ou não.",
  "ja-JP": "すみません、聞き取れませんでした。「はい」か「いいえ」でお答えください。",
  "ko-KR": "죄송합니다, 잘 못 들었습니다. 예 또는 아니요로 말씀해 주세요.",
  "zh-CN": "抱歉，我没听清。请说“是”或“不是”。",
};

const NOT_ANSWERED: Record<LanguageCode, (tool: string) => string> = {
  "en-US": (tool) => `I heard no answer, so I will not use ${tool}.`,
  "es-ES": (tool) => `No he oído respuesta, así que no usaré ${tool}.`,
  "fr-FR": (tool) => `Je n'ai pas entendu de réponse, je n'utiliserai donc pas ${tool}.`,
  "de-DE": (tool) => `Ich habe keine Antwort gehört, also verwende ich ${tool} nicht.`,
  "it-IT": (tool) => `Non ho sentito una risposta, quindi non userò ${tool}.`,
  "pt-PT": (tool) => `Não ouvi resposta, por isso não vou usar ${tool}.`,
  "ja-JP": (tool) => `お返事がなかったので、${tool}は使いません。`,
  "ko-KR": (tool) => `답변이 없어서 ${tool}을(를) 사용하지 않겠습니다.`,
  "zh-CN": (tool) => `我没有听到回答，所以不会使用${tool}。`,
};

/** A tool's function name in plain words: "order_status" → "order status", "shop__find-item" → "shop find item". */
export function toolInPlainWords(name: string): string {
  return (
    name
      .replace(/[_\-.]+/g, " ")
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .trim()
      .toLowerCase() || name
  );
}

/** The call's arguments as a few spoken words: the plain values of a flat object ("V-9"), else nothing. */
function argumentsInPlainWords(argumentsJson: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const values = Object.values(parsed as Record<string, unknown>)
    .filter((value): value is string | number | boolean => ["string", "number", "boolean"].includes(typeof value))
    .map((value) => String(value).trim())
    .filter(Boolean);
  const words = values.slice(0, 3).join(", ");
  // A long value (a message body, a query) would make the question a speech: name the tool only.
  return words && words.length <= 60 ? words : null;
}

/** The question asked aloud for a call that waits for the caller's approval. */
export function approvalQuestion(language: LanguageCode, name: string, argumentsJson: string): string {
  return QUESTIONS[language](toolInPlainWords(name), argumentsInPlainWords(argumentsJson));
}

export function notAnsweredLine(language: LanguageCode, name: string): string {
  return NOT_ANSWERED[language](toolInPlainWords(name));
}

/**
 * Yes and no words per language. Languages written with spaces match whole words (accents and
 * case ignored); Japanese, Korean and Chinese match within the text. The "no" phrases are taken
 * out first, longest first, so "不是" is not also heard as "是", nor "não pode" as "pode".
 */
const ANSWER_WORDS: Record<LanguageCode, { yes: string[]; no: string[]; spaced: boolean }> = {
  "en-US": {
    spaced: true,
    yes: [
      "yes",
      "yeah",
      "yep",
      "yup",
      "sure",
      "ok",
      "okay",
      "go ahead",
      "of course",
      "please do",
      "approve",
      "correct",
    ],
    no: ["no", "nope", "nah", "don't", "do not", "not now", "deny", "cancel", "stop"],
  },
  "es-ES": {
    spaced: true,
    yes: ["si", "claro", "vale", "de acuerdo", "por supuesto", "adelante", "ok", "dale", "correcto"],
    no: ["no", "para", "cancela", "cancelar", "niego", "de ninguna manera"],
  },
  "fr-FR": {
    spaced: true,
    yes: ["oui", "ouais", "d'accord", "bien sur", "allez y", "vas y", "ok", "volontiers", "absolument"],
    no: ["non", "pas question", "surtout pas", "annule", "annuler", "refuse", "ne pas"],
  },
  "de-DE": {
    spaced: true,
    yes: ["ja", "jawohl", "klar", "gerne", "gern", "ok", "okay", "einverstanden", "naturlich", "mach das"],
    no: ["nein", "nee", "nicht", "lieber nicht", "bitte nicht", "abbrechen", "ablehnen"],
  },
  "it-IT": {
    spaced: true,
    yes: ["si", "certo", "va bene", "d'accordo", "ok", "procedi", "vai", "certamente"],
    no: ["no", "non", "annulla", "rifiuto", "negativo"],
  },
  "pt-PT": {
    spaced: true,
    yes: ["sim", "claro", "pode", "ok", "esta bem", "tudo bem", "com certeza", "de acordo"],
    no: ["nao", "nao pode", "cancela", "cancelar", "recuso", "negativo"],
  },
  "ja-JP": {
    spaced: false,
    yes: ["はい", "ええ", "うん", "いいよ", "いいです", "どうぞ", "お願いします", "お願い", "オーケー", "ok"],
    no: ["いいえ", "いや", "だめ", "ダメ", "やめて", "結構です", "使わないで"],
  },
  "ko-KR": {
    spaced: false,
    yes: ["네", "예", "응", "그래", "좋아요", "좋아", "괜찮아요", "해 주세요", "ok"],
    no: ["아니요", "아니오", "아니에요", "아니예요", "아니", "안 돼", "안돼", "싫어요", "싫어", "하지 마"],
  },
  "zh-CN": {
    spaced: false,
    yes: ["是", "是的", "好", "好的", "可以", "行", "对", "同意", "没问题", "ok"],
    no: ["不是", "不要", "不行", "不可以", "不好", "不用", "别", "拒绝", "算了", "不"],
  },
};

/** Lower case, accents off, curly apostrophes straight, punctuation to spaces. */
function normalized(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim();
}

/** The caller's utterance as an answer to an approval question: "yes", "no", or null when it is neither (or both). */
export function approvalAnswer(text: string, language: LanguageCode): "yes" | "no" | null {
  const words = ANSWER_WORDS[language];
  let rest = words.spaced ? ` ${normalized(text).replace(/-/g, " ")} ` : normalized(text).replace(/\s+/g, "");
  const key = (phrase: string) => {
    const plain = normalized(phrase);
    return words.spaced ? ` ${plain} ` : plain.replace(/\s+/g, "");
  };
  let saidNo = false;
  for (const phrase of [...words.no].sort((a, b) => b.length - a.length)) {
    const k = key(phrase);
    if (!rest.includes(k)) continue;
    saidNo = true;
    rest = rest.split(k).join(words.spaced ? " " : "");
  }
  const saidYes = words.yes.some((phrase) => rest.includes(key(phrase)));
  if (saidYes === saidNo) return null;
  return saidYes ? "yes" : "no";
}
