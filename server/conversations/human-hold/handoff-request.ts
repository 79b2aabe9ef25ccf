/**
 * Whether a message asks for a person instead of the agent, in the nine languages the app
 * speaks (contracts/voice-languages.ts), and what the user is told then, in the language they
 * asked in. Rules, not a model: the check runs on every turn before the model is asked, and
 * must cost microseconds. Each rule pairs "want / talk / connect" wording with a word for a
 * person, so "a human-like voice" or "talk about people" do not trip it.
 */
import type { LanguageCode } from "../../../contracts/voice-languages.js";

const RULES: { language: LanguageCode; pattern: RegExp }[] = [
  {
    language: "en-US",
    pattern:
      /\b(?:talk|speak|chat|connect|transfer|put)\b[^.?!]{0,30}\b(?:a |an |to a |with a |to an? )?(?:real |live |actual )?(?:human|person|agent|operator|representative|someone real|somebody real)\b|\b(?:human|real person|live agent|operator|representative),? please\b|\bi (?:want|need|would like) (?:a |an )?(?:real |live )?(?:human|person|operator|representative)\b/i,
  },
  {
    language: "es-ES",
    pattern:
      /\b(?:hablar|habla|comunicarme|p[aá]same|p[oó]nme|quiero|necesito)\b[^.?!]{0,30}\b(?:una persona|un humano|un ser humano|un agente|un operador|una operadora|alguien real|persona real)\b/i,
  },
  {
    language: "fr-FR",
    pattern:
      /\b(?:parler|veux|voudrais|besoin|passez-moi|mettez-moi)\b[^.?!]{0,30}\b(?:une personne|un humain|un être humain|un conseiller|une conseillère|un opérateur|quelqu'un de réel|une vraie personne)\b/i,
  },
  {
    language: "de-DE",
    pattern:
      /\b(?:sprechen|reden|verbinden|möchte|will|brauche)\b[^.?!]{0,40}\b(?:einem? (?:echten )?menschen|eine(?:r)? (?:echten )?person|mitarbeiter(?:in)?|berater(?:in)?)\b|\b(?:einem? (?:echten )?menschen|eine(?:r)? (?:echten )?person|mitarbeiter(?:in)?)\b[^.?!]{0,30}\b(?:sprechen|reden|verbinden)\b/i,
  },
  {
    language: "it-IT",
    pattern:
      /\b(?:parlare|voglio|vorrei|passami|mettimi)\b[^.?!]{0,30}\b(?:una persona|un essere umano|un umano|un operatore|un'operatrice|un consulente|una persona reale)\b/i,
  },
  {
    language: "pt-PT",
    pattern:
      /\b(?:falar|quero|queria|preciso|passe-me|ligue-me)\b[^.?!]{0,30}\b(?:uma pessoa|um humano|um ser humano|um atendente|uma atendente|um operador|um assistente humano|pessoa real)\b/i,
  },
  {
    language: "ja-JP",
    pattern: /(?:人間|担当者|オペレーター|スタッフ|有人)[^。？！?!]{0,12}(?:話|つな|繋|代わ|替わ|お願い)/,
  },
  { language: "ko-KR", pattern: /(?:사람|상담원|상담사|직원|담당자)[^.?!]{0,12}(?:이야기|얘기|통화|연결|바꿔|대화)/ },
  {
    language: "zh-CN",
    pattern: /(?:人工|真人|客服人员|工作人员|人工客服)[^。？！?!]{0,10}|(?:转|接|找)(?:人工|真人|客服)/,
  },
];

/** The language a message asks for a person in, or null when it does not. */
export function handoffLanguage(message: string): LanguageCode | null {
  for (const rule of RULES) if (rule.pattern.test(message)) return rule.language;
  return null;
}

/** What the user is told: a person was asked, and the agent carries on meanwhile (honest about the wait). */
export const HANDOFF_NOTICES: Record<LanguageCode, (waitMinutes: number) => string> = {
  "en-US": (m) =>
    `I've asked a person from the team to join this conversation. Someone will reply here as soon as they are free; if nobody has joined within ${m} minutes, I'll keep helping you myself.`,
  "es-ES": (m) =>
    `He pedido que una persona del equipo se una a esta conversación. Alguien te responderá aquí en cuanto esté libre; si nadie se ha unido en ${m} minutos, seguiré ayudándote yo.`,
  "fr-FR": (m) =>
    `J'ai demandé à une personne de l'équipe de rejoindre cette conversation. Quelqu'un vous répondra ici dès que possible ; si personne ne l'a rejointe dans ${m} minutes, je continuerai à vous aider.`,
  "de-DE": (m) =>
    `Ich habe eine Person aus dem Team gebeten, diesem Gespräch beizutreten. Jemand antwortet hier, sobald er frei ist; wenn in ${m} Minuten niemand beigetreten ist, helfe ich Ihnen selbst weiter.`,
  "it-IT": (m) =>
    `Ho chiesto a una persona del team di unirsi a questa conversazione. Qualcuno ti risponderà qui appena possibile; se nessuno si è unito entro ${m} minuti, continuerò ad aiutarti io.`,
  "pt-PT": (m) =>
    `Pedi a uma pessoa da equipa para se juntar a esta conversa. Alguém responderá aqui assim que estiver livre; se ninguém se juntar dentro de ${m} minutos, continuarei a ajudá-lo eu.`,
  "ja-JP": (m) =>
    `チームの担当者にこの会話への参加を依頼しました。手が空き次第ここで返信します。${m}分以内に誰も参加しない場合は、引き続き私がお手伝いします。`,
  "ko-KR": (m) =>
    `팀의 담당자에게 이 대화에 참여해 달라고 요청했습니다. 담당자가 가능해지는 대로 여기에서 답변드립니다. ${m}분 안에 아무도 참여하지 않으면 제가 계속 도와드리겠습니다.`,
  "zh-CN": (m) =>
    `我已请团队中的一位同事加入此对话。有人空闲时会在这里回复您；如果${m}分钟内无人加入，我会继续为您提供帮助。`,
};

/**
 * What the user is told when nobody joined within the wait (issue 26: honest about whether a
 * person is available): the agent carries on, and a message left here will be read.
 */
export const HANDOFF_UNANSWERED_NOTICES: Record<LanguageCode, (waitMinutes: number) => string> = {
  "en-US": (m) =>
    `Nobody from the team could join within ${m} minutes, so I'll keep helping you myself. Ask me again, or leave a message here and a colleague will read it.`,
  "es-ES": (m) =>
    `Nadie del equipo ha podido unirse en ${m} minutos, así que seguiré ayudándote yo. Vuelve a preguntarme, o deja aquí un mensaje y un compañero lo leerá.`,
  "fr-FR": (m) =>
    `Personne de l'équipe n'a pu rejoindre la conversation en ${m} minutes, je continue donc à vous aider moi-même. Reposez-moi votre question, ou laissez un message ici : un collègue le lira.`,
  "de-DE": (m) =>
    `In ${m} Minuten konnte niemand aus dem Team beitreten, deshalb helfe ich Ihnen selbst weiter. Fragen Sie mich gern noch einmal, oder hinterlassen Sie hier eine Nachricht – jemand aus dem Team wird sie lesen.`,
  "it-IT": (m) =>
    `Nessuno del team ha potuto unirsi entro ${m} minuti, quindi continuo ad aiutarti io. Chiedimelo di nuovo, oppure lascia qui un messaggio e un collega lo leggerà.`,
  "pt-PT": (m) =>
    `Ninguém da equipa conseguiu juntar-se em ${m} minutos, por isso continuo eu a ajudá-lo. Pergunte-me de novo, ou deixe aqui uma mensagem e um colega irá lê-la.`,
  "ja-JP": (m) =>
    `${m}分以内にチームの担当者が参加できなかったため、引き続き私がお手伝いします。もう一度ご質問いただくか、ここにメッセージを残していただければ担当者が確認します。`,
  "ko-KR": (m) =>
    `${m}분 안에 팀의 담당자가 참여하지 못해 제가 계속 도와드리겠습니다. 다시 질문해 주시거나 여기에 메시지를 남겨 주시면 담당자가 확인합니다.`,
  "zh-CN": (m) =>
    `${m}分钟内团队中没有人能够加入，所以我会继续为您提供帮助。您可以再问我一次，或在这里留言，同事会阅读。`,
};
