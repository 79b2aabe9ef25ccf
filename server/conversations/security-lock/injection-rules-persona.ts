/** Rules for rule-shedding personas (DAN, "developer mode") and forged chat turns. */
import type { InjectionRule as Rule } from "./injection-rule.js";

const NO_RULES_EN =
  "rules|restrictions?|filters?|limits|limitations|censorship|guidelines|content polic(?:y|ies)|ethics|morals|safety";

// Personas and modes whose point is to shed the rules: DAN, "an AI with no restrictions",
// "developer mode". "You are now my favourite agent" or "be the hiring manager" do not match.
export const PERSONA_RULES: readonly Rule[] = [
  {
    id: "persona:dan",
    pattern:
      /\b(?:you are|you're|eres|tu es|du bist|sei|voce e|act as|pretend to be|become)\s+(?:now\s+|ahora\s+|maintenant\s+|jetzt\s+|agora\s+)?(?:o\s+|el\s+|le\s+|der\s+)?dan\b|\bdan\b[^.!?\n]{0,40}\bdo anything now\b|\bstands for do anything now\b|\bdan mode\b|(?:あなたは|君は|お前は)dan|너는\s*dan|你(?:现在|現在)?(?:就)?是\s*dan/,
  },
  {
    id: "persona:jailbreak",
    pattern:
      /\b(?:this is|here is|here's|let's (?:try|do|play)|start|begin|initiate|enable|activate)\s+(?:a\s+|the\s+)?jailbreak\b|\bjailbreak(?:ed)?\s+(?:mode|prompt)\b|\b(?:unrestricted|unfiltered|uncensored|jailbroken|amoral)\s+(?:ai|assistant|chatbot|bot|model|mode|version|llm|gpt|self|side|twin|alter ego|persona)\b|\b(?:not|no longer|never)\s+(?:bound|restricted|limited|constrained)\s+by\s+(?:any\s+|your\s+|the\s+)?(?:rules|guidelines|restrictions|policies|filters)\b/,
  },
  {
    id: "persona:no-rules:en",
    pattern: new RegExp(
      `\\b(?:ai|assistant|bot|chatbot|model|llm|gpt|dan|persona|character|entity)\\b[^.!?\\n]{0,20}?\\b(?:(?:with|has|have)\\s+(?:absolutely\\s+|literally\\s+|zero\\s+)?no|without(?:\\s+(?:any|all))?)\\s+(?:\\w+\\s+)?(?:${NO_RULES_EN})\\b|\\byou(?:'ve| have| are| will| can| must| now)?\\s+(?:have|had|are|were|answer|respond|reply)(?:\\s+to)?(?:\\s+(?:every|any|all)\\s+(?:questions?|requests?)|\\s+anything|\\s+everything)?\\s+(?:with no|without(?: any)?|no)\\s+(?:${NO_RULES_EN})\\b|\\b(?:you|assistant|ai|bot)\\s+(?:who|that)?\\s*(?:doesn't|does not|don't|do not|never|won't)\\s+(?:follow|obey|care about|respect)\\s+(?:any\\s+)?(?:${NO_RULES_EN}|policies)\\b|\\b(?:ai|assistant|bot|chatbot|model|you)\\b[^.!?\\n]{0,25}?\\b(?:freed|free|released|liberated|unbound|unshackled)\\s+(?:from|of)\\s+(?:all\\s+|any\\s+)?(?:of\\s+)?(?:its|your|the|their)?\\s*(?:${NO_RULES_EN}|programming|constraints)\\b|\\bnever refuses?\\b`,
    ),
  },
  {
    id: "persona:no-rules:es",
    pattern:
      /\b(?:ia|asistente|bot|chatbot|modelo|dan|eres|actua como|finge|responde|contesta)\b[^.!?\n]{0,25}?\b(?:sin|ninguna?)\s+(?:\w+\s+){0,3}(?:restricci(?:on|ones)|reglas?|filtros?|limites?|censura|normas?|politicas?|limitaci(?:on|ones))\b/,
  },
  {
    id: "persona:no-rules:fr",
    pattern:
      /\b(?:ia|assistant|bot|chatbot|modele|dan|tu es|reponds|agis|fais comme si)\b[^.!?\n]{0,25}?\b(?:sans|aucune?)\s+(?:\w+\s+)?(?:restrictions?|regles?|filtres?|limites?|censure|limitations?)\b/,
  },
  {
    id: "persona:no-rules:de",
    pattern:
      /\b(?:ki|assistent|bot|chatbot|modell|dan|du bist|antworte|tu so)\b[^.!?\n]{0,25}?\b(?:ohne|keine?)\s+(?:\w+\s+)?(?:regeln?|einschrankung(?:en)?|filter|grenzen|zensur|beschrankung(?:en)?|richtlinien)\b/,
  },
  {
    id: "persona:no-rules:it",
    pattern:
      /\b(?:ia|assistente|bot|chatbot|modello|dan|rispondi|comportati)\b[^.!?\n]{0,25}?\b(?:senza|nessuna?|priv[ao] di)\s+(?:\w+\s+){0,2}(?:restrizion[ei]|regol[ae]|filtr[oi]|limit[ei]|censura|limitazion[ei])\b/,
  },
  {
    id: "persona:no-rules:pt",
    pattern:
      /\b(?:ia|assistente|bot|chatbot|modelo|dan|voce e|responda|finja ser|aja como)\b[^.!?\n]{0,25}?\b(?:sem|nenhuma?)\s+(?:\w+\s+)?(?:restric(?:ao|oes)|regras?|filtros?|limites?|censura|limitac(?:ao|oes))\b/,
  },
  // Second person + no rules, each language ("no tienes ninguna restricción", "du hättest keine Einschränkungen").
  {
    id: "persona:no-rules:you",
    pattern:
      /\b(?:no\s+)?(?:tienes|tengas)\s+(?:ninguna?|ya)\s+(?:restriccion|regla|limite|filtro)|\b(?:eres|estas)\s+(?:\w+\s+)?(?:libre de|sin)\s+(?:\w+\s+)?(?:restricciones|reglas|limites|filtros)|\btu\s+n'as\s+(?:plus\s+)?aucune?\s+(?:restriction|regle|limite|filtre)|\btu\s+(?:es|n'es)\s+(?:\w+\s+)?(?:libre de|sans)\s+(?:\w+\s+)?(?:restrictions|regles|limites|filtres)|\bdu\s+(?:hast|hattest|bist|warst|warest)\s+(?:\w+\s+)?(?:keine|ohne)\s+(?:\w+\s+)?(?:regeln|einschrankungen|filter|grenzen)|\b(?:non\s+hai|sei)\s+(?:piu\s+)?(?:nessuna|alcuna|senza)\s+(?:\w+\s+)?(?:restrizion[ei]|regol[ae]|limit[ei]|filtr[oi])|\bintelligenza artificiale\s+senza\s+(?:\w+\s+)?(?:restrizion[ei]|regol[ae]|limit[ei]|filtr[oi])|\b(?:voce|ia|assistente)\s+(?:\w+\s+){0,3}?(?:nao tem|livre de|sem)\s+(?:nenhuma|qualquer)\s+(?:restricao|regra|limite|filtro)|\b(?:ai|ia|ki)\s+(?:\w+\s+)?(?:libre|livre|frei|libera|free)\s+(?:de|von|da|of|from)\s+(?:\w+\s+)?(?:restrictions?|regras?|reglas|regles|regeln|regole|rules)/,
  },
  {
    id: "persona:no-rules:ja",
    pattern:
      /(?:制限|ルール|規則|フィルター|検閲|制約)(?:の|が|に)?(?:ない|無い|なし|無し|縛られない|とらわれない)[^。]{0,6}?(?:ai|アシスタント|ボット|モデル|として|で答え|で回答|で応答)|(?:制限|ルール|規則|フィルター|制約)を(?:全部|すべて|全て)?(?:外し|解除し|取り払っ|無くし)た(?:ai|アシスタント|状態)|(?:ルール|規則|制限)を守らなくて(?:いい|よい)/,
  },
  {
    id: "persona:no-rules:ko",
    pattern:
      /(?:(?:제한|규칙|필터|검열|제약)\s*(?:이|가|에)?\s*(?:없는|없이|얽매이지\s*않는|구애받지\s*않는|구속되지\s*않는)|(?:규칙|지침|제한)(?:도|을|를)?\s*(?:따르지|지키지)\s*않는)\s*(?:ai|인공지능|어시스턴트|봇|모델|대답|답변|응답|말해|행동)/,
  },
  {
    id: "persona:no-rules:zh",
    pattern:
      /(?:没有|沒有|不受|无|無|不带|去掉|解除)(?:任何)?(?:限制|规则|規則|过滤|過濾|审查|審查|约束|約束)(?:约束|約束|限制|束缚)?(?:的|地)?(?:ai|人工智能|助手|机器人|模型|回答|回复|回應|响应)|(?:不遵守|不遵循|不服从|不服從)(?:任何)?(?:规则|規則|限制)的(?:ai|人工智能|助手)/,
  },
  {
    id: "persona:grandma",
    pattern:
      /\b(?:act|pretend|roleplay|role-play|play)\s+(?:as|to be)\s+my\s+(?:late|dead|deceased)\s+(?:grandma|grandmother|granny|grandpa|grandfather)\b/,
  },
  // An order to switch mode, not a question about one ("how do I enable developer mode?").
  {
    id: "persona:developer-mode",
    pattern:
      /(?:^|[.!?:\n]\s*)(?:please\s+)?(?:enter|enable|activate|switch to|turn on|go into)\s+(?:your\s+)?(?:developer|dev|god|debug|jailbreak|dan)\s+mode\b|\bin (?:developer|dev|god|jailbreak|dan) mode,? you\b|(?:^|[.!?:\n]\s*)(?:activa|habilita) el modo (?:desarrollador|programador|dios)|(?:passe|entre|active)(?: en| le)? mode (?:developpeur|dieu)|(?:aktiviere|wechsle in) den entwicklermodus|attiva la modalita (?:sviluppatore|sviluppo)|(?:ative|ativa|entre no) o? ?modo (?:desenvolvedor|deus)/,
  },
  // Chinese, Japanese and Korean: the whole sentence is the span, so that a how-to question about
  // a browser's or phone's developer mode ("怎么在浏览器里打开开发者模式？") is not an attack.
  {
    id: "persona:developer-mode",
    pattern:
      /[^。！？?!\n]*(?:開発者モードを(?:有効|オン|起動)|개발자\s*모드(?:를|로)?\s*(?:활성화|켜|전환)|(?:开启|開啟|启用|啟用|打开|打開|进入|進入|切换到)开发者模式)[^。！？?!\n]*/g,
    unless:
      /方法|どうやって|どうすれば|やり方|ブラウザ|スマホ|携帯|端末|방법|어떻게|브라우저|휴대폰|핸드폰|스마트폰|如何|怎么|怎样|怎麼|浏览器|瀏覽器|手机|手機|电脑|電腦/,
  },
];

