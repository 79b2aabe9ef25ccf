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
});
