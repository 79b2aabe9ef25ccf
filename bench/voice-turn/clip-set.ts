/**
 * The recorded turn-taking set (issue 27's goal: 0 splits for pauses ≤ 1.2 s inside a sentence
 * and 0 interruptions by backchannels, over ≥ 50 clips in at least four languages): what each
 * clip says, in which language, and what the call should do with it. make-clips.ts speaks these
 * with the app's espeak-ng; clips.ts plays them into the call's own turn-taking code.
 *
 * Kinds:
 *  - "pause": one sentence with a pause of 0.5–1.2 s at a mid-phrase point (`at`); expected:
 *    one turn, the whole sentence, and no reply to the first half ever sounds.
 *  - "backchannel": an acknowledgement spoken over the agent's reply (at a level relative to
 *    full scale, `gainDb`); expected: the reply plays on, nothing is stored.
 *  - "interruption" (control): a real objection over the reply; expected: the reply stops.
 *  - "complete" (control): a finished question; expected: answered without the extra wait.
 *
 * Each part is written as a transcriber would write it (digits as digits). A part cut off at the
 * pause is written as a speech-to-text model writes a fragment: with a full stop, unless it ends
 * with punctuation of its own (clip-call.ts, `asTranscribed`).
 */
import type { LanguageCode } from "../../contracts/voice-languages.js";

export type ClipKind = "pause" | "backchannel" | "interruption" | "complete";
export type PausePoint = "conjunction" | "article" | "preposition" | "number" | "list" | "possessive" | "filler";

export interface ClipSpec {
  id: string;
  language: LanguageCode;
  kind: ClipKind;
  /** Spoken parts; a pause clip has two, with `pauseSeconds` of quiet between them. */
  parts: string[];
  pauseSeconds?: number;
  at?: PausePoint;
  gainDb?: number;
}

export const EXPECTED: Record<ClipKind, string> = {
  pause: "one turn with the whole sentence; no reply to the first half sounds",
  backchannel: "the reply plays on; no turn is sent or stored",
  interruption: "the reply stops and the words become a turn",
  complete: "answered without waiting for more",
};

const PAUSES = [0.5, 0.7, 0.8, 0.9, 1.0, 1.2];
const GAINS = [0, -6, -12, -3];

interface LanguageSet {
  language: LanguageCode;
  /** [point, first half, second half] */
  pauses: [PausePoint, string, string][];
  backchannels: string[];
  interruption: string;
  complete: string;
}

