/**
 * Concept features for the injection classifier. With about a thousand training messages a
 * character n-gram model only knows the words it has seen; mapping words of all nine languages
 * onto a few concepts ("the assistant's", "rules", "set aside", "reveal", "no limits"...) lets
 * "deixa de lado as tuas regras" borrow what was learnt from "set aside your rules". The
 * features are the concepts present and every pair of them in one segment, so the linear model
 * can weigh "override + rules + yours" differently from "override + rules + mine".
 * Word lists are matched on the normalised text (lower case, accents folded), as stems at the
 * start of a word for spaced scripts and as substrings for Chinese, Japanese and Korean.
 */

// Stems match at the start of a word ("instruction" matches "instructions").
// prettier-ignore
const LATIN: Record<string, string[]> = {
  yours: [
    "your", "ur ", "yourself", "tu ", "tus ", "ton ", "ta ", "tes ", "votre", "vos ", "dein", "tuo ", "tua ", "tuoi ",
    "tue ", "teu ", "teus ", "tuas ",
  ],
  mine: [
    "my ", "mine ", "mi ", "mis ", "mon ", "mes ", "mein", "mio ", "mia ", "miei ", "mie ", "meu ", "minha", "our ",
    "nuestr", "notre", "unser", "nostr", "noss",
  ],
  rules: [
    "instruction", "rule", "guideline", "guidance", "directive", "prompt", "polic", "filter", "restriction", "limit",
    "constraint", "safeguard", "safety", "config", "setup", "brief", "script", "programming", "system message",
    "consigne", "regle", "regla", "norma", "pauta", "directri", "restricc", "indicacion", "instruccion", "orientac",
    "diretri", "regra", "instruc", "anweisung", "regel", "richtlinie", "vorgabe", "einschrank", "beschrank",
    "konfiguration", "einrichtung", "schutz", "istruzion", "regol", "indicazion", "direttiv", "limitazion",
    "protezion", "protec", "filtr", "politi", "grenze", "konfigur", "*richtlinie", "*anweisung", "*vorgabe",
    "*regeln",
  ],
  override: [
    "ignor", "disregard", "forget", "override", "bypass", "skip", "drop ", "scrap", "discard", "set aside",
    "stop follow", "stop obey", "no longer", "void", "revoke", "cancel", "suspend", "lifted", "throw out",
    "don't need to follow", "olvid", "descart", "salta", "deja de lado", "no hagas caso", "anulad", "oubli",
    "contourn", "annul", "laisse tomber", "mets de cote", "ne tiens", "vergiss", "missacht", "umgeh", "aufgehoben",
    "wirf", "beiseite", "gilt nicht", "dimentic", "aggir", "lascia perdere", "butta", "metti da parte",
    "non dare retta", "esquec", "deita fora", "deixa de lado", "nao ligues", "desconsider", "no need to",
    "don't have to", "ya no", "ne s'applique plus", "non vale", "ja nao",
  ],
  reveal: [
    "reveal", "show", "print", "display", "output", "repeat", "dump", "paste", "copy", "quote", "recite", "echo",
    "leak", "disclose", "tell me", "list ", "what does", "what's in", "what were you", "muestr", "revel", "ensen",
    "copi", "imprim", "repit", "pega", "dime", "affich", "montr", "recopi", "cite", "colle", "dis-moi", "zeig",
    "gib ", "verrat", "kopier", "ausgeb", "zitier", "fug", "nenn", "mostr", "rivel", "stamp", "incoll", "cita",
    "dimmi", "scrivimi", "cola ", "diz-me",
  ],
  secret: [
    "hidden", "secret", "confidential", "initial", "original", "verbatim", "word for word", "exact", "before our",
    "before this", "at the start", "oculto", "oculta", "secret", "confidencial", "inicial", "palabra por palabra",
    "cache", "confidentiel", "mot pour mot", "verstec", "geheim", "vertraulich", "ursprungl", "wortwortlich",
    "wortlich", "nascost", "segret", "riservat", "inizial", "parola per parola", "escondid", "palavra por palavra",
    "interno", "interne", "internal", "context", "contexto", "contexte", "kontext", "contesto",
  ],
  unlimited: [
    "unrestricted", "unfiltered", "uncensored", "no limit", "no restriction", "no rule", "no filter", "without any",
    "without rule", "without restriction", "without limit", "without filter", "never refuse", "never says no",
    "jailbreak", "dan ", "god mode", "developer mode", "alter ego", "evil twin", "free of", "broken free",
    "zero restriction", "sin restricc", "sin limit", "sin filtro", "sin reglas", "sin norma", "sin censura",
    "nunca se niega", "sans limite", "sans restriction", "sans filtre", "sans regle", "non censure", "ohne regel",
    "ohne grenze", "ohne filter", "ohne einschrank", "ohne beschrank", "unzensiert", "nie nein", "senza limit",
    "senza regol", "senza filtr", "senza restriz", "senza censura", "senza alcuna", "sem regras", "sem limites",
    "sem filtro", "sem censura", "sem qualquer", "nunca recusa", "nunca diz", "no dice mai", "ne refuse jamais",
    "modo sin", "mode sans", "modus ohne", "modalita senza", "modo sem",
  ],
  roleplay: [
    "role-play", "roleplay", "role play", "pretend", "imagine", "story", "game", "play", "screenplay", "movie",
    "film", "simulat", "hypothetical", "in character", "stay in", "juego", "juguemos", "rol ", "finge", "imagina",
    "cuento", "obra de teatro", "jeu", "role ", "imagin", "fais comme si", "piece de theatre", "simule",
    "rollenspiel", "stell dir vor", "tu so", "spiel", "gioco", "fai finta", "immagina", "simula", "personaggio",
    "personaje", "personagem", "faz de conta",
  ],
  authority: [
    "admin", "developer", "engineering", "operator", "owner", "maintenance", "authori", "[system", "system:", "staff",
    "administrador", "desarrollador", "operador", "mantenimiento", "developpeur", "operateur", "entwickler",
    "betreiber", "wartung", "sviluppat", "operatore", "manutenzione", "programador", "manutencao", "equipo", "equipe",
    "team", "equipa",
  ],
  obey: [
    "from now on", "from here on", "obey", "only me", "my orders", "follow mine", "new directive", "new task",
    "confirm", "a partir de ahora", "desde ahora", "obedec", "desormais", "a partir de maintenant", "obeis",
    "ab sofort", "ab jetzt", "gehorch", "befolg", "d'ora in poi", "da adesso", "obbedisc", "a partir de agora",
    "obedece", "mis ordenes", "mes ordres", "meinen befehl", "miei ordini", "minhas ordens", "only job",
    "unico trabajo", "seul travail", "einzige aufgabe", "unico compito", "unico trabalho",
  ],
  givenToYou: [
    "you were", "you got", "you received", "given to you", "you've been", "were you", "you have been",
    "loaded into you", "te dieron", "te dio", "te configur", "recibiste", "te han", "on t'a", "on vous a",
    "qu'on t'a", "tu as recu", "man dir", "man dich", "du bekommen", "dir gegeben", "ti hanno", "hai ricevuto",
    "ti ha ", "te deram", "recebeste", "te configur", "te disseram", "lhe deram", "told you", "you told",
    "you were told", "were you told", "te ordenaron", "te pidieron", "te dijeron", "te indicaron", "t'a demande",
    "t'a dit", "te proibiram", "te pediu", "darfst du", "makers said",
  ],
  assistant: [
    "ai ", "ia ", "ki ", "bot", "assistant", "asistente", "assistent", "assistente", "model", "gpt", "llm",
  ],
};

