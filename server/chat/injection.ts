// Prompt-injection detector behind the chat "security lock". A hit locks the conversation for
// 30 minutes, so every rule here is written for precision first: a rule must need the *shape*
// of an attack (verb + the assistant's hidden instructions, a persona without rules, a forged
// turn), never just a scary word. Benign role-play ("pretend to be a customer") is allowed on
// purpose: sales-training users ask for it; only role changes that shed rules are flagged.
// Pure and synchronous; every regex is compiled once at module load.

export interface InjectionVerdict {
  detected: boolean;
  /** Id of the rule that matched, for logs (e.g. "override:en", "encoded:base64>extract:en"). */
  rule?: string;
}

interface Rule {
  id: string;
  pattern: RegExp;
  /** The matched span must also contain this (e.g. "previous", "your"). */
  requires?: RegExp;
  /** ...and must not contain this (e.g. "my previous instructions": the user's own). */
  unless?: RegExp;
}

const alt = (words: readonly string[]): string => words.join("|");
// A span: verb, up to four words, a rule-like noun, and a few words after it so that
// "instructions above" / "instructions I gave you" can be judged by requires/unless.
const overrideSpan = (verbs: string, nouns: string): RegExp =>
  new RegExp(`\\b(?:${verbs})\\s+(?:[\\w'-]+\\s+){0,4}?\\w*(?:${nouns})\\b(?:\\s+[\\w'-]+){0,3}`, "g");

const EN_NOUN = alt([
  "instructions?", "prompts?", "directions", "rules", "guidelines", "guidance", "directives?",
  "commands", "programming", "constraints", "restrictions", "guardrails", "polic(?:y|ies)", "filters", "training",
  "safety (?:mode|settings|protocols|measures)",
]);
const ES_NOUN = "instrucciones|indicaciones|ordenes|reglas|normas|directrices|pautas|consignas|restricciones|prompts?|directivas";
const FR_NOUN = "instructions|consignes|regles|directives|indications|ordres|restrictions|prompts?|limites";
const DE_NOUN = "anweisungen|instruktionen|befehle|regeln|richtlinien|vorgaben|vorschriften|einschrankungen|beschrankungen|prompts?";
const IT_NOUN = "istruzioni|indicazioni|regole|direttive|linee guida|restrizioni|prompts?|comandi|ordini";
const PT_NOUN = "instrucoes|orientacoes|regras|diretrizes|ordens|restricoes|prompts?|comandos|normas";

