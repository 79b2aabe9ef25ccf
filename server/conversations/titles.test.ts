import { describe, expect, it } from "vitest";
import { CONVERSATION_TITLE_MAX, UNTITLED_CONVERSATION } from "../../contracts/chat.js";
import { titleFromMessage } from "./titles.js";

describe("conversation titles", () => {
  it("uses the first sentence, keeping a question mark and dropping a closing full stop", () => {
    expect(titleFromMessage("How do I price this? We sell SaaS.")).toBe("How do I price this?");
    expect(titleFromMessage("Write a follow-up email. Keep it short.")).toBe("Write a follow-up email");
    expect(titleFromMessage("Great news! The deal closed.")).toBe("Great news!");
  });

  it("does not end a sentence inside a number or a domain name", () => {
    expect(titleFromMessage("Compare plan 3.5 with example.com pricing")).toBe(
      "Compare plan 3.5 with example.com pricing",
    );
  });

  it("stops at the first line break and folds inner whitespace", () => {
    expect(titleFromMessage("  Quarterly   plan\nDetails follow here")).toBe("Quarterly plan");
  });

  it("ends CJK sentences at their own full stops", () => {
    expect(titleFromMessage("你好。我需要帮助")).toBe("你好。");
  });

  it("cuts a long sentence at a word boundary with an ellipsis, within the maximum", () => {
    const long =
      "Please help me plan a very long outreach campaign for enterprise customers across three regions and many industries";
    const title = titleFromMessage(long);
    expect(title.endsWith("…")).toBe(true);
    expect(Array.from(title).length).toBeLessThanOrEqual(CONVERSATION_TITLE_MAX);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(title.at(-2)).not.toBe(" ");
  });

  it("cuts a long word-less text hard rather than losing it", () => {
    const title = titleFromMessage("a".repeat(200));
    expect(Array.from(title).length).toBe(CONVERSATION_TITLE_MAX);
  });

  it("calls a conversation 'Untitled Conversation' when the message names nothing", () => {
    expect(titleFromMessage("")).toBe(UNTITLED_CONVERSATION);
    expect(titleFromMessage("   ")).toBe(UNTITLED_CONVERSATION);
    expect(titleFromMessage("...")).toBe(UNTITLED_CONVERSATION);
    expect(titleFromMessage("👋")).toBe("👋");
  });
});
