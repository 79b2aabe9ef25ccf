import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../db/connect.js";
import { createOpenAiCompatibleEmbeddings } from "../../providers/embeddings/openai-compatible-embeddings.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test-support/fake-openai.js";
import { describeEachEngine, openTestDatabase } from "../../test-support/test-app.js";
import { fakeEmbedding } from "../../test-support/fake-openai-embeddings.js";
import { retrievePassages, type Passage } from "./retrieve-passages.js";
import { correctedWords } from "./similar-words.js";
import { rankByVector } from "./vector-search.js";
import { rankByCharacterPairs } from "./character-pair-search.js";
import { insertAgent, insertDocument, insertOwner } from "./search-test-data.js";
import type { StoredStatus } from "../word-searchable.js";
import { cjkPairs } from "./cjk-pairs.js";
import { sql } from "drizzle-orm";

const ENGLISH = [
  "Refunds are issued to the original payment method within 5 business days after we receive the returned item.",
  "Shipping: standard delivery takes 3 to 7 business days. Express delivery arrives the next day.",
  "Warranty: every device is covered for two years against manufacturing defects.",
  "Our support team answers phone calls Monday to Friday, 9am to 6pm.",
];
const SPANISH = [
  "Las devoluciones se aceptan durante 30 días después de la entrega. El reembolso se hace en la tarjeta original.",
  "El envío estándar tarda de 3 a 5 días laborables.",
  "La garantía cubre defectos de fabricación durante dos años.",
];
const FRENCH = [
  "Les remboursements sont effectués sous 14 jours après réception du colis retourné.",
  "La livraison express est disponible en France métropolitaine.",
  "La garantie couvre les défauts de fabrication pendant deux ans.",
];
const GERMAN = [
  "Rückerstattungen werden innerhalb von 10 Tagen nach Eingang der Rücksendung überwiesen.",
  "Die Lieferung erfolgt mit DHL innerhalb von 2 Werktagen.",
  "Die Garantie deckt Herstellungsfehler zwei Jahre lang ab.",
];
const JAPANESE = [
  "商品の返品は、到着から30日以内であれば受け付けます。返金は元の支払い方法に行われます。",
  "配送は通常3〜5営業日かかります。速達便もご利用いただけます。",
  "保証期間は2年間で、製造上の欠陥が対象です。",
];