// Substrings for scripts written without spaces.
// prettier-ignore
const CJK: Record<string, string[]> = {
  yours: [
    "あなた", "君の", "お前", "너", "네 ", "네가", "당신", "你", "您",
  ],
  mine: [
    "私の", "僕の", "自社", "自分の", "제 ", "저의", "제가", "내 ", "우리", "我的", "我们", "我給", "我给",
  ],
  rules: [
    "指示", "指令", "ルール", "規則", "制限", "制約", "設定", "プロンプト", "ポリシー", "フィルター", "安全", "지시", "지침", "규칙", "제한", "설정", "프롬프트",
    "정책", "필터", "안전", "规则", "限制", "设定", "配置", "提示", "政策", "过滤", "安全", "要求",
  ],
  override: [
    "無視", "忘れ", "無効", "取り消", "解除", "外し", "回避", "捨て", "気にしないで", "무시", "잊", "무효", "취소", "해제", "우회", "버려", "신경 쓰지", "忽略",
    "忘记", "忘掉", "无视", "無視", "作废", "取消", "绕过", "扔掉", "别管", "不适用", "不用遵守",
  ],
  reveal: [
    "表示", "出力", "見せ", "教え", "貼り", "コピー", "引用", "明か", "리스트", "보여", "출력", "알려", "복사", "인용", "밝혀", "붙여", "나열", "显示",
    "输出", "告诉", "复制", "引用", "透露", "给我看", "列出", "贴在", "写了什么", "書いて",
  ],
  secret: [
    "隠し", "秘密", "機密", "最初", "一字一句", "そのまま", "숨겨진", "비밀", "기밀", "처음", "한 글자", "그대로", "隐藏", "保密", "最初", "一开始", "一字不差",
    "原文", "原样", "内部",
  ],
  unlimited: [
    "無制限", "制限なし", "制限のない", "制限が一切", "フィルターなし", "検閲なし", "拒否しません", "断らない", "제한 없", "제한이 전혀", "무제한", "필터 없", "검열 없",
    "거절하지", "无限制", "没有限制", "没有任何限制", "不受", "无过滤", "不加过滤", "不受审查", "从不拒绝", "dan",
  ],
  roleplay: [
    "ロールプレイ", "ふり", "想像", "脚本", "映画", "シミュレート", "もし", "역할극", "척", "상상", "대본", "영화", "시뮬레이션", "만약", "角色扮演", "假装", "假设",
    "扮演", "剧本", "电影", "模拟",
  ],
  authority: [
    "管理者", "開発", "運営", "メンテナンス", "운영자", "관리자", "개발", "유지보수", "管理员", "开发", "运营", "维护",
  ],
  obey: [
    "今から", "これから", "今後", "従って", "従う", "지금부터", "이제부터", "따라", "从现在", "听我的", "服从", "按我的",
  ],
  givenToYou: [
    "与えられた", "受けた", "渡された", "言われた", "言われている", "頼まれた", "설정할 때", "부탁한", "设置你", "설정될 때", "받은", "들은", "주어진", "收到的", "给你的",
    "告诉你的", "被要求", "被设置",
  ],
  assistant: [
    "ai", "アシスタント", "ボット", "봇", "비서", "助手", "机器人", "ボット",
  ],
};

