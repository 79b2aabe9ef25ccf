/**
 * The agent's opening line in each of the nine languages (spec section 9: "greetings exist for
 * each"), in the agent's name and role. Japanese avoids kanji because the embedded espeak
 * engine reads only kana; a role written in English is still read, letter by letter at worst.
 */
import type { LanguageCode } from "../../../contracts/voice";

interface GreetingTemplates {
  withRole: string;
  withoutRole: string;
}

const GREETINGS: Record<LanguageCode, GreetingTemplates> = {
  "en-US": {
    withRole: "Hi, I'm {name}, your {role}. How can I help you today?",
    withoutRole: "Hi, I'm {name}. How can I help you today?",
  },
  "es-ES": {
    withRole: "Hola, soy {name}, tu {role}. ¿En qué puedo ayudarte hoy?",
    withoutRole: "Hola, soy {name}. ¿En qué puedo ayudarte hoy?",
  },
  "fr-FR": {
    withRole: "Bonjour, je suis {name}, votre {role}. Comment puis-je vous aider aujourd'hui ?",
    withoutRole: "Bonjour, je suis {name}. Comment puis-je vous aider aujourd'hui ?",
  },
  "de-DE": {
    withRole: "Hallo, ich bin {name}, Ihr {role}. Wie kann ich Ihnen heute helfen?",
    withoutRole: "Hallo, ich bin {name}. Wie kann ich Ihnen heute helfen?",
  },
  "it-IT": {
    withRole: "Ciao, sono {name}, il tuo {role}. Come posso aiutarti oggi?",
    withoutRole: "Ciao, sono {name}. Come posso aiutarti oggi?",
  },
  "pt-PT": {
    withRole: "Olá, sou {name}, o seu {role}. Em que posso ajudar hoje?",
    withoutRole: "Olá, sou {name}. Em que posso ajudar hoje?",
  },
  "ja-JP": {
    withRole: "こんにちは、{role}の{name}です。きょうはどのようなごようけんでしょうか？",
    withoutRole: "こんにちは、{name}です。きょうはどのようなごようけんでしょうか？",
  },
  "ko-KR": {
    withRole: "안녕하세요, {role} {name}입니다. 오늘 무엇을 도와드릴까요?",
    withoutRole: "안녕하세요, {name}입니다. 오늘 무엇을 도와드릴까요?",
  },
  "zh-CN": {
    withRole: "你好，我是你的{role}{name}。今天有什么可以帮你的吗？",
    withoutRole: "你好，我是{name}。今天有什么可以帮你的吗？",
  },
};

export function greetingFor(language: LanguageCode, agent: { name: string; role?: string | null }): string {
  const role = agent.role?.trim();
  const template = role ? GREETINGS[language].withRole : GREETINGS[language].withoutRole;
  return template.replace("{name}", agent.name.trim()).replace("{role}", role ?? "");
}
