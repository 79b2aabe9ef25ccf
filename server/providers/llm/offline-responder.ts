/**
 * The built-in responder used when no model is configured: a deterministic, template-made
 * reply in the agent's persona and the requested language, so a first run with no API key
 * still answers (the UI tells the user plainly that no model is configured).
 *
 * It streams word-sized deltas like a real model, so every streaming path of the app is
 * exercised offline. It never claims to be a language model — it is not one.
 */
import type { LanguageCode } from "../../../contracts/voice.js";
import { LlmProviderError, type LlmProvider, type LlmReplyRequest } from "./llm-provider.js";
import { offlineKnowledgeAnswer } from "./offline-knowledge-answer.js";

interface ReplyTemplates {
  greet(name: string): string;
  acknowledge(excerpt: string): string;
  helpAsRoleAndSpeciality(role: string, speciality: string): string;
  helpAsRole(role: string): string;
  helpWithSpeciality(speciality: string): string;
  helpPlain: string;
  followUps: readonly [string, ...string[]];
  /** Sentences are joined with a space in spaced scripts and with nothing in CJK. */
  joiner: string;
}

const TEMPLATES: Record<LanguageCode, ReplyTemplates> = {
  "en-US": {
    greet: (name) => `Hello, I'm ${name}.`,
    acknowledge: (excerpt) => `Thanks for your message: “${excerpt}”.`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `As your ${role}, with a focus on ${speciality}, I can help you with this.`,
    helpAsRole: (role) => `As your ${role}, I can help you with this.`,
    helpWithSpeciality: (speciality) => `With my focus on ${speciality}, I can help you with this.`,
    helpPlain: "I'm happy to help you with this.",
    followUps: [
      "What would you like to focus on first?",
      "Could you tell me a little more about what you need?",
      "What outcome are you hoping for?",
    ],
    joiner: " ",
  },
  "es-ES": {
    greet: (name) => `Hola, soy ${name}.`,
    acknowledge: (excerpt) => `Gracias por tu mensaje: «${excerpt}».`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `En mi papel de ${role}, con especialidad en ${speciality}, puedo ayudarte con esto.`,
    helpAsRole: (role) => `En mi papel de ${role}, puedo ayudarte con esto.`,
    helpWithSpeciality: (speciality) => `Con mi especialidad en ${speciality}, puedo ayudarte con esto.`,
    helpPlain: "Con gusto te ayudo con esto.",
    followUps: [
      "¿En qué te gustaría centrarte primero?",
      "¿Podrías contarme un poco más sobre lo que necesitas?",
      "¿Qué resultado esperas conseguir?",
    ],
    joiner: " ",
  },
  "fr-FR": {
    greet: (name) => `Bonjour, je suis ${name}.`,
    acknowledge: (excerpt) => `Merci pour votre message : « ${excerpt} ».`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `En tant que ${role}, avec une spécialité en ${speciality}, je peux vous aider à ce sujet.`,
    helpAsRole: (role) => `En tant que ${role}, je peux vous aider à ce sujet.`,
    helpWithSpeciality: (speciality) => `Avec ma spécialité en ${speciality}, je peux vous aider à ce sujet.`,
    helpPlain: "Je peux volontiers vous aider à ce sujet.",
    followUps: [
      "Sur quoi souhaitez-vous vous concentrer en premier ?",
      "Pouvez-vous m'en dire un peu plus sur ce dont vous avez besoin ?",
      "Quel résultat espérez-vous obtenir ?",
    ],
    joiner: " ",
  },
  "de-DE": {
    greet: (name) => `Hallo, ich bin ${name}.`,
    acknowledge: (excerpt) => `Danke für Ihre Nachricht: „${excerpt}“.`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `Als ${role} mit dem Schwerpunkt ${speciality} kann ich Ihnen dabei helfen.`,
    helpAsRole: (role) => `Als ${role} kann ich Ihnen dabei helfen.`,
    helpWithSpeciality: (speciality) => `Mit meinem Schwerpunkt ${speciality} kann ich Ihnen dabei helfen.`,
    helpPlain: "Ich helfe Ihnen gern dabei.",
    followUps: [
      "Worauf möchten Sie sich zuerst konzentrieren?",
      "Können Sie mir etwas mehr darüber erzählen, was Sie brauchen?",
      "Welches Ergebnis wünschen Sie sich?",
    ],
    joiner: " ",
  },
  "it-IT": {
    greet: (name) => `Ciao, sono ${name}.`,
    acknowledge: (excerpt) => `Grazie per il tuo messaggio: «${excerpt}».`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `Nel mio ruolo di ${role}, con specializzazione in ${speciality}, posso aiutarti in questo.`,
    helpAsRole: (role) => `Nel mio ruolo di ${role}, posso aiutarti in questo.`,
    helpWithSpeciality: (speciality) => `Con la mia specializzazione in ${speciality}, posso aiutarti in questo.`,
    helpPlain: "Sono felice di aiutarti in questo.",
    followUps: [
      "Su cosa vorresti concentrarti per prima cosa?",
      "Puoi dirmi qualcosa in più su ciò di cui hai bisogno?",
      "Quale risultato speri di ottenere?",
    ],
    joiner: " ",
  },
  "pt-PT": {
    greet: (name) => `Olá, chamo-me ${name}.`,
    acknowledge: (excerpt) => `Agradeço a sua mensagem: «${excerpt}».`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `Na minha função de ${role}, com especialidade em ${speciality}, posso ajudar com isto.`,
    helpAsRole: (role) => `Na minha função de ${role}, posso ajudar com isto.`,
    helpWithSpeciality: (speciality) => `Com a minha especialidade em ${speciality}, posso ajudar com isto.`,
    helpPlain: "Terei todo o gosto em ajudar com isto.",
    followUps: [
      "Em que gostaria de se concentrar primeiro?",
      "Pode contar-me um pouco mais sobre o que precisa?",
      "Que resultado espera alcançar?",
    ],
    joiner: " ",
  },
  "ja-JP": {
    greet: (name) => `こんにちは、${name}です。`,
    acknowledge: (excerpt) => `「${excerpt}」についてのメッセージをありがとうございます。`,
    helpAsRoleAndSpeciality: (role, speciality) =>
      `${role}として、${speciality}を専門にしていますので、お手伝いできます。`,
    helpAsRole: (role) => `${role}として、お手伝いできます。`,
    helpWithSpeciality: (speciality) => `${speciality}を専門にしていますので、お手伝いできます。`,
    helpPlain: "喜んでお手伝いします。",
    followUps: [
      "まず何から始めたいですか？",
      "必要なことについて、もう少し詳しく教えていただけますか？",
      "どのような結果を期待されていますか？",
    ],
    joiner: "",
  },
  "ko-KR": {
    greet: (name) => `안녕하세요, 저는 ${name}입니다.`,
    acknowledge: (excerpt) => `“${excerpt}”에 대한 메시지 감사합니다.`,
    // "역할로서" after the role keeps the particle right whatever sound the role ends in.
    helpAsRoleAndSpeciality: (role, speciality) =>
      `${role} 역할로서 ${speciality} 분야를 전문으로 하고 있어 도와드릴 수 있습니다.`,
    helpAsRole: (role) => `${role} 역할로서 도와드릴 수 있습니다.`,
    helpWithSpeciality: (speciality) => `${speciality} 분야를 전문으로 하고 있어 도와드릴 수 있습니다.`,
    helpPlain: "기꺼이 도와드리겠습니다.",
    followUps: [
      "무엇부터 집중하고 싶으신가요?",
      "필요하신 내용을 조금 더 자세히 알려주시겠어요?",
      "어떤 결과를 기대하시나요?",
    ],
    joiner: " ",
  },
  "zh-CN": {
    greet: (name) => `你好，我是${name}。`,
    acknowledge: (excerpt) => `感谢你的留言：“${excerpt}”。`,
    helpAsRoleAndSpeciality: (role, speciality) => `作为${role}，我专注于${speciality}，可以帮助你。`,
    helpAsRole: (role) => `作为${role}，我可以帮助你。`,
    helpWithSpeciality: (speciality) => `我专注于${speciality}，可以帮助你。`,
    helpPlain: "我很乐意帮助你。",
    followUps: ["你想先从哪方面开始？", "能再多告诉我一些你的需求吗？", "你希望达到什么样的结果？"],
    joiner: "",
  },
};

