import { describe, expect, it } from "vitest";
import type { KnowledgePassage } from "./llm-provider.js";
import { offlineKnowledgeAnswer } from "./offline-knowledge-answer.js";

const passage = (content: string): KnowledgePassage => ({
  title: "Returns FAQ",
  content,
  location: null,
  documentId: "d",
});

describe("offlineKnowledgeAnswer", () => {
  it("quotes the sentence that answers an FAQ's question, not the question that restates the asker's", () => {
    const faq = passage(
      "How long do refunds take once my return arrives? " +
        "Refunds are paid within 5 business days. " +
        "Can I return a gift? Yes, with the gift receipt.",
    );

    const reply = offlineKnowledgeAnswer("How long do refunds take?", faq, "en-US");

    // Before, the FAQ's own question shared the most words and was quoted first, and the
    // 5 days only followed it because both fitted.
    expect(reply).toMatch(/^According to Returns FAQ: Refunds are paid within 5 business days\. /);
    expect(reply).not.toContain("How long do refunds take once");
  });

  it("matches a question's words by their stem: refunds meets refunded", () => {
    const policy = passage(
      "Refund requests are reviewed by our team. The refunded amount reaches your card in 3 days. " +
        "Shipping costs are never refunded.",
    );

    const reply = offlineKnowledgeAnswer("When are refunds paid?", policy, "en-US");

    expect(reply).toContain("The refunded amount reaches your card in 3 days.");
    expect(reply.indexOf("3 days")).toBeLessThan(reply.indexOf("[1]"));
  });

  it("quotes the line that defines the asked code, not the longer ones that restate the question's words", () => {
    const manual = passage(
      "Error codes\n" +
        "When the display shows an error code, the meaning of the error is given in the list below; " +
        "what each error code means depends on the part of the machine that raised the error.\n" +
        "E4: Door open.\n" +
        "E5: Water heater fault.\n" +
        "If an error code does not go away, note what the display shows and what the error code " +
        "means before you call us, and read what the error means in the list above.",
    );

    const reply = offlineKnowledgeAnswer("What does error code E5 mean on the display?", manual, "en-US");

    // Before, "E5" was too short to count and the two long sentences full of "error", "code",
    // "mean" and "display" filled the reply.
    expect(reply).toContain("E5: Water heater fault.");
    expect(reply).not.toContain("E4: Door open.");
  });

  it("finds a figure or a short code the question names beside the question's words", () => {
    const pricing = passage(
      "Payment options\n\nWe take cards and bank transfers.\n\nOrders above $500 can be paid at 0% interest over 10 months.",
    );

    const reply = offlineKnowledgeAnswer("Do you offer 0% plans?", pricing, "en-US");

    expect(reply).toBe("According to Returns FAQ: Orders above $500 can be paid at 0% interest over 10 months. [1]");
  });

  it("reads a short line as a heading or list item and a wrapped line as one sentence", () => {
    const lights = passage(
      "Indicator lights\n" +
        "Green: charged and ready to clean the whole flat on one charge, even with the brushes on\n" +
        "their strongest setting.\n" +
        "Amber: the battery is low.\n" +
        "Red: the robot is stuck.",
    );

    const reply = offlineKnowledgeAnswer("What does the amber light mean?", lights, "en-US");

    // Before, the lines ran together: the heading was quoted as the start of the green line.
    expect(reply).toContain("Amber: the battery is low.");
    expect(reply).toContain(
      "Green: charged and ready to clean the whole flat on one charge, even with the brushes on their strongest setting.",
    );
    expect(reply).not.toContain("Indicator lights");
    expect(reply).not.toContain("Red:");
  });

  it("answers in Spanish the same way: the defining line, not the ones that restate", () => {
    const manual = passage(
      "Códigos de error\n" +
        "Cuando la pantalla muestra un código de error, el significado de cada código de error " +
        "aparece en la lista y depende de la pieza que da el error en la pantalla.\n" +
        "E5: Fallo del calentador.\n" +
        "Si el código de error sigue en la pantalla, anote el código de error y el significado " +
        "antes de llamarnos, y lea el significado del código de error en la lista.",
    );

    const reply = offlineKnowledgeAnswer("¿Qué significa el código de error E5 en la pantalla?", manual, "es-ES");

    expect(reply).toMatch(/^Según Returns FAQ: /);
    expect(reply).toContain("E5: Fallo del calentador.");
  });

  it("quotes the passage's opening, in the usual wording, when no sentence holds a word of the question", () => {
    const shop = passage("Our shop opens at nine. Parking is free for customers.");

    const reply = offlineKnowledgeAnswer("Do you sell gift vouchers?", shop, "en-US");

    expect(reply).toBe("According to Returns FAQ: Our shop opens at nine. [1]");
  });

  it("quotes a short list item that answers, rather than reading it as a heading", () => {
    const perks = passage(
      "Member perks\n\n- Free delivery on every order\n- Early access to sales\n\nJoin in the app.",
    );

    const reply = offlineKnowledgeAnswer("Is delivery free for members?", perks, "en-US");

    expect(reply).toMatch(/^According to Returns FAQ: - Free delivery on every order /);
    expect(reply).not.toContain("Join in the app");
  });

  it("finds a code written inside Japanese text and quotes only the sentence about it", () => {
    const manual = passage(
      "エラーコード\nE4：ドアが開いています。閉めてから、もう一度お試しください。\nE5：ヒーターの故障です。電源を切ってから、サ\nポートにご連絡ください。",
    );

    const reply = offlineKnowledgeAnswer("E5はどういう意味ですか？", manual, "ja-JP");

    expect(reply).toBe("Returns FAQによると：E5：ヒーターの故障です。[1]");
  });
});