// "Ignore/forget <qualifier> instructions" in the six Latin-script languages. The qualifier
// (previous, all, your, system...) is what separates an override from "ignore the typo" or
// "ignore the instructions on the box"; a possessive "my" marks the user's own instructions.
const OVERRIDE_RULES: readonly Rule[] = [
  {
    id: "override:en",
    pattern: overrideSpan("ignor(?:e|es|ing)|disregard(?:s|ing)?|forget(?:s|ting)?|overrid(?:e|es|ing)|bypass(?:es|ing)?|neglect|discard|abandon|overrule|stop (?:following|obeying)|(?:don't|do not|no longer) (?:follow|obey)", EN_NOUN),
    requires: /\b(?:all|any|every|your|previous|prior|above|earlier|preceding|former|original|initial|system|safety|ethical|built-in|internal|developer|hidden|default|existing|you (?:were|have been|'ve been) given)\b/,
    unless: new RegExp(`\\b(?:my|our)\\s+(?:[\\w'-]+\\s+){0,2}(?:${EN_NOUN})\\b|\\b(?:${EN_NOUN})\\s+(?:that\\s+|which\\s+)?(?:i|we)\\s+(?:gave|sent|wrote|left|made|mentioned|provided|added|typed)\\b`),
  },
  // "Forget everything you were told" in each language; "forget everything I said" is a reset, not an attack.
  { id: "override:forget-all", pattern: /\b(?:forget|ignore|disregard)\s+(?:everything|all(?: of it)?|what|whatever)\s+(?:(?:that\s+)?you(?:'ve| have| were| had)?\s+(?:been\s+)?(?:told|taught|given|instructed|programmed)|you know|(?:your\s+(?:company|developers?|creators?|operators?|owners?|makers?|boss|programmers?)|they)\s+(?:told|taught|instructed)\s+you)\b|\bolvida\s+todo\s+lo\s+que\s+te\s+(?:dijeron|han dicho|ensenaron|programaron)|\boublie\s+tout\s+ce\s+(?:qu'on t'a|que l'on t'a)\s+(?:dit|appris)|\bvergiss\s+alles,?\s+was\s+(?:man\s+)?dir\s+(?:\w+\s+){0,2}(?:gesagt|beigebracht|vorgegeben|aufgetragen)|\bdimentica\s+tutto\s+(?:quello|cio)\s+che\s+ti\s+(?:hanno|e stato)\s+(?:detto|insegnato)|\b(?:esqueca|desconsidere|ignore)\s+tudo\s+(?:o\s+)?que\s+(?:te\s+foi\s+dito|foi\s+dito\s+a\s+voce|te\s+disseram|te\s+ensinaram|lhe\s+disseram)/ },
  {
    id: "override:es",
    pattern: overrideSpan("ignora|ignore|ignorar|ignoren|olvida|olvide|olvidar|olviden|omite|descarta|desobedece|haz caso omiso (?:a|de)|no (?:hagas|haga|hagan) caso (?:a|de)|no (?:sigas|obedezcas|respetes)", ES_NOUN),
    requires: /\b(?:todas|todos|tus|sus|anteriores|previas|previos|originales|iniciales|ocultas|sistema|arriba|seguridad|que te (?:dieron|dio|han dado))\b/,
    unless: new RegExp(`\\b(?:mis|nuestras|nuestros)\\s+(?:\\w+\\s+){0,2}(?:${ES_NOUN})|(?:${ES_NOUN})\\s+que\\s+(?:te\\s+)?(?:di|dimos|envie|mande|escribi)\\b`),
  },
  {
    id: "override:fr",
    pattern: overrideSpan("ignore|ignorez|ignorer|oublie|oubliez|oublier|ne tiens pas compte des|ne tenez pas compte des|outrepasse|contourne|ne (?:respecte|suis|suivez|respectez) (?:plus|pas)|n'obeis (?:plus|pas) a|arrete de (?:suivre|respecter)", FR_NOUN),
    requires: /\b(?:toutes|tous|tes|vos|precedentes|precedents|anterieures|initiales|originales|cachees|systeme|securite|ci-dessus)\b|qu'on (?:t'a|vous a)|que l'on (?:t'a|vous a)/,
    unless: new RegExp(`\\b(?:mes|nos)\\s+(?:\\w+\\s+){0,2}(?:${FR_NOUN})|(?:${FR_NOUN})\\s+que\\s+je\\s+`),
  },
  {
    id: "override:de",
    pattern: overrideSpan("ignoriere|ignorier|ignorieren|vergiss|vergessen|missachte|missachten|uberschreibe|umgehe|halte dich nicht (?:mehr )?an|befolge (?:nicht|keine)(?: mehr)?", DE_NOUN),
    requires: /\b(?:alle|deine|ihre|vorherigen|bisherigen|fruheren|obigen|ursprunglichen|versteckten)\b|system|sicherheit/,
    unless: new RegExp(`\\b(?:meine|unsere)\\s+(?:\\w+\\s+){0,2}\\w*(?:${DE_NOUN})|(?:${DE_NOUN}),?\\s+die\\s+ich\\b`),
  },
  // German puts the infinitive last: "bitte alle vorherigen Anweisungen ignorieren".
  { id: "override:de", pattern: new RegExp(`\\b(?:alle|deine|ihre|vorherigen|bisherigen|obigen)\\s+(?:\\w+\\s+){0,2}\\w*(?:${DE_NOUN})\\s+(?:\\w+\\s+){0,2}(?:ignorieren|vergessen|missachten)\\b`) },
  {
    id: "override:it",
    pattern: overrideSpan("ignora|ignori|ignorare|dimentica|dimentichi|dimenticare|trascura|non considerare|non (?:seguire|rispettare)(?: piu)?", IT_NOUN),
    requires: /\b(?:tutte|tutti|tue|tuoi|sue|precedenti|iniziali|originali|nascoste|sistema|sicurezza|sopra)\b/,
    unless: new RegExp(`\\b(?:mie|miei|nostre)\\s+(?:\\w+\\s+){0,2}(?:${IT_NOUN})|(?:${IT_NOUN})\\s+che\\s+ti\\s+ho\\b`),
  },
  {
    id: "override:pt",
    pattern: overrideSpan("ignore|ignora|ignorar|ignorem|esqueca|esquece|esquecer|desconsidere|desconsiderar|despreze|nao (?:siga|obedeca|respeite)|pare de (?:seguir|obedecer)", PT_NOUN),
    requires: /\b(?:todas|todos|suas|seus|tuas|anteriores|previas|iniciais|originais|ocultas|sistema|seguranca|acima)\b/,
    unless: new RegExp(`\\b(?:minhas|meus|nossas)\\s+(?:\\w+\\s+){0,2}(?:${PT_NOUN})|(?:${PT_NOUN})\\s+que\\s+eu\\b`),
  },
  // CJK: a qualifier (previous / all / your / system) directly before the instruction noun,
  // then "ignore/forget". "前のメッセージの誤字は無視" has no instruction noun and stays clean.
  { id: "override:ja", pattern: /(?:以前|前|これまで|今まで|上記|以上|先|最初|元|全て|すべて|あなた|システム|安全|セキュリティ)の?(?:全ての|すべての)?(?:指示|命令|指令|プロンプト|ルール|設定|制約|ガイドライン)(?:は|を|も)?(?:すべて|全て|全部)?(?:無視|忘れ|破棄|取り消|無効)/ },
  { id: "override:ko", pattern: /(?:이전|앞의|앞서|위의|지금까지|기존|모든|너의|네|당신의|시스템|원래|처음|보안)[의\s]*(?:모든\s*)?(?:지시(?:\s*사항)?|지침|명령|규칙|프롬프트|설정|제한|가이드라인)\s*(?:을|를|은|는|도)?\s*(?:모두|전부|다)?\s*(?:무시|잊|버려|취소|무효)/ },
  { id: "override:zh", pattern: /(?:忽略|无视|無視|忘记|忘記|忘掉|不要理会|不要理會|不理会|抛弃|拋棄|放弃|跳过|绕过|繞過|覆盖)掉?你?(?:之前|先前|以前|以上|上面|上述|前面|原来|原來|原有|原始|所有|全部|一切|系统|系統|安全|你的)(?:之前|先前|以前|所有|全部|系统|系統|安全|的)*(?:指令|指示|提示词|提示詞|提示|规则|規則|设定|設定|限制|命令|约束|約束)/ },
  // A new job or a new system prompt for the assistant, or a claim to be its maker. A bare
  // "New instructions:" is left alone: customers use it for delivery notes.
  { id: "override:en", pattern: /\b(?:new|updated|real|actual|override|additional)\s+system\s+(?:prompt|instructions?|message)\b|\byour (?:only |new |real |actual |sole )(?:task|role|purpose|goal|job|mission|instructions?) (?:now |from now on )?is\b|\byou are no longer (?:a|an|the)\b|\b(?:previous|prior|your|all|earlier|original|system) (?:rules|instructions|guidelines|restrictions) (?:don't|do not|no longer|doesn't|does not) apply\b|\bi(?:'m| am) your (?:developer|creator|programmer|maker|operator|owner)\b/ },
];

// "Show me your system prompt": a reveal verb, then the assistant's own instructions.
const EXTRACT_RULES: readonly Rule[] = [
  {
    id: "extract:en",
    pattern: /\b(?:reveal|show|print|display|output|repeat|tell|give|share|dump|leak|expose|list|write|type|spell|send|paste|copy|translate|summari[sz]e|recite|read|disclose|provide|what(?:'s| is| are| were))\b[^.?!\n]{0,30}?\b(?:(?:your|ur)\s+(?:(?:full|entire|complete|exact|original|initial|hidden|secret|system|developer|real|underlying|first|starting)\s+){0,3}(?:prompts?|instructions|directives|programming|system\s+message|context\s+window)\b(?!\s+(?:for|on|about|regarding|to)\b)|(?:your|the)\s+(?:\w+\s+){0,2}?(?:hidden|secret|system|initial|original|developer|starting|underlying|confidential|pre)[\s-]*(?:prompts?|instructions|directives|system\s+messages?|configuration)\b|\b(?:instructions|prompt|rules|directives)\s+(?:that\s+)?(?:your|the)\s+(?:operator|developer|creator|company|owner|programmer|maker)s?\s+gave\s+you|\b(?:prompt|instructions)\s+(?:that\s+)?you\s+(?:were|have been|'ve been)\s+(?:initiali[sz]ed|configured|set up|programmed|started|booted)\b)/,
  },
  { id: "extract:en", pattern: /\bwhat (?:instructions|rules|directives|prompt|guidelines) (?:were|have) you (?:been )?(?:given|told|provided|programmed)\b|\b(?:repeat|print|output|show|copy|display|write out)\b[^.!?\n]{0,25}?\b(?:text|words|everything|content|lines?)\s+(?:above|before this)\b|\bstart(?:ing)? with\s+(?:the words?\s+)?["'“‘]?you are\b|\byou(?:'re| are| were|'ve been| have been)\s+(?:told|instructed|asked|programmed)\s+(?:never|not)\s+to\s+(?:reveal|share|disclose|tell|show|repeat)\b|\btold to keep (?:secret|hidden|confidential)\b/ },
  { id: "extract:es", pattern: /\b(?:muestr|ensen|revel|dim|di|dec|imprim|escrib|repit|repet|cuales|cual|que|compart|dam|copi|tradu)\w*\b[^.?!\n]{0,30}?(?:\b(?:tu|tus|su|sus)\s+(?:prompts?|instrucciones|directrices)\b(?!\s+(?:para|de|sobre)\b)|\b(?:prompt|instrucciones|mensaje)\s+(?:del|de)\s+sistema|\b(?:instrucciones|prompt|directrices)\s+(?:ocultas?|secretas?|iniciales|originales|internas)|\b(?:instrucciones|prompt|mensaje de sistema)\s+(?:que\s+)?(?:te\s+(?:dio|dieron|han dado)|tienes configurado)|\bmensaje\s+(?:del?\s+)?sistema\s+que\s+tienes)/ },
  { id: "extract:fr", pattern: /\b(?:affich|montr|revel|donn|dis|dit|repet|ecri|imprim|copi|tradui|quel)\w*\b[^.?!\n]{0,30}?(?:\b(?:ton|tes|votre|vos)\s+(?:prompts?|instructions|consignes|directives)\b(?!\s+(?:pour|sur|concernant)\b)|\b(?:prompt|message|instructions?|consignes)\s+(?:du\s+)?systeme|\b(?:instructions|consignes|directives|prompt)\s+(?:cachees?|secret(?:es)?|initiales?|originales?|internes|d'origine)|\b(?:instructions|consignes|prompt)\s+(?:qu'on|que l'on)\s+(?:t'a|vous a)\s+(?:donnee?s?|fournie?s?))/ },
  { id: "extract:de", pattern: /\b(?:zeig|gib|geben|nenn|verrat|wiederhol|schreib|druck|kopier|ubersetz|was|welche|wie lautet|wie lauten|offenbar|enthull|liste)\w*\b[^.?!\n]{0,30}?(?:\b(?:dein|deine|deinen|ihre|ihren)\s+(?:\w+\s+)?(?:system)?(?:prompt|anweisungen|instruktionen|systemanweisungen|vorgaben)\b(?!\s+(?:fur|zu|zum|zur)\b)|\b(?:versteckten|geheimen|ursprunglichen|internen|initialen)\s+(?:anweisungen|instruktionen|prompt|vorgaben)|\bsystem[- ]?prompt)/ },
  { id: "extract:it", pattern: /\b(?:mostr|rivel|dimmi|dammi|ripet|scriv|stamp|copi|tradu|qual|condivid|elenc)\w*\b[^.?!\n]{0,30}?(?:\b(?:tuo|tuoi|tue)\s+(?:prompts?|istruzioni|direttive)\b(?!\s+(?:per|su)\b)|\b(?:prompt|istruzioni|messaggio)\s+(?:di|del)\s+sistema|\b(?:istruzioni|prompt|direttive)\s+(?:nascost[eo]|segret[eo]|inizial[ei]|original[ei]|interne)|\bistruzioni\s+(?:che\s+)?(?:hai ricevuto|ti hanno dato))/ },
  { id: "extract:pt", pattern: /\b(?:mostr|revel|dig|diz|repit|escrev|imprim|copi|traduz|quais|qual|compartilh|de-me|me de)\w*\b[^.?!\n]{0,30}?(?:\b(?:seu|sua|suas|seus|teu|tuas)\s+(?:prompts?|instrucoes|diretrizes)\b(?!\s+(?:para|sobre)\b)|\b(?:prompt|instrucoes|mensagem)\s+(?:do|de)\s+sistema|\b(?:instrucoes|prompt|diretrizes)\s+(?:ocult[ao]s?|secret[ao]s?|inicia(?:l|is)|origina(?:l|is)|internas|escondidas)|\b(?:instrucoes|prompt)\s+(?:\w+\s+)?(?:que\s+)?(?:voce recebeu|te deram|lhe deram))/ },
  { id: "extract:ja", pattern: /(?:システムプロンプト|初期プロンプト|隠し指示|隠された指示|秘密の指示|内部指示|最初の指示|元の指示|あなたの(?:指示|プロンプト|設定)|(?:設定され|与えられ|組み込まれ)(?:ている|た)(?:隠し)?(?:指示|プロンプト|命令)|(?:受け取った|もらった)(?:指示|プロンプト))[^。！？]{0,15}?(?:表示|出力|教え|見せ|書|開示|繰り返|翻訳|コピー|共有|は何)/ },
  { id: "extract:ko", pattern: /(?:시스템\s*프롬프트|초기\s*프롬프트|(?:처음에?|네가|너가|당신이)\s*(?:처음에?\s*)?받은\s*(?:[가-힣]+\s*){0,2}?(?:지시|지침|프롬프트)|숨겨진\s*(?:지시|지침|명령|프롬프트)|비밀\s*(?:지시|지침)|내부\s*(?:지시|지침)|너의\s*(?:지시|지침|프롬프트|설정)|네\s*(?:지시|지침|프롬프트))[^.!?]{0,20}?(?:보여|출력|알려|공개|말해|반복|번역|복사|적어|써)/ },
  // Chinese allows verb-first and object-first (把...输出) orders; "系统提示“密码错误”" alone
  // means "the system says" and has no reveal verb.
  { id: "extract:zh", pattern: /(?:显示|顯示|展示|输出|輸出|告诉我|告訴我|打印|列出|复述|複述|重复|重複|泄露|洩露|透露|给我看|給我看|说出|說出|翻译|翻譯)[^。！？]{0,10}?(?:系统提示|系統提示|系统指令|系統指令|系统消息|初始提示|隐藏的?指令|隱藏的?指令|秘密指令|内部指令|原始指令|你的(?:指令|提示|设定|設定))|(?:系统提示词|系統提示詞|系统指令|系統指令|初始提示|隐藏的?指令|隱藏的?指令|秘密指令|内部指令|原始指令)[^。！？]{0,10}?(?:显示|顯示|输出|輸出|告诉|告訴|打印|列出|复述|重复|泄露|透露|说出|翻译)/ },
  // "Your system prompt" names the assistant's configuration whatever the verb ("was steht in deinem Systemprompt?").
  { id: "extract:system-prompt", pattern: /\b(?:your|ur)\s+(?:system|initial|hidden|secret|original|pre)[\s-]?prompt\b(?!\s+(?:you|me|us|them|users?|customers?|people)\b)|\btus?\s+(?:prompt|instrucciones)\s+(?:del|de)\s+sistema\b|\b(?:ton|votre)\s+prompt\s+(?:du\s+)?systeme\b|\b(?:dein|ihr)\w*\s+system-?prompt|\btuo\s+prompt\s+di\s+sistema\b|\b(?:seu|teu)\s+prompt\s+(?:de|do)\s+sistema\b|(?:あなた|君)のシステムプロンプト|(?:너의|네|당신의)\s*시스템\s*프롬프트|你的系[统統]提示/ },
];

const NO_RULES_EN = "rules|restrictions?|filters?|limits|limitations|censorship|guidelines|content polic(?:y|ies)|ethics|morals|safety";

// Personas and modes whose point is to shed the rules: DAN, "an AI with no restrictions",
// "developer mode". "You are now my favourite agent" or "be the hiring manager" do not match.
const PERSONA_RULES: readonly Rule[] = [
  { id: "persona:dan", pattern: /\b(?:you are|you're|eres|tu es|du bist|sei|voce e|act as|pretend to be|become)\s+(?:now\s+|ahora\s+|maintenant\s+|jetzt\s+|agora\s+)?(?:o\s+|el\s+|le\s+|der\s+)?dan\b|\bdo anything now\b|\bdan mode\b|(?:あなたは|君は|お前は)dan|너는\s*dan|你(?:现在|現在)?(?:就)?是\s*dan/ },
  { id: "persona:jailbreak", pattern: /\b(?:this is|here is|here's|let's (?:try|do|play)|start|begin|initiate|enable|activate)\s+(?:a\s+|the\s+)?jailbreak\b|\bjailbreak(?:ed)?\s+(?:mode|prompt)\b|\b(?:unrestricted|unfiltered|uncensored|jailbroken|amoral)\s+(?:ai|assistant|chatbot|bot|model|mode|version|llm|gpt|self|side|twin|alter ego|persona)\b|\b(?:not|no longer|never)\s+(?:bound|restricted|limited|constrained)\s+by\s+(?:any\s+|your\s+|the\s+)?(?:rules|guidelines|restrictions|policies|filters)\b/ },
  { id: "persona:no-rules:en", pattern: new RegExp(`\\b(?:ai|assistant|bot|chatbot|model|llm|gpt|dan|persona|character|entity)\\b[^.!?\\n]{0,20}?\\b(?:with no|without(?: any)?|has no|have no)\\s+(?:${NO_RULES_EN})\\b|\\byou(?:'ve| have| are| will| can| must| now)?\\s+(?:have|had|are|were|answer|respond|reply)(?:\\s+to)?(?:\\s+(?:every|any|all)\\s+(?:questions?|requests?)|\\s+anything|\\s+everything)?\\s+(?:with no|without(?: any)?|no)\\s+(?:${NO_RULES_EN})\\b|\\b(?:you|assistant|ai|bot)\\s+(?:who|that)?\\s*(?:doesn't|does not|don't|do not|never|won't)\\s+(?:follow|obey|care about|respect)\\s+(?:any\\s+)?(?:${NO_RULES_EN}|policies)\\b|\\b(?:ai|assistant|bot|chatbot|model|you)\\b[^.!?\\n]{0,25}?\\b(?:freed|free|released|liberated|unbound|unshackled)\\s+(?:from|of)\\s+(?:all\\s+|any\\s+)?(?:of\\s+)?(?:its|your|the|their)?\\s*(?:${NO_RULES_EN}|programming|constraints)\\b|\\bnever refuses?\\b`) },
  { id: "persona:no-rules:es", pattern: /\b(?:ia|asistente|bot|chatbot|modelo|dan|eres|actua como|finge|responde|contesta)\b[^.!?\n]{0,25}?\b(?:sin|ninguna?)\s+(?:\w+\s+)?(?:restricci(?:on|ones)|reglas?|filtros?|limites?|censura|normas?|politicas?|limitaci(?:on|ones))\b/ },
  { id: "persona:no-rules:fr", pattern: /\b(?:ia|assistant|bot|chatbot|modele|dan|tu es|reponds|agis|fais comme si)\b[^.!?\n]{0,25}?\b(?:sans|aucune?)\s+(?:\w+\s+)?(?:restrictions?|regles?|filtres?|limites?|censure|limitations?)\b/ },
  { id: "persona:no-rules:de", pattern: /\b(?:ki|assistent|bot|chatbot|modell|dan|du bist|antworte|tu so)\b[^.!?\n]{0,25}?\b(?:ohne|keine?)\s+(?:\w+\s+)?(?:regeln?|einschrankung(?:en)?|filter|grenzen|zensur|beschrankung(?:en)?|richtlinien)\b/ },
  { id: "persona:no-rules:it", pattern: /\b(?:ia|assistente|bot|chatbot|modello|dan|rispondi|comportati)\b[^.!?\n]{0,25}?\b(?:senza|nessuna?)\s+(?:\w+\s+)?(?:restrizion[ei]|regol[ae]|filtr[oi]|limit[ei]|censura|limitazion[ei])\b/ },
  { id: "persona:no-rules:pt", pattern: /\b(?:ia|assistente|bot|chatbot|modelo|dan|voce e|responda|finja ser|aja como)\b[^.!?\n]{0,25}?\b(?:sem|nenhuma?)\s+(?:\w+\s+)?(?:restric(?:ao|oes)|regras?|filtros?|limites?|censura|limitac(?:ao|oes))\b/ },
  // Second person + no rules, each language ("no tienes ninguna restricción", "du hättest keine Einschränkungen").
  { id: "persona:no-rules:you", pattern: /\b(?:no\s+)?(?:tienes|tengas)\s+(?:ninguna?|ya)\s+(?:restriccion|regla|limite|filtro)|\b(?:eres|estas)\s+(?:\w+\s+)?(?:libre de|sin)\s+(?:\w+\s+)?(?:restricciones|reglas|limites|filtros)|\btu\s+n'as\s+(?:plus\s+)?aucune?\s+(?:restriction|regle|limite|filtre)|\btu\s+(?:es|n'es)\s+(?:\w+\s+)?(?:libre de|sans)\s+(?:\w+\s+)?(?:restrictions|regles|limites|filtres)|\bdu\s+(?:hast|hattest|bist|warst|warest)\s+(?:\w+\s+)?(?:keine|ohne)\s+(?:\w+\s+)?(?:regeln|einschrankungen|filter|grenzen)|\b(?:non\s+hai|sei)\s+(?:piu\s+)?(?:nessuna|alcuna|senza)\s+(?:\w+\s+)?(?:restrizion[ei]|regol[ae]|limit[ei]|filtr[oi])|\bintelligenza artificiale\s+senza\s+(?:\w+\s+)?(?:restrizion[ei]|regol[ae]|limit[ei]|filtr[oi])|\b(?:voce|ia|assistente)\s+(?:\w+\s+){0,3}?(?:nao tem|livre de|sem)\s+(?:nenhuma|qualquer)\s+(?:restricao|regra|limite|filtro)|\b(?:ai|ia|ki)\s+(?:\w+\s+)?(?:libre|livre|frei|libera|free)\s+(?:de|von|da|of|from)\s+(?:\w+\s+)?(?:restrictions?|regras?|reglas|regles|regeln|regole|rules)/ },
  { id: "persona:no-rules:ja", pattern: /(?:制限|ルール|規則|フィルター|検閲|制約)(?:の|が|に)?(?:ない|無い|なし|無し|縛られない|とらわれない)[^。]{0,6}?(?:ai|アシスタント|ボット|モデル|として|で答え|で回答|で応答)|(?:制限|ルール|規則|フィルター|制約)を(?:全部|すべて|全て)?(?:外し|解除し|取り払っ|無くし)た(?:ai|アシスタント|状態)/ },
  { id: "persona:no-rules:ko", pattern: /(?:제한|규칙|필터|검열|제약)\s*(?:이|가|에)?\s*(?:없는|없이|얽매이지\s*않는|구애받지\s*않는|구속되지\s*않는)\s*(?:ai|인공지능|어시스턴트|봇|모델|대답|답변|응답|말해|행동)/ },
  { id: "persona:no-rules:zh", pattern: /(?:没有|沒有|不受|无|無|不带|去掉|解除)(?:任何)?(?:限制|规则|規則|过滤|過濾|审查|審查|约束|約束)(?:约束|約束|限制|束缚)?(?:的|地)?(?:ai|人工智能|助手|机器人|模型|回答|回复|回應|响应)/ },
  // An order to switch mode, not a question about one ("how do I enable developer mode?").
  { id: "persona:developer-mode", pattern: /(?:^|[.!?:\n]\s*)(?:please\s+)?(?:enter|enable|activate|switch to|turn on|go into)\s+(?:your\s+)?(?:developer|dev|god|debug|jailbreak|dan)\s+mode\b|\bin (?:developer|dev|god|jailbreak|dan) mode,? you\b|(?:^|[.!?:\n]\s*)(?:activa|habilita) el modo (?:desarrollador|programador|dios)|(?:passe|entre|active)(?: en| le)? mode (?:developpeur|dieu)|(?:aktiviere|wechsle in) den entwicklermodus|attiva la modalita (?:sviluppatore|sviluppo)|(?:ative|ativa|entre no) o? ?modo (?:desenvolvedor|deus)|開発者モードを(?:有効|オン|起動)|개발자\s*모드(?:를|로)?\s*(?:활성화|켜|전환)|(?<!如何|怎么|怎样|怎麼)(?:开启|開啟|启用|啟用|打开|打開|进入|進入|切换到)开发者模式/ },
];

// Forged turns: chat-template control tokens, a "SYSTEM:" line that addresses the assistant
// or grants access, or a pasted multi-turn transcript. "System: Windows 11" stays clean.
const FAKE_TURN_RULES: readonly Rule[] = [
  { id: "fake-turn:template", pattern: /<\|[a-z_]+\|>|\[\/?inst\]|<<\/?sys>>|<\/?(?:system|sys)>|<start_of_turn>|(?:^|\n)\s*#{2,}\s*(?:instructions?|system|response|input|human|assistant|user)\b/ },
  { id: "fake-turn:role-line", pattern: /(?:^|\n)\s*(?:system|sistema|systeme|developer|admin|administrator)\s*(?:message|prompt|note|override)?\s*[:：][^\n]*\b(?:you|your|user|assistant|usuario|utilisateur|nutzer|benutzer|utente|ia|ki|admin\w*|grant|access|acceso|acces|zugriff|accesso|acesso|instructions?|ignore|override)\b/ },
  { id: "fake-turn:role-line", pattern: /(?:^|\n)\s*(?:システム|시스템|系统|系統)\s*[:：][^\n]*(?:ユーザー|あなた|管理者|사용자|너|당신|관리자|用户|用戶|你|管理员|管理員)/ },
  { id: "fake-turn:transcript", pattern: /(?:^|\n)\s*(?:user|human)\s*:[^\n]*\n(?:[^\n]*\n)*?\s*(?:assistant|ai|bot)\s*:/ },
];

const PLAIN_RULES: readonly Rule[] = [...FAKE_TURN_RULES, ...OVERRIDE_RULES, ...EXTRACT_RULES, ...PERSONA_RULES];

// Run on letters only, and only when the message spells words out letter by letter
// ("i g n o r e"), because squashing an innocent message could glue words into a phrase.
const SQUASHED_RULES: readonly Rule[] = [
  { id: "override:en", pattern: /(?:ignore|disregard|forget|override)(?:all|any|every|the|your|of)*(?:previous|prior|above|earlier|preceding|original|initial|system)+(?:instructions?|prompts?|directions|rules|guidelines)|(?:ignore|disregard|forget|override)(?:all|your)(?:instructions|prompts?|rules|guidelines)/ },
  { id: "extract:en", pattern: /(?:reveal|show|print|repeat|output|display|tell|what)\w*(?:system|initial|hidden|secret)prompt|(?:system|initial|hidden|secret)prompt\w*(?:reveal|show|print|display|repeat|output)/ },
];

function firstMatch(rules: readonly Rule[], text: string): string | undefined {
  for (const rule of rules) {
    if (rule.requires === undefined && rule.unless === undefined) {
      if (rule.pattern.test(text)) return rule.id;
      continue;
    }
    // The span regexes are global: judge every candidate span, not just the first.
    for (const match of text.matchAll(rule.pattern)) {
      const span = match[0];
      if (rule.requires !== undefined && !rule.requires.test(span)) continue;
      if (rule.unless !== undefined && rule.unless.test(span)) continue;
      return rule.id;
    }
  }
  return undefined;
}

// Cyrillic and Greek letters that look Latin; attackers swap them in to dodge keyword rules.
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  а: "a", е: "e", о: "o", р: "p", с: "c", у: "y", х: "x", і: "i", ј: "j", ѕ: "s", ԁ: "d", ο: "o", α: "a", ε: "e",
  ι: "i", κ: "k", ν: "v", τ: "t", υ: "u", ρ: "p", А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O",
  Р: "P", С: "C", Т: "T", Х: "X", І: "I", Ο: "O", Α: "A", Β: "B", Ε: "E", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ρ: "P", Τ: "T",
};
const HOMOGLYPH_CHARS = new RegExp(`[${Object.keys(HOMOGLYPHS).join("")}]`, "g");
const ZERO_WIDTH = /[\u00ad\u034f\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;
const LITERAL_ESCAPE = /\\u\{?([0-9a-f]{4,6})\}?|\\x([0-9a-f]{2})|&#x([0-9a-f]{1,6});|&#(\d{1,7});/gi;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

function decodeLiteralEscapes(text: string): string {
  return text.replace(LITERAL_ESCAPE, (whole, u?: string, x?: string, hx?: string, dec?: string) => {
    const code = u !== undefined ? parseInt(u, 16) : x !== undefined ? parseInt(x, 16) : hx !== undefined ? parseInt(hx, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** NFKC, decode literal escapes, fold homoglyphs, drop zero-width marks, lower-case, fold accents, collapse spaces. */
export function normaliseForInjection(message: string): string {
  let text = decodeLiteralEscapes(message.normalize("NFKC")).replace(ZERO_WIDTH, "");
  if (/[a-z]/i.test(text)) text = text.replace(HOMOGLYPH_CHARS, (c) => HOMOGLYPHS[c] ?? c);
  // Stripping U+0300–036F is safe for CJK: kana voicing marks and Hangul jamo live elsewhere.
  text = text.toLowerCase().normalize("NFD").replace(COMBINING_MARKS, "").normalize("NFC");
  return text.replace(/[^\S\n]+/g, " ").replace(/ ?\n[\s]*/g, "\n").trim();
}

const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
const LEET_HINT = /[a-z][013457@$]|[013457@$][a-z]/;
const SPELLED_OUT = /\b(?:[a-z][ .\-_*]+){3,}[a-z]\b/g;
const BASE64_TOKEN = /[A-Za-z0-9+/]{16,}={0,2}/g;
const HEX_TOKEN = /\b(?:[0-9a-f]{2}){8,}\b/gi;

const ROT13_RULES: readonly Rule[] = [...OVERRIDE_RULES, ...EXTRACT_RULES].filter((r) => r.id.endsWith(":en"));

const rot13 = (text: string): string =>
  text.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));

function readableOrUndefined(bytes: Buffer): string | undefined {
  const text = bytes.toString("utf8");
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{Zs}\n]/gu)?.length ?? 0;
  return text.length >= 8 && printable / text.length > 0.9 ? text : undefined;
}

// Payloads hidden in base64 or hex: decode each long token and judge the plain text.
function decodedPayloads(message: string): { kind: string; text: string }[] {
  const payloads: { kind: string; text: string }[] = [];
  for (const [token] of message.matchAll(BASE64_TOKEN)) {
    const text = readableOrUndefined(Buffer.from(token, "base64"));
    if (text !== undefined) payloads.push({ kind: "base64", text });
  }
  for (const [token] of message.matchAll(HEX_TOKEN)) {
    const text = readableOrUndefined(Buffer.from(token, "hex"));
    if (text !== undefined) payloads.push({ kind: "hex", text });
  }
  return payloads;
}

function matchObfuscatedForms(text: string): string | undefined {
  if (LEET_HINT.test(text)) {
    const rule = firstMatch(PLAIN_RULES, text.replace(/[013457@$]/g, (c) => LEET[c] ?? c));
    if (rule !== undefined) return `obfuscated:leet>${rule}`;
  }
  if (text.search(SPELLED_OUT) !== -1) {
    const joined = text.replace(SPELLED_OUT, (run) => run.replace(/[ .\-_*]/g, ""));
    const rule = firstMatch(PLAIN_RULES, joined) ?? firstMatch(SQUASHED_RULES, joined.replace(/[^a-z]/g, ""));
    if (rule !== undefined) return `obfuscated:spelled-out>${rule}`;
  }
  // Rot13 only ever hides English key phrases, so only the English rules are tried.
  const rule = firstMatch(ROT13_RULES, rot13(text));
  return rule === undefined ? undefined : `obfuscated:rot13>${rule}`;
}

export function detectInjection(message: string): InjectionVerdict {
  const text = normaliseForInjection(message);
  const rule = firstMatch(PLAIN_RULES, text) ?? matchObfuscatedForms(text);
  if (rule !== undefined) return { detected: true, rule };
  for (const payload of decodedPayloads(message.normalize("NFKC"))) {
    const inner = firstMatch(PLAIN_RULES, normaliseForInjection(payload.text));
    if (inner !== undefined) return { detected: true, rule: `encoded:${payload.kind}>${inner}` };
  }
  return { detected: false };
}