export const CONCEPTS = Object.keys(LATIN);

interface Stem {
  concepts: number;
  /** ASCII stems must start a word; with `wholeWord` they must end one too. */
  ascii: boolean;
  wholeWord: boolean;
}

// Every stem of every concept in one table, and one regex that finds any of them: a single
// pass over the text, which irregexp can scan quickly because no alternative starts with a
// look-behind. Word boundaries are checked in code, on ASCII letters only, since accents are
// folded by then and "j'ai" must not read as "ai".
const STEMS = new Map<string, Stem>();
CONCEPTS.forEach((concept, index) => {
  for (const entry of [...LATIN[concept], ...CJK[concept]]) {
    const inside = entry.startsWith("*");
    const text = entry.replace(/^\*/, "").trimEnd();
    const known = STEMS.get(text);
    const ascii = /^[\x20-\x7e]+$/.test(text);
    STEMS.set(text, {
      concepts: (known?.concepts ?? 0) | (1 << index),
      ascii: ascii && !inside,
      wholeWord: (known?.wholeWord ?? false) || entry.endsWith(" ") || (ascii && CJK[concept].includes(entry)),
    });
  }
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Longest first, so "set aside" is tried before "set" would be.
const ANY_STEM = new RegExp(
  [...STEMS.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join("|"),
  "g",
);
const WORD_CHAR = /[a-z0-9'’]/;

/** Bit set of the concepts present in a normalised segment. */
export function conceptsIn(segment: string): number {
  let present = 0;
  ANY_STEM.lastIndex = 0;
  for (let match = ANY_STEM.exec(segment); match !== null; match = ANY_STEM.exec(segment)) {
    const stem = STEMS.get(match[0]);
    if (stem === undefined) continue;
    if (stem.ascii) {
      const before = segment[match.index - 1];
      if (before !== undefined && WORD_CHAR.test(before)) continue;
      const after = segment[match.index + match[0].length];
      if (stem.wholeWord && after !== undefined && /[a-z0-9]/.test(after)) continue;
    }
    present |= stem.concepts;
  }
  return present;
}

// Feature ids for concepts sit in their own hash space (see appendConceptFeatures).
const CONCEPT_OFFSET = 0x5bd1e995;

/**
 * What an injection is about: the assistant's rules or setup, its secrets, a persona without
 * limits, or "what you were given". A segment that names none of these is never an attack for the
 * classifier, however it scores: "Conversations" or "Confirm password" must not lock anyone.
 */
export const TARGET_CONCEPTS = ["rules", "secret", "unlimited", "givenToYou"].reduce(
  (bits, name) => bits | (1 << CONCEPTS.indexOf(name)),
  0,
);

/** Appends one feature per concept in `present` and one per pair of them; returns how many. */
export function appendConceptFeatures(present: number, out: number[], mask: number): number {
  let added = 0;
  for (let a = 0; a < CONCEPTS.length; a++) {
    if ((present & (1 << a)) === 0) continue;
    for (let b = a; b < CONCEPTS.length; b++) {
      if ((present & (1 << b)) === 0) continue;
      out.push((Math.imul(CONCEPT_OFFSET ^ (a * 64 + b), 0x01000193) >>> 0) & mask);
      added++;
    }
  }
  return added;
}