const SETS: LanguageSet[] = [
  {
    language: "en-US",
    pauses: [
      ["conjunction", "I ordered the blue jacket and", "the matching scarf last Tuesday."],
      ["article", "Can you send me the", "invoice for March?"],
      ["preposition", "I would like to change the delivery address to", "my office in Leeds."],
      ["number", "My order number is 4 5", "1 2 7."],
      ["list", "I need the charger, the cable,", "and the case."],
      ["possessive", "Please cancel my", "subscription today."],
      ["filler", "I think it was, um", "delivered to my neighbour."],
    ],
    backchannels: ["Mm-hmm.", "Okay.", "Yeah.", "I see."],
    interruption: "Wait, that is not my order at all.",
    complete: "Where is my parcel?",
  },
  {
    language: "de-DE",
    pauses: [
      ["conjunction", "Ich habe die blaue Jacke bestellt und", "den passenden Schal dazu."],
      ["article", "Können Sie mir die", "Rechnung für März schicken?"],
      ["preposition", "Bitte ändern Sie die Lieferadresse auf", "mein Büro in Köln."],
      ["number", "Meine Bestellnummer ist 4 5", "1 2 7."],
      ["list", "Ich brauche das Ladegerät, das Kabel,", "und die Hülle."],
      ["possessive", "Bitte kündigen Sie mein", "Abonnement heute."],
    ],
    backchannels: ["Ja.", "Genau.", "Mhm.", "Ach so."],
    interruption: "Moment, das ist gar nicht meine Bestellung.",
    complete: "Wo ist mein Paket?",
  },
  {
    language: "es-ES",
    pauses: [
      ["conjunction", "Pedí la chaqueta azul y", "la bufanda a juego."],
      ["article", "¿Me puede enviar la", "factura de marzo?"],
      ["preposition", "Quiero cambiar la dirección de entrega a", "mi oficina en Sevilla."],
      ["number", "Mi número de pedido es 4 5", "1 2 7."],
      ["list", "Necesito el cargador, el cable,", "y la funda."],
      ["possessive", "Por favor, cancele mi", "suscripción hoy."],
    ],
    backchannels: ["Sí.", "Vale.", "Claro.", "Ajá."],
    interruption: "Espere, ese no es mi pedido para nada.",
    complete: "¿Dónde está mi paquete?",
  },
  {
    language: "fr-FR",
    pauses: [
      ["conjunction", "J'ai commandé la veste bleue et", "l'écharpe assortie."],
      ["article", "Pouvez-vous m'envoyer la", "facture de mars ?"],
      ["preposition", "Je voudrais changer l'adresse de livraison pour", "mon bureau à Lyon."],
      ["number", "Mon numéro de commande est 4 5", "1 2 7."],
      ["list", "J'ai besoin du chargeur, du câble,", "et de l'étui."],
      ["possessive", "Veuillez annuler mon", "abonnement aujourd'hui."],
    ],
    backchannels: ["Oui.", "D'accord.", "Ouais.", "Je vois."],
    interruption: "Attendez, ce n'est pas du tout ma commande.",
    complete: "Où est mon colis ?",
  },
  {
    language: "it-IT",
    pauses: [
      ["conjunction", "Ho ordinato la giacca blu e", "la sciarpa abbinata."],
      ["article", "Mi può mandare la", "fattura di marzo?"],
      ["preposition", "Vorrei cambiare l'indirizzo di consegna con", "il mio ufficio a Milano."],
      ["number", "Il mio numero d'ordine è 4 5", "1 2 7."],
      ["list", "Mi servono il caricatore, il cavo,", "e la custodia."],
      ["possessive", "Per favore, annulli il mio", "abbonamento oggi."],
    ],
    backchannels: ["Sì.", "Certo.", "Va bene.", "Esatto."],
    interruption: "Aspetti, questo non è affatto il mio ordine.",
    complete: "Dov'è il mio pacco?",
  },
  {
    language: "pt-PT",
    pauses: [
      ["conjunction", "Encomendei o casaco azul e", "o cachecol a condizer."],
      ["article", "Pode enviar-me a", "fatura de março?"],
      ["preposition", "Quero mudar a morada de entrega para", "o meu escritório em Lisboa."],
      ["number", "O meu número de encomenda é 4 5", "1 2 7."],
      ["list", "Preciso do carregador, do cabo,", "e da capa."],
      ["possessive", "Por favor, cancele a minha", "assinatura hoje."],
    ],
    backchannels: ["Sim.", "Certo.", "Claro.", "Entendi."],
    interruption: "Espere, essa não é de todo a minha encomenda.",
    complete: "Onde está a minha encomenda?",
  },
  {
    language: "ja-JP",
    pauses: [
      ["conjunction", "青いジャケットを注文したんですけど", "まだ届いていません。"],
      ["article", "三月の請求書を", "送っていただけますか？"],
      ["preposition", "配送先を大阪のオフィスに", "変更したいです。"],
      ["number", "注文番号は4 5", "1 2 7です。"],
      ["list", "充電器と、ケーブルと、", "ケースが必要です。"],
      ["filler", "えーと、あの", "注文をキャンセルしたいです。"],
    ],
    backchannels: ["はい。", "うん。", "なるほど。", "そうですね。"],
    interruption: "すみません、それは私の注文ではありません。",
    complete: "荷物はどこですか？",
  },
  {
    language: "ko-KR",
    pauses: [
      ["conjunction", "파란 재킷을 주문했는데", "아직 안 왔어요."],
      ["number", "주문 번호는 4 5", "1 2 7입니다."],
      ["list", "충전기하고", "케이블이 필요해요."],
      ["preposition", "배송지를 사무실로 바꾸고", "싶어요."],
    ],
    backchannels: ["네.", "아하."],
    interruption: "잠깐만요, 그건 제 주문이 아니에요.",
    complete: "제 택배는 어디에 있나요?",
  },
  {
    language: "zh-CN",
    pauses: [
      ["conjunction", "我订了一件蓝色的外套和", "一条围巾。"],
      ["preposition", "请把发票发给", "我的同事。"],
      ["number", "我的订单号是4 5", "1 2 7。"],
      ["list", "我需要充电器，", "还有数据线。"],
    ],
    backchannels: ["嗯。", "好的。"],
    interruption: "等一下，这不是我的订单。",
    complete: "我的包裹在哪里？",
  },
];

export function clipSet(): ClipSpec[] {
  const clips: ClipSpec[] = [];
  for (const set of SETS) {
    const lang = set.language.slice(0, 2);
    set.pauses.forEach(([at, first, second], index) =>
      clips.push({
        id: `${lang}-pause-${at}`,
        language: set.language,
        kind: "pause",
        parts: [first, second],
        pauseSeconds: PAUSES[index % PAUSES.length],
        at,
      }),
    );
    set.backchannels.forEach((text, index) =>
      clips.push({
        id: `${lang}-backchannel-${index + 1}`,
        language: set.language,
        kind: "backchannel",
        parts: [text],
        gainDb: GAINS[index % GAINS.length],
      }),
    );
    clips.push({ id: `${lang}-interruption`, language: set.language, kind: "interruption", parts: [set.interruption] });
    clips.push({ id: `${lang}-complete`, language: set.language, kind: "complete", parts: [set.complete] });
  }
  return clips;
}
