/** Rules for "ignore/forget your previous instructions" in the nine languages. */
import {
  DE_NOUN,
  EN_NOUN,
  ES_NOUN,
  FR_NOUN,
  IT_NOUN,
  overrideSpan,
  PT_NOUN,
  SUSPENDED_RULES,
  type InjectionRule as Rule,
} from "./injection-rule.js";

// "Ignore/forget <qualifier> instructions" in the six Latin-script languages. The qualifier
// (previous, all, your, system...) is what separates an override from "ignore the typo" or
// "ignore the instructions on the box"; a possessive "my" marks the user's own instructions.
export const OVERRIDE_RULES: readonly Rule[] = [
  {
    id: "override:en",
    pattern: overrideSpan(
      "ignor(?:e|es|ing)|disregard(?:s|ing)?|forget(?:s|ting)?|overrid(?:e|es|ing)|bypass(?:es|ing)?|neglect|discard|abandon|overrule|disobey(?:s|ing)?|stop (?:following|obeying)|(?:don't|do not|no longer|must not|mustn't|should not|never) (?:follow|obey)",
      EN_NOUN,
    ),
    requires:
      /\b(?:all|any|every|your|ur|previous|prior|above|earlier|preceding|former|original|initial|system|safety|ethical|built-in|internal|developer|hidden|default|existing|given|received|you (?:have|were|have been|'ve been) given|you have|you've got)\b/,
    requiresAfter:
      /\b(?:above|before|previous|prior|earlier|given|received|you have|you've got|your (?:company|developers?|creators?|operators?|makers?|owners?) (?:gave|set|wrote))\b/,
    unless: new RegExp(
      `\\b(?:my|our)\\s+(?:[\\w'-]+\\s+){0,2}(?:${EN_NOUN})\\b|\\b(?:${EN_NOUN})\\s+(?:that\\s+|which\\s+)?(?:i|we)\\s+(?:gave|sent|wrote|left|made|mentioned|provided|added|typed)\\b`,
    ),
  },
  // "Forget everything you were told" in each language; "forget everything I said" is a reset, not an attack.
  {
    id: "override:forget-all",
    pattern:
      /\b(?:forget|ignore|disregard)\s+(?:everything|all(?: of it)?|what|whatever)\s+(?:(?:that\s+)?you(?:'ve| have| were| had)?\s+(?:been\s+)?(?:told|taught|given|instructed|programmed)|you know|(?:your\s+(?:company|developers?|creators?|operators?|owners?|makers?|boss|programmers?)|they)\s+(?:told|taught|instructed)\s+you)\b|\bolvida\s+todo\s+lo\s+que\s+te\s+(?:dijeron|han dicho|ensenaron|programaron)|\boublie\s+tout\s+ce\s+(?:qu'on t'a|que l'on t'a)\s+(?:dit|appris)|\bvergiss\s+alles,?\s+was\s+(?:man\s+)?dir\s+(?:\w+\s+){0,2}(?:gesagt|beigebracht|vorgegeben|aufgetragen)|\bdimentica\s+tutto\s+(?:quello|cio)\s+che\s+ti\s+(?:hanno|e stato)\s+(?:detto|insegnato)|\b(?:esqueca|desconsidere|ignore)\s+tudo\s+(?:o\s+)?que\s+(?:te\s+foi\s+dito|foi\s+dito\s+a\s+voce|te\s+disseram|te\s+ensinaram|lhe\s+disseram)/,
  },
  {
    id: "override:es",
    pattern: overrideSpan(
      "ignora|ignore|ignorar|ignoren|olvida|olvide|olvidar|olviden|omite|descarta|desobedece|haz caso omiso (?:a|de)|salta(?:te)?|no (?:hagas|haga|hagan) caso (?:a|de)|no (?:sigas|obedezcas|respetes)",
      ES_NOUN,
    ),
    requires:
      /\b(?:todas|todos|tus|sus|anteriores|previas|previos|originales|iniciales|ocultas|sistema|arriba|seguridad|que tienes|que te (?:dieron|dio|han dado)|recibidas)\b/,
    requiresAfter:
      /\b(?:anteriores|previas|previos|originales|iniciales|ocultas|del sistema|de arriba|de seguridad|que tienes|que te (?:dieron|dio|han dado)|recibidas)\b/,
    unless: new RegExp(
      `\\b(?:mis|nuestras|nuestros)\\s+(?:\\w+\\s+){0,2}(?:${ES_NOUN})|(?:${ES_NOUN})\\s+que\\s+(?:te\\s+)?(?:di|dimos|envie|mande|escribi)\\b`,
    ),
  },
  {
    id: "override:fr",
    pattern: overrideSpan(
      "ignore|ignorez|ignorer|oublie|oubliez|oublier|ne (?:tiens|tenez) (?:plus|pas) compte (?:des|de)|fais abstraction (?:des|de)|outrepasse|contourne|ne (?:respecte|suis|suivez|respectez) (?:plus|pas)|n'obeis (?:plus|pas) a|arrete de (?:suivre|respecter)",
      FR_NOUN,
    ),
    requires:
      /\b(?:toutes|tous|tes|vos|precedentes|precedents|anterieures|initiales|originales|cachees|systeme|securite|ci-dessus)\b|qu'on (?:t'a|vous a)|que l'on (?:t'a|vous a)/,
    requiresAfter:
      /\b(?:precedentes|precedents|anterieures|initiales|originales|cachees|du systeme|de securite|ci-dessus)\b|qu'on (?:t'a|vous a)|que l'on (?:t'a|vous a)/,
    unless: new RegExp(`\\b(?:mes|nos)\\s+(?:\\w+\\s+){0,2}(?:${FR_NOUN})|(?:${FR_NOUN})\\s+que\\s+je\\s+`),
  },
  {
    id: "override:de",
    pattern: overrideSpan(
      "ignoriere|ignorier|ignorieren|vergiss|vergessen|missachte|missachten|uberschreibe|umgehe|halte dich nicht (?:mehr )?an|befolge (?:nicht|keine)(?: mehr)?",
      DE_NOUN,
    ),
    requires:
      /\b(?:alle|deine|ihre|vorherigen|bisherigen|fruheren|obigen|ursprunglichen|versteckten|die man dir|die du|erhalten)\b|system|sicherheit/,
    requiresAfter: /\b(?:die man dir|die du|erhalten)\b/,
    unless: new RegExp(`\\b(?:meine|unsere)\\s+(?:\\w+\\s+){0,2}\\w*(?:${DE_NOUN})|(?:${DE_NOUN}),?\\s+die\\s+ich\\b`),
  },
  {
    id: "override:de",
    pattern: new RegExp(`\\bsetze\\s+(?:\\w+\\s+){0,3}\\w*(?:${DE_NOUN})\\s+(?:au(?:ss|ß)er kraft)`),
  },
  // German puts the infinitive last: "bitte alle vorherigen Anweisungen ignorieren".
  {
    id: "override:de",
    pattern: new RegExp(
      `\\b(?:alle|deine|ihre|vorherigen|bisherigen|obigen)\\s+(?:\\w+\\s+){0,2}\\w*(?:${DE_NOUN})\\s+(?:\\w+\\s+){0,2}(?:ignorieren|vergessen|missachten)\\b`,
    ),
  },
  {
    id: "override:it",
    pattern: overrideSpan(
      "ignora|ignori|ignorare|dimentica|dimentichi|dimenticare|trascura|non considerare|non tenere conto (?:delle|dei|di)|non (?:seguire|rispettare)(?: piu)?",
      IT_NOUN,
    ),
    requires:
      /\b(?:tutte|tutti|tue|tuoi|sue|qualsiasi|precedenti|iniziali|originali|nascoste|sistema|sicurezza|sopra|prima|ricevut[ea]|che hai|che ti hanno)\b/,
    requiresAfter:
      /\b(?:precedenti|iniziali|originali|nascoste|di sistema|di sicurezza|sopra|prima|ricevut[ea]|che hai|che ti hanno)\b/,
    unless: new RegExp(
      `\\b(?:mie|miei|nostre)\\s+(?:\\w+\\s+){0,2}(?:${IT_NOUN})|(?:${IT_NOUN})\\s+che\\s+ti\\s+ho\\b`,
    ),
  },
  {
    id: "override:pt",
    pattern: overrideSpan(
      "ignore|ignora|ignorar|ignorem|esqueca|esquece|esquecer|desconsidere|desconsiderar|despreze|nao (?:siga|obedeca|respeite)|deixe de lado|pare de (?:seguir|obedecer)",
      PT_NOUN,
    ),
    requires:
      /\b(?:todas|todos|suas|seus|tuas|anteriores|previas|iniciais|originais|ocultas|sistema|seguranca|acima|que te deram|que lhe deram|que voce recebeu|recebidas)\b/,
    requiresAfter:
      /\b(?:anteriores|previas|iniciais|originais|ocultas|do sistema|de seguranca|acima|que te deram|que lhe deram|que voce recebeu|recebidas)\b/,
    unless: new RegExp(`\\b(?:minhas|meus|nossas)\\s+(?:\\w+\\s+){0,2}(?:${PT_NOUN})|(?:${PT_NOUN})\\s+que\\s+eu\\b`),
  },
  // CJK: a qualifier (previous / all / your / system) directly before the instruction noun,
  // then "ignore/forget". "前のメッセージの誤字は無視" has no instruction noun and stays clean.
  {
    id: "override:ja",
    pattern:
      /(?:以前|前|これまで|今まで|上記|以上|先|最初|与えられた|設定された|受け取った|もらった|元|全て|すべて|あなた|システム|安全|セキュリティ)の?(?:全ての|すべての)?(?:指示|命令|指令|プロンプト|ルール|設定|制約|ガイドライン)(?:は|を|も)?(?:すべて|全て|全部)?(?:無視|忘れ|破棄|取り消|無効|なかったこと)/,
  },
  {
    id: "override:ko",
    pattern:
      /(?:이전|앞의|앞서|위의|지금까지|기존|모든|너의|네|당신의|시스템|원래|처음|보안|주어진|받은)[의\s]*(?:모든\s*)?(?:지시(?:\s*사항)?|지침|명령|규칙|프롬프트|설정|제한|가이드라인)\s*(?:을|를|은|는|도)?\s*(?:모두|전부|다)?\s*(?:무시|잊|버려|취소|무효)/,
  },
  {
    id: "override:zh",
    pattern:
      /(?:忽略|无视|無視|忘记|忘記|忘掉|不要理会|不要理會|不理会|抛弃|拋棄|放弃|跳过|绕过|繞過|覆盖)掉?你?(?:之前|先前|以前|以上|上面|上述|前面|原来|原來|原有|原始|所有|全部|一切|系统|系統|安全|你的)(?:之前|先前|以前|所有|全部|系统|系統|安全|的)*(?:指令|指示|提示词|提示詞|提示|规则|規則|设定|設定|限制|命令|约束|約束)/,
  },
  {
    id: "override:zh",
    pattern:
      /(?:之前|先前|以前|以上|所有|收到|得到|给你|給你|被设定)的(?:所有|全部)?(?:指令|指示|规则|規則|设定|設定|限制)(?:全部|都|统统)?(?:忘掉|忘记|忘記|忽略|无视|無視|丢掉|不要管|作废|作廢|失效|无效|無效|取消)/,
  },
  // "Your previous instructions are cancelled", "for this conversation, rules are suspended".
  {
    id: "override:en",
    pattern: new RegExp(
      `\\b(?:(?:your|previous|prior|all|system)\\s+(?:\\w+\\s+)?|for (?:this|the rest of this) (?:conversation|chat|session),?\\s+(?:\\w+\\s+)?)${SUSPENDED_RULES}|${SUSPENDED_RULES}\\s+for (?:this|the rest of this) (?:conversation|chat|session)`,
    ),
  },
  // A new job or a new system prompt for the assistant, or a claim to be its maker. A bare
  // "New instructions:" is left alone: customers use it for delivery notes.
  {
    id: "override:en",
    pattern:
      /\b(?:new|updated|real|actual|override|additional)\s+system\s+(?:prompt|instructions?|message)\b|\byour (?:only |new |real |actual |sole )(?:task|role|purpose|goal|job|mission|instructions?) (?:now |from now on )?is\b|\byour (?:new|updated) (?:guidelines|rules|instructions|policy|policies) (?:say|says|state|states) (?:that )?you\b|\byou are no longer (?:a|an|the)\b|\b(?:previous|prior|your|all|earlier|original|system) (?:rules|instructions|guidelines|restrictions) (?:don't|do not|no longer|doesn't|does not) apply\b|\bi(?:'m| am) your (?:developer|creator|programmer|maker|operator|owner)\b/,
  },
];