// Forged turns: chat-template control tokens, a "SYSTEM:" line that addresses the assistant
// or grants access, or a pasted multi-turn transcript. "System: Windows 11" stays clean.
export const FAKE_TURN_RULES: readonly Rule[] = [
  {
    id: "fake-turn:template",
    pattern:
      /<\|[a-z_]+\|>|\[\/?inst\]|<<\/?sys>>|<\/?(?:system|sys)>|<start_of_turn>|\[(?:system|assistant)\]\(|```\s*(?:system|assistant)\b|(?:^|\n)\s*#{2,}\s*(?:instructions?|system(?: prompt)?)\s*:?\s*(?:\n|$)|(?:^|\n)\s*#{2,}\s*(?:human|assistant|user|response|system|instructions?)\s*:/,
  },
  {
    id: "fake-turn:role-line",
    pattern:
      /(?:^|\n)\s*(?:system|sistema|systeme|developer|admin|administrator)\s*(?:message|prompt|note|override)?\s*[:：][^\n]*\b(?:you|your|user|assistant|usuario|utilisateur|nutzer|benutzer|utente|ia|ki|admin\w*|grant|access|acceso|acces|zugriff|accesso|acesso|instructions?|ignore|override)\b/,
  },
  {
    id: "fake-turn:role-line",
    pattern:
      /(?:^|\n)\s*(?:システム|시스템|系统|系統)\s*[:：][^\n]*(?:ユーザー|あなた|管理者|사용자|너|당신|관리자|用户|用戶|你|管理员|管理員)/,
  },
  {
    id: "fake-turn:transcript",
    pattern: /(?:^|\n)\s*(?:user|human)\s*:[^\n]*\n(?:[^\n]*\n)*?\s*(?:assistant|ai|bot)\s*:/,
  },
];