describeEachEngine("retrieving knowledge passages", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let userId: string;
  let agentId: string;
  let otherAgentId: string;

  beforeAll(async () => {
    const opened = await openTestDatabase(engine);
    db = opened.database.db;
    drop = opened.drop;
    userId = await insertOwner(db);
    agentId = await insertAgent(db, userId);
    otherAgentId = await insertAgent(db, userId, "Someone else's");
    const add = (title: string, chunks: string[], status: StoredStatus = "ready") =>
      insertDocument(db, { agentId, userId, title, chunks, status });
    await add("Returns policy", ENGLISH);
    await add("Política de devoluciones", SPANISH);
    await add("Politique de retour", FRENCH);
    await add("Rückgabe", GERMAN);
    await add("返品ポリシー", JAPANESE);
    await add("Still being stored", ["Refund refund refunds: refunded within one hour, refunds always."], "storing");
    await add("Being embedded", ["Gift vouchers never expire and can be topped up online."], "processing");
    await add("Broken upload", ["Refunds refunds refunds are issued immediately after the refund request."], "failed");
    await insertDocument(db, {
      agentId: otherAgentId,
      userId,
      title: "Other agent's refunds",
      chunks: ["Refunds: when will I get my refund? Refunds are issued to the original payment method at once."],
    });
  });
  afterAll(async () => {
    await drop();
  });

  const search = (query: string, limit = 3, agent = agentId) =>
    retrievePassages(db, null, { agentId: agent, query, limit });
  const contents = (passages: Passage[]) => passages.map((passage) => passage.content);

  it("answers an English question with the passage that holds the answer, and its document", async () => {
    const [best] = await search("When will I get my refund?");

    expect(best?.content).toBe(ENGLISH[0]);
    expect(best?.title).toBe("Returns policy");
    expect(best?.location).toBeNull();
    expect(best?.score).toBeGreaterThan(0);
  });

  it("ranks a short passage about a word above a long one that mentions it twice in passing", async () => {
    const ownAgent = await insertAgent(db, userId, "Length");
    const filler = Array.from({ length: 300 }, (_, i) => `filler${i}`).join(" ");
    const long = `The sandbox is mentioned here. ${filler} And the sandbox again.`;
    const short = "Sandbox mode runs untrusted code safely.";
    await insertDocument(db, { agentId: ownAgent, userId, title: "Long", chunks: [long] });
    await insertDocument(db, { agentId: ownAgent, userId, title: "Short", chunks: [short] });
    const passages = await retrievePassages(db, null, { agentId: ownAgent, query: "sandbox", limit: 2 });
    expect(contents3(passages)).toEqual([short, long]);
  });

  it("finds a passage whatever the inflection: plural, past tense, other ending", async () => {
    expect((await search("refunded"))[0]?.content).toBe(ENGLISH[0]);
    expect((await search("How long does shipping take?"))[0]?.content).toBe(ENGLISH[1]);
    expect((await search("¿Cuándo recibo el reembolso de mi devolución?"))[0]?.content).toBe(SPANISH[0]);
    expect((await search("¿Cuánto dura la garantía?"))[0]?.content).toBe(SPANISH[2]);
    expect((await search("Quand serai-je remboursé ?"))[0]?.content).toBe(FRENCH[0]);
    expect((await search("Wann bekomme ich meine Rückerstattung?"))[0]?.content).toBe(GERMAN[0]);
    expect((await search("Wie schnell sind Lieferungen?"))[0]?.content).toBe(GERMAN[1]);
  });

  it("matches English words by their stems, not as prefixes of longer words", async () => {
    const ownAgent = await insertAgent(db, userId, "Stems");
    const overlap = "Two ranges overlap when one starts before the other ends.";
    const article = "Article 12 of the agreement covers the warranty of every device.";
    const art = "Art prints are shipped rolled in a tube.";
    await insertDocument(db, { agentId: ownAgent, userId, title: "Ranges", chunks: [overlap, article, art] });
    const find = (query: string) => retrievePassages(db, null, { agentId: ownAgent, query, limit: 3 });

    // "overlapping" was a prefix term 'overlapp':* and found nothing; its stem is "overlap".
    expect(contents(await find("overlapping ranges"))[0]).toBe(overlap);
    // "art" was 'art':*, which also found "article".
    expect(contents(await find("art"))).toEqual([art]);
  });

  it("finds a dotted name or a hyphenated word as the passage writes it, not by its parts alone", async () => {
    const ownAgent = await insertAgent(db, userId, "Names");
    const walkFunction = "Call os.walk() to visit every folder of a tree, top down or bottom up.";
    const park = "Walking in the park: your phone counts the steps.";
    const dinner = "A walk after dinner helps you sleep.";
    const fString = "An f-string is a literal prefixed with f whose fields are replaced by their values.";
    const strings = "String methods: a string can be split, and every string has an upper-case copy.";
    await insertDocument(db, { agentId: ownAgent, userId, title: "Files", chunks: [walkFunction, park, dinner] });
    await insertDocument(db, { agentId: ownAgent, userId, title: "Text", chunks: [fString, strings] });
    const first = async (query: string) =>
      contents(await retrievePassages(db, null, { agentId: ownAgent, query, limit: 2 }))[0];

    // PostgreSQL keeps "os.walk" whole as one lexeme: the query's "walk" alone found the park and the dinner.
    expect(await first("os.walk")).toBe(walkFunction);
    // "f-string" was searched as "string" alone (a one-letter part is dropped).
    expect(await first("f-string")).toBe(fString);
  });

  it("ranks a passage holding the question's words side by side above a shorter one holding them apart", async () => {
    const ownAgent = await insertAgent(db, userId, "Pairs");
    const together = "Set the environment variable PATH before you start the server on a new machine.";
    const apart = "A variable of the test environment.";
    await insertDocument(db, { agentId: ownAgent, userId, title: "Setup", chunks: [together, apart] });
    const found = await retrievePassages(db, null, { agentId: ownAgent, query: "environment variable", limit: 2 });

    // By length alone the shorter passage came first; the neighbouring words are the better evidence.
    expect(contents(found)).toEqual([together, apart]);
  });

  it("collapses near-duplicates: one passage per section of a document, and one copy of a text stored twice", async () => {
    const ownAgent = await insertAgent(db, userId, "Duplicates");
    const section = (content: string) => ({ content, location: "Filters › Cleaning" });
    const cleaning = [
      section("Cleaning the filter: rinse the filter under warm water every 30 days."),
      section("Cleaning the filter, continued: let the filter dry before you put it back."),
    ];
    const manual = await insertDocument(db, { agentId: ownAgent, userId, title: "Pump manual", chunks: cleaning });
    const copy = await insertDocument(db, { agentId: ownAgent, userId, title: "Pump manual (copy)", chunks: cleaning });
    const faq = "Filter questions: a clogged filter makes the pump loud; cleaning it fixes that.";
    await insertDocument(db, { agentId: ownAgent, userId, title: "FAQ", chunks: [faq] });

    const passages = await retrievePassages(db, null, { agentId: ownAgent, query: "cleaning the filter", limit: 3 });

    expect(passages).toHaveLength(2);
    expect([manual.id, copy.id]).toContain(passages[0]?.documentId);
    expect(passages.map((passage) => passage.content)).toContain(faq);
  });

  it("ranks a passage of the document titled and written about the question above a stray mention", async () => {
    const ownAgent = await insertAgent(db, userId, "Titles");
    const stray = "The proxy password is read from the config file.";
    const about = [
      "Prompt the user for a password without echoing it to the terminal.",
      "The prompt text defaults to the word Password and a colon.",
      "When the terminal cannot hide the input, a warning is printed and the password is read anyway, with echo on.",
      "The password comes back as a string, without the newline.",
    ];
    // The rest of the manual: pages that hold neither word, so the words are as rare as in one.
    const unrelated = Array.from({ length: 20 }, (_, i) => `Chapter ${i}: sockets, threads and logging.`);
    await insertDocument(db, { agentId: ownAgent, userId, title: "Configuration", chunks: [stray] });
    await insertDocument(db, { agentId: ownAgent, userId, title: "getpass — Portable password input", chunks: about });
    await insertDocument(db, { agentId: ownAgent, userId, title: "Other pages", chunks: unrelated });

    const [best] = await retrievePassages(db, null, { agentId: ownAgent, query: "read a password", limit: 3 });

    // The stray mention is shorter and holds "password" too; the title and the page's other
    // passages speak for the getpass page (on the old ranking the stray mention came first).
    expect(best?.title).toBe("getpass — Portable password input");
  });

  it("shows each document's best passage before any document's second", async () => {
    const ownAgent = await insertAgent(db, userId, "Spread");
    const sections = ["Backups › Schedule", "Backups › Retention", "Backups › Restore"].map((location, i) => ({
      location,
      content: `Backup ${["schedule: backups run nightly", "retention: backups are kept 30 days", "restore: backups restore in minutes"][i]}, backup backup.`,
    }));
    const manual = await insertDocument(db, { agentId: ownAgent, userId, title: "Backups", chunks: sections });
    const faq = await insertDocument(db, {
      agentId: ownAgent,
      userId,
      title: "FAQ",
      chunks: ["Does the service make a backup of my files? Yes, see the manual."],
    });

    const passages = await retrievePassages(db, null, { agentId: ownAgent, query: "backup", limit: 3 });

    expect(passages.map((passage) => passage.documentId)).toEqual([manual.id, faq.id, manual.id]);
  });

  it("finds Japanese passages by their characters, though Japanese has no spaces between words", async () => {
    expect((await search("返金はいつ受け取れますか"))[0]?.content).toBe(JAPANESE[0]);
    expect((await search("配送には何日かかりますか"))[0]?.content).toBe(JAPANESE[1]);
    expect((await search("保証は何年ですか"))[0]?.content).toBe(JAPANESE[2]);
  });

  it("keeps a passage's character pairs as the question makes them of the same text", async () => {
    // Kanji, hiragana, katakana with its prolonged sound mark, the middle dot that separates
    // words, half-width katakana, Korean, digits and Latin letters beside the scripts, a lone character.
    const text = "配送は通常3〜5営業日。Wi-Fi設定 コーヒー・カップ ｶﾀｶﾅ 환불은 中 々と〇";
    const result = await db.execute(sql`select tsvector_to_array(knowledge_cjk_pairs(${text})) as pairs`);
    const [row] = (result as unknown as { rows: { pairs: string[] }[] }).rows;

    expect([...row!.pairs].sort()).toEqual([...new Set(cjkPairs(text))].sort());
    expect(row!.pairs).toEqual(expect.arrayContaining(["配送", "営業", "設定", "コー", "ーヒ", "ｶﾀ", "환불", "中"]));
    expect(row!.pairs).not.toContain("ー・");
  });

  it("counts a common character pair on the candidates the rarer pairs found", async () => {
    const pairsAgent = await insertAgent(db, userId, "Pairs");
    const { chunkIds } = await insertDocument(db, {
      agentId: pairsAgent,
      userId,
      title: "返品",
      chunks: ["送料と返品", "送料無料", "返品受付", "返品期限"],
    });
    // 返品 is in three passages, as many as the search lists: common, counted on the candidates
    // that 送料 (in two) found. The passage holding both comes first; the others holding 返品 alone do not come.
    const ranked = await rankByCharacterPairs(db, pairsAgent, ["返品", "送料"], { hits: 3, candidates: 10 });

    expect(ranked.map((chunk) => chunk.id)).toEqual([chunkIds[0], chunkIds[1]]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it("finds no Japanese passage of a document still being stored", async () => {
    await insertDocument(db, {
      agentId,
      userId,
      title: "下書き",
      chunks: ["会員特典の詳細はまだ決まっていません。"],
      status: "storing",
    });

    expect(contents(await search("会員特典について教えて"))).not.toContain("会員特典の詳細はまだ決まっていません。");
  });

  it("finds a misspelt word by its trigrams when no passage holds the word", async () => {
    expect((await search("warrenty"))[0]?.content).toBe(ENGLISH[2]);
  });

  it("finds a misspelt word in knowledge of any size, from the vocabulary, and corrects no word that is not a typo", async () => {
    // Past the 300 passages the search before this one stopped at: 400 other passages first.
    const large = await insertAgent(db, userId, "Large");
    const filler = Array.from(
      { length: 400 },
      (_, i) => `Section ${i}: delivery times, shipping zones and packaging rules for parcels of size ${i}.`,
    );
    await insertDocument(db, { agentId: large, userId, title: "Shipping handbook", chunks: filler });
    await insertDocument(db, { agentId: large, userId, title: "Returns policy", chunks: ENGLISH });

    expect((await search("How long is the warrenty?", 3, large))[0]?.content).toBe(ENGLISH[2]);
    // Two typos in one question, beside a word every passage holds.
    expect((await search("refnds to the orignal payment for parcels", 3, large))[0]?.content).toBe(ENGLISH[0]);
    // "qwertyuiop" is many edits from every word the knowledge holds: no passage for it.
    expect(await search("qwertyuiop", 3, large)).toEqual([]);
  });

  it("corrects to the nearest stem, and between two as near to the one more passages hold", async () => {
    const agent = await insertAgent(db, userId, "Corrections");
    await insertDocument(db, {
      agentId: agent,
      userId,
      title: "Lost",
      chunks: ["Refind it.", "Refind it again.", "Refind it once more."],
    });
    await insertDocument(db, { agentId: agent, userId, title: "Money", chunks: ["A refund is issued."] });

    // "refnd" is one edit from both: "refind" is in three passages, "refund" in one.
    // "refundd" is one edit from "refund", two from "refind".
    expect(await correctedWords(db, agent, ["refnd", "refundd"])).toEqual(
      new Map([
        [0, "refind"],
        [1, "refund"],
      ]),
    );
  });

  it("never corrects an English stop word into a word the knowledge holds", async () => {
    // "through" is in no passage's stems because English drops it, not because it is misspelt:
    // taken for a typo it would become "though", one edit away.
    const agent = await insertAgent(db, userId, "Stop words");
    await insertDocument(db, {
      agentId: agent,
      userId,
      title: "Late parcels",
      chunks: ["Even though a parcel is late, it arrives."],
    });

    expect(await search("through", 3, agent)).toEqual([]);
  });

  it("finds a word typed without its accent", async () => {
    const spanishOnly = await insertAgent(db, userId, "Soporte");
    await insertDocument(db, { agentId: spanishOnly, userId, title: "Política", chunks: SPANISH });

    expect((await search("¿Cuánto dura la garantia?", 3, spanishOnly))[0]?.content).toBe(SPANISH[2]);
  });

  it("never returns another agent's passages, however well they match", async () => {
    const mine = await search("When will I get my refund? Refunds original payment method", 10);
    const theirs = await search("When will I get my refund?", 10, otherAgentId);

    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((passage) => passage.title)).not.toContain("Other agent's refunds");
    expect(theirs.map((passage) => passage.title)).toEqual(["Other agent's refunds"]);
  });

  it("searches a document being embedded by its words, and ignores one still being stored or failed", async () => {
    expect((await search("Do gift vouchers expire?"))[0]?.title).toBe("Being embedded");
    const passages = await search("refunds refunded refund", 20);

    expect(passages.map((passage) => passage.title)).not.toContain("Still being stored");
    expect(passages.map((passage) => passage.title)).not.toContain("Broken upload");
    expect(contents(passages)).toContain(ENGLISH[0]);
  });

  it("returns at most the passages asked for, and none for a blank question", async () => {
    expect(await search("days", 2)).toHaveLength(2);
    expect(await search("   ")).toEqual([]);
    expect(await search("zzzqqq nothing matches this")).toEqual([]);
  });
});

/**
 * The embeddings help where words fail: "Rückgabefrist" (a compound) is in no passage, but its
 * parts are. The fake embeds bags of character 3-grams, so it sees what a real model would.
 */
const GERMAN_PARAPHRASE = {
  query: "Wie lange gilt die Rückgabefrist für Bestellungen?",
  answer: "Für jede Bestellung gilt: Die Frist für die Rückgabe beträgt 30 Tage ab Zustellung.",
  others: [
    "Bestellungen bis 14 Uhr verlassen das Lager am selben Tag. Bestellungen am Wochenende gehen am Montag raus.",
    "Die Bestellung gilt als angenommen, sobald Sie eine Bestätigung per E-Mail erhalten.",
    "Der Versand dauert lange, wenn eine Bestellung Sperrgut enthält.",
    "Unser Kundendienst ist werktags von 8 bis 18 Uhr erreichbar.",
  ],
};

describeEachEngine("hybrid retrieval with embeddings", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let fake: FakeOpenAi;
  let agentId: string;
  let userId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const opened = await openTestDatabase(engine);
    db = opened.database.db;
    drop = opened.drop;
    userId = await insertOwner(db);
    agentId = await insertAgent(db, userId);
    const embeddings = provider("embed-small");
    await insertDocument(db, {
      agentId,
      userId,
      title: "Rückgabe",
      chunks: [GERMAN_PARAPHRASE.answer, ...GERMAN_PARAPHRASE.others],
      embeddings,
    });
  });
  afterAll(async () => {
    await drop();
    await fake.close();
  });

  const provider = (model: string) =>
    createOpenAiCompatibleEmbeddings({ baseUrl: fake.url, apiKey: "k", model, timeoutMs: 30_000 });

  it("ranks a paraphrase first that words alone rank lower, and sends the question to the provider", async () => {
    const input = { agentId, query: GERMAN_PARAPHRASE.query, limit: 3 };
    const wordsAlone = await retrievePassages(db, null, input);
    fake.requests.length = 0;

    const hybrid = await retrievePassages(db, provider("embed-small"), input);

    expect(wordsAlone[0]?.content).not.toBe(GERMAN_PARAPHRASE.answer);
    expect(hybrid[0]?.content).toBe(GERMAN_PARAPHRASE.answer);
    expect(fake.requests.map((request) => request.body)).toEqual([
      { model: "embed-small", input: [GERMAN_PARAPHRASE.query], encoding_format: "float" },
    ]);
  });

  it("re-ranks only the word candidates by meaning when the agent's vectors are too many to scan", async () => {
    // No word of the question is in this passage ("Rückgabefrist" is one word there), but its
    // word parts make its vector the question's close neighbour.
    const vectorOnly = "Rückgabe: eine Frist von dreißig Tagen.";
    const large = await insertAgent(db, userId, "Large");
    const { chunkIds } = await insertDocument(db, {
      agentId: large,
      userId,
      title: "Rückgabe",
      chunks: [vectorOnly, GERMAN_PARAPHRASE.answer, ...GERMAN_PARAPHRASE.others],
      embeddings: provider("embed-small"),
    });
    const words = await retrievePassages(db, null, { agentId: large, query: GERMAN_PARAPHRASE.query, limit: 3 });
    const candidateIds = chunkIds.slice(1);
    const asked: string[] = [];
    const search = (scanFloats?: number) =>
      rankByVector(db, {
        agentId: large,
        model: "embed-small",
        query: fakeEmbedding(GERMAN_PARAPHRASE.query),
        candidates: async () => {
          asked.push("candidates");
          return candidateIds;
        },
        scanFloats,
      });

    const scanned = await search();
    expect(asked).toEqual([]);
    expect(scanned.map((chunk) => chunk.id)).toContain(chunkIds[0]);

    const reranked = await search(1_000);
    expect(asked).toEqual(["candidates"]);
    expect(reranked.map((chunk) => chunk.id).sort()).toEqual([...candidateIds].sort());
    // Meaning still orders what words found: the paraphrase first, as in a full scan.
    const hybrid = await retrievePassages(db, provider("embed-small"), {
      agentId: large,
      query: GERMAN_PARAPHRASE.query,
      limit: 3,
      vectorScanFloats: 1_000,
    });
    expect(words[0]?.content).not.toBe(GERMAN_PARAPHRASE.answer);
    expect(hybrid[0]?.content).toBe(GERMAN_PARAPHRASE.answer);
  });

  it("compares no vectors made by another model", async () => {
    const input = { agentId, query: GERMAN_PARAPHRASE.query, limit: 3 };

    const otherModel = await retrievePassages(db, provider("embed-large"), input);

    expect(contents3(otherModel)).toEqual(contents3(await retrievePassages(db, null, input)));
  });

  it("still answers by words when the embeddings service fails, and says why", async () => {
    fake.setBehaviour({ failure: "http-500" });
    const failures: unknown[] = [];
    try {
      const passages = await retrievePassages(db, provider("embed-small"), {
        agentId,
        query: GERMAN_PARAPHRASE.query,
        limit: 3,
        onVectorSearchFailed: (error) => failures.push(error),
      });

      expect(passages.length).toBeGreaterThan(0);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ name: "EmbeddingsError", reason: "http", status: 500 });
    } finally {
      fake.setBehaviour({});
    }
  });
});

const contents3 = (passages: Passage[]) => passages.map((passage) => passage.content);
