/** Rules for attempts to make the assistant reveal its system prompt or hidden instructions. */
import type { InjectionRule as Rule } from "./injection-rule.js";

const VERBATIM =
  "verbatim|word for word|word-for-word|palabra por palabra|mot pour mot|wortwortlich|wort fur wort|parola per parola|palavra por palavra|一字一句|逐字|한 글자도|토씨 하나";
const OWN_INSTRUCTIONS =
  "(?:your|ur|\\btes|\\btus|deine?\\w*|\\btue|\\btuoi|\\bsuas?|\\bseus?|あなたの|君の|네|너의|당신의|你的|initial|original|initiales?|iniciales?|iniziali|iniciais|originais|originales?|ursprunglich\\w*|初期|最初|初始|처음|초기|che hai ricevuto|que te deram)" +
  "[^.!?。！？\\n]{0,20}?(?:prompt|instructions|consignes|instrucciones|instrucoes|istruzioni|anweisungen|プロンプト|指示|지침|지시|프롬프트|指令|提示)";

// "Show me your system prompt": a reveal verb, then the assistant's own instructions.
export const EXTRACT_RULES: readonly Rule[] = [
  {
    id: "extract:en",
    pattern:
      /\b(?:reveal|show|print|display|output|repeat|tell|give|share|dump|leak|expose|list|write|type|spell|send|paste|copy|translate|summari[sz]e|recite|read|disclose|provide|what(?:'s| is| are| were))\b[^.?!\n]{0,30}?\b(?:(?:your|ur)\s+(?:(?:full|entire|complete|exact|original|initial|hidden|secret|system|developer|real|underlying|first|starting|configuration|config|setup|startup|base|core)\s+){0,3}(?:prompts?|instructions|directives|programming|system\s+message|context\s+window)\b(?!\s+(?:for|on|about|regarding|to)\b)|(?:your|the)\s+(?:\w+\s+){0,2}?(?:hidden|secret|system|initial|original|developer|starting|underlying|confidential|pre)[\s-]*(?:prompts?|instructions|directives|system\s+messages?|configuration)\b(?!\s+(?:for|on|about|regarding|to)\b)|\b(?:instructions|prompt|rules|directives)\s+(?:that\s+)?(?:your|the)\s+(?:operator|developer|creator|company|owner|programmer|maker)s?\s+gave\s+you|\b(?:prompt|instructions)\s+(?:that\s+)?you\s+(?:were|have been|'ve been)\s+(?:initiali[sz]ed|configured|set up|programmed|started|booted)\b|\b(?:instructions|prompt|rules)\s+(?:that\s+)?you\s+(?:received|got)\s+from\s+(?:your|the)\s+(?:developers?|creators?|company|operators?|makers?|owners?))/,
  },
  {
    id: "extract:en",
    pattern:
      /\bwhat (?:instructions|rules|directives|prompt|guidelines) (?:were|have) you (?:been )?(?:given|told|provided|programmed)\b|\b(?:repeat|print|output|show|copy|display|write out)\b[^.!?\n]{0,25}?\b(?:text|words|everything|content|lines?)\s+(?:above|before this)\b|\bstart(?:ing)? with\s+(?:the words?\s+)?["'“‘]?you are\b|\b(?:you(?:'re| are| were|'ve been| have been)|(?:they|developers?|(?:the )?people who (?:built|made|created|trained) you|your (?:creators?|developers?|company|makers?|owners?))\s+(?:told|tell|instructed|asked)\s+you)\s+(?:told\s+|instructed\s+|asked\s+|programmed\s+)?(?:to\s+)?(?:never|not)\s+(?:to\s+)?(?:say|reveal|share|disclose|tell|show|repeat|mention)\b|\btold to keep (?:secret|hidden|confidential)\b/,
  },
  // What the assistant was given before the user's first message.
  {
    id: "extract:before-chat",
    pattern:
      /\b(?:written|text|content|given to you|told to you)\b[^.!?\n]{0,40}\b(?:before (?:my first message|this (?:chat|conversation) (?:started|began))|the (?:very )?(?:beginning|start) of (?:this|the|our) (?:conversation|chat))\b|\bam anfang (?:dieses|des) (?:chats|gesprachs|gespraches)\b[^.!?\n]{0,30}\b(?:anweisung\w*|gegeben|geschrieben)|会話の(?:最初|始め|冒頭|開始前)に?(?:書かれ|入力され|設定され|与えられ)|대화\s*(?:시작\s*전|처음|시작)에?[^.!?]{0,12}(?:입력된|주어진|쓰여진|적힌|설정된)|(?:对话|對話|聊天|会话)(?:开始|開始)(?:前|之前|时)[^。]{0,8}(?:写给你|給你|给你|输入|設定|设定)/,
  },
  // "What were you told never to reveal?" in each language.
  {
    id: "extract:forbidden",
    pattern:
      /\bte\s+(?:dijeron|pidieron|ordenaron|han dicho)\s+que\s+no\s+(?:me\s+)?(?:contaras|dijeras|revelaras|mostraras)|(?:on t'a|t'a-t-on|on vous a)\s+(?:demande|dit|ordonne)\s+de\s+ne\s+(?:jamais\s+|pas\s+)?(?:reveler|dire|montrer|partager)|\bdir\s+(?:\w+\s+){0,3}nie(?:mals)?\s+(?:zu\s+)?(?:verraten|sagen|zeigen)|\bti\s+(?:hanno detto|hanno chiesto|hanno ordinato)\s+di\s+non\s+(?:rivelare|dire|mostrare)|\bte\s+(?:mandaram|disseram|pediram|instruiram)\s+(?:para\s+)?(?:nunca|nao)\s+(?:revelar|contar|dizer|mostrar)/,
  },
  {
    id: "extract:es",
    pattern:
      /\b(?:muestr|ensen|revel|dim|di|dec|imprim|escrib|repit|repet|cuales|cual|que|compart|dam|copi|tradu)\w*\b[^.?!\n]{0,30}?(?:\b(?:tu|tus|su|sus)\s+(?:prompts?|instrucciones|directrices)\b(?!\s+(?:para|de|sobre)\b)|\b(?:prompt|instrucciones|mensaje)\s+(?:del|de)\s+sistema|\b(?:instrucciones|prompt|directrices)\s+(?:ocultas?|secretas?|iniciales|originales|internas)|\b(?:instrucciones|prompt|mensaje de sistema)\s+(?:que\s+)?(?:te\s+(?:dio|dieron|han dado)|tienes configurado)|\bmensaje\s+(?:del?\s+)?sistema\s+que\s+tienes)/,
  },
  {
    id: "extract:fr",
    pattern:
      /\b(?:affich|montr|revel|donn|dis|dit|repet|ecri|imprim|copi|tradui|quel)\w*\b[^.?!\n]{0,30}?(?:\b(?:ton|tes|votre|vos)\s+(?:prompts?|instructions|consignes|directives)\b(?!\s+(?:pour|sur|concernant)\b)|\b(?:prompt|message|instructions?|consignes)\s+(?:du\s+)?systeme|\b(?:instructions|consignes|directives|prompt)\s+(?:cachees?|secret(?:es)?|initiales?|originales?|internes|d'origine)|\b(?:instructions|consignes|prompt)\s+(?:qu'on|que l'on)\s+(?:t'a|vous a)\s+(?:donnee?s?|fournie?s?))/,
  },
  {
    id: "extract:de",
    pattern:
      /\b(?:zeig|gib|geben|nenn|verrat|wiederhol|schreib|druck|kopier|ubersetz|was|welche|wie lautet|wie lauten|offenbar|enthull|liste)\w*\b[^.?!\n]{0,30}?(?:\b(?:dein|deine|deinen|ihre|ihren)\s+(?:\w+\s+)?(?:system)?(?:prompt|anweisungen|instruktionen|systemanweisungen|vorgaben)\b(?!\s+(?:fur|zu|zum|zur)\b)|\b(?:versteckten|geheimen|ursprunglichen|internen|initialen)\s+(?:anweisungen|instruktionen|prompt|vorgaben)|\bsystem[- ]?prompt(?!\s+(?:fur|zu|zum|zur)\b))/,
  },
  {
    id: "extract:it",
    pattern:
      /\b(?:mostr|rivel|dimmi|dammi|ripet|scriv|stamp|copi|tradu|qual|condivid|elenc)\w*\b[^.?!\n]{0,30}?(?:\b(?:tuo|tuoi|tue)\s+(?:prompts?|istruzioni|direttive)\b(?!\s+(?:per|su)\b)|\b(?:prompt|istruzioni|messaggio)\s+(?:di|del)\s+sistema(?!\s+(?:del|della|dei|per)\b)|\b(?:istruzioni|prompt|direttive)\s+(?:nascost[eo]|segret[eo]|inizial[ei]|original[ei]|interne)|\bistruzioni\s+(?:che\s+)?(?:hai ricevuto|ti hanno dato))/,
  },
  {
    id: "extract:pt",
    pattern:
      /\b(?:mostr|revel|dig|diz|repit|escrev|imprim|copi|traduz|quais|qual|compartilh|de-me|me de)\w*\b[^.?!\n]{0,30}?(?:\b(?:seu|sua|suas|seus|teu|tuas)\s+(?:prompts?|instrucoes|diretrizes)\b(?!\s+(?:para|sobre)\b)|\b(?:prompt|instrucoes|mensagem)\s+(?:do|de)\s+sistema(?!\s+(?:do|da|dos|para)\b)|\b(?:instrucoes|prompt|diretrizes)\s+(?:ocult[ao]s?|secret[ao]s?|inicia(?:l|is)|origina(?:l|is)|internas|escondidas)|\b(?:instrucoes|prompt)\s+(?:\w+\s+)?(?:que\s+)?(?:voce recebeu|te deram|lhe deram))/,
  },
  {
    id: "extract:ja",
    pattern:
      /(?:システムプロンプト|初期プロンプト|隠し指示|隠された指示|秘密の指示|内部指示|最初の指示|元の指示|あなたの(?:指示|プロンプト|設定)|(?:設定され|与えられ|組み込まれ)(?:ている|た)(?:隠し)?(?:指示|プロンプト|命令)|(?:受け取った|もらった)(?:指示|プロンプト))[^。！？]{0,15}?(?:表示|出力|教え|見せ|書(?!いています|いている|いてい)|開示|繰り返|翻訳|コピー|共有|は何)/,
  },
  {
    id: "extract:ko",
    pattern:
      /(?:시스템\s*프롬프트|초기\s*프롬프트|(?:처음에?|네가|너가|당신이)\s*(?:처음에?\s*)?받은\s*(?:[가-힣]+\s*){0,2}?(?:지시|지침|프롬프트)|숨겨진\s*(?:지시|지침|명령|프롬프트)|비밀\s*(?:지시|지침)|내부\s*(?:지시|지침)|너의\s*(?:지시|지침|프롬프트|설정)|네\s*(?:지시|지침|프롬프트))[^.!?]{0,20}?(?:보여|출력|알려|공개|말해|반복|번역|복사|적어|써)/,
  },
  // Chinese allows verb-first and object-first (把...输出) orders; "系统提示“密码错误”" alone
  // means "the system says" and has no reveal verb.
  {
    id: "extract:zh",
    pattern:
      /(?:显示|顯示|展示|输出|輸出|告诉我|告訴我|打印|列出|复述|複述|重复|重複|泄露|洩露|透露|给我看|給我看|说出|說出|翻译|翻譯)[^。！？]{0,10}?(?:系统提示|系統提示|系统指令|系統指令|系统消息|初始提示|隐藏的?指令|隱藏的?指令|秘密指令|内部指令|原始指令|你的(?:指令|提示|设定|設定))|(?:系统提示词|系統提示詞|系统指令|系統指令|初始提示|隐藏的?指令|隱藏的?指令|秘密指令|内部指令|原始指令)[^。！？]{0,10}?(?:显示|顯示|输出|輸出|告诉|告訴|打印|列出|复述|重复|泄露|透露|说出|翻译)/,
  },
  // "Your system prompt" names the assistant's configuration whatever the verb ("was steht in deinem Systemprompt?").
  {
    id: "extract:system-prompt",
    pattern:
      /\b(?:your|ur)\s+(?:system|initial|hidden|secret|original|pre|configuration|startup)[\s-]?(?:prompt|instructions)\b(?!\s+(?:you|me|us|them|users?|customers?|people|for|on|about|regarding|to)\b)|\btus?\s+(?:prompt|instrucciones\s+(?:del|de)\s+sistema)\b|\b(?:ton|votre)\s+prompt\b|\b(?:dein|ihr)\w*\s+(?:system-?)?prompt|\btuo\s+prompt\b|\b(?:seu|teu)\s+prompt\b|(?:あなた|君)のシステムプロンプト|(?:너의|네|당신의)\s*시스템\s*프롬프트|你的系[统統]提示/,
  },
  // "Word for word" + the assistant's own instructions, in any language and with any verb.
  {
    id: "extract:verbatim",
    pattern: new RegExp(
      `(?:${VERBATIM})[^.!?。！？\\n]{0,80}?${OWN_INSTRUCTIONS}|${OWN_INSTRUCTIONS}[^.!?。！？\\n]{0,80}?(?:${VERBATIM})`,
    ),
  },
];