const EXCERPT_MAX_CHARS = 48;

export function createOfflineResponder(): LlmProvider {
  return {
    kind: "offline",
    model: "offline",
    streamReply,
  };
}

/** The whole reply as one string; exported so callers and tests can see what will stream. */
export function composeOfflineReply(
  request: Pick<LlmReplyRequest, "userMessage" | "language" | "persona" | "knowledge">,
): string {
  const templates = TEMPLATES[request.language];
  const best = request.knowledge?.[0];
  if (best) return offlineKnowledgeAnswer(request.userMessage, best, request.language);
  const role = request.persona.role?.trim();
  const speciality = request.persona.speciality?.trim();
  const excerpt = excerptOf(request.userMessage);

  const sentences = [templates.greet(request.persona.name.trim())];
  if (excerpt) sentences.push(templates.acknowledge(excerpt));
  if (role && speciality) sentences.push(templates.helpAsRoleAndSpeciality(role, speciality));
  else if (role) sentences.push(templates.helpAsRole(role));
  else if (speciality) sentences.push(templates.helpWithSpeciality(speciality));
  else sentences.push(templates.helpPlain);
  // Picked from the message, not at random: the same question always gets the same answer.
  sentences.push(
    templates.followUps[stableHash(request.userMessage) % templates.followUps.length] ?? templates.followUps[0],
  );
  return sentences.join(templates.joiner);
}

async function* streamReply(request: LlmReplyRequest): AsyncGenerator<string> {
  for (const chunk of wordChunks(composeOfflineReply(request), request.language)) {
    if (request.signal.aborted) throw new LlmProviderError("The reply was cancelled", "aborted");
    yield chunk;
  }
}

/**
 * Word-sized deltas. Spaced scripts split after each run of spaces, so quotes stay on their
 * word; Chinese and Japanese have no spaces, so Intl.Segmenter finds the words there.
 */
function wordChunks(text: string, language: LanguageCode): string[] {
  if (TEMPLATES[language].joiner === " ") return text.match(/\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: "word" }).segment(text)) {
    if (isWordLike || chunks.length === 0) chunks.push(segment);
    else chunks[chunks.length - 1] += segment;
  }
  return chunks;
}

/** The start of the message on one line, cut at a word boundary when there is one nearby. */
function excerptOf(message: string): string {
  const oneLine = message.replace(/\s+/g, " ").trim();
  const codePoints = Array.from(oneLine);
  if (codePoints.length <= EXCERPT_MAX_CHARS) return oneLine;
  const head = codePoints.slice(0, EXCERPT_MAX_CHARS).join("");
  const lastSpace = head.lastIndexOf(" ");
  const cut = lastSpace > EXCERPT_MAX_CHARS / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,.;:!?]+$/, "")}…`;
}

function stableHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash;
}
