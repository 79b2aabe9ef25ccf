import { describe, expect, it } from "vitest";
import { createLineMarkerFilter, toSpeakableText } from "./speakable-text.js";

describe("speakable text", () => {
  it("keeps a plain reply as it is", () => {
    expect(toSpeakableText("Sure, I can help. Your order ships on Tuesday, 3.5 days early!")).toBe(
      "Sure, I can help. Your order ships on Tuesday, 3.5 days early!",
    );
  });

  it("removes emphasis and strikethrough markers but keeps snake_case and arithmetic words", () => {
    expect(toSpeakableText("**Sure!** Here is *one* __option__ and ~~not~~ ***that***.")).toBe(
      "Sure! Here is one option and not that.",
    );
    expect(toSpeakableText("Set max_retries to 3.")).toBe("Set max_retries to 3.");
  });

  it("never leaves an asterisk, even from a half-open emphasis cut at a sentence", () => {
    expect(toSpeakableText("**Sure.")).toBe("Sure.");
    expect(toSpeakableText("It is done.**")).toBe("It is done.");
    expect(toSpeakableText("Two * three")).not.toContain("*");
  });

  it("reduces headings, quotes and list markers to their words, line by line", () => {
    const reply = [
      "## Your options",
      "",
      "> Note: prices include tax",
      "- First, the basic plan",
      "2. Then the **pro** plan",
      "* [x] Done",
    ].join("\n");
    expect(toSpeakableText(reply)).toBe(
      ["Your options", "", "Note: prices include tax", "First, the basic plan", "Then the pro plan", "Done"].join("\n"),
    );
  });

  it("drops code fences, keeping the code, and removes backticks around inline code", () => {
    expect(toSpeakableText("Run this:\n```bash\nnpm start\n```\nThen open `settings`.")).toBe(
      "Run this:\nnpm start\nThen open settings.",
    );
  });

  it("reads a table as its cells, without the divider row", () => {
    const table = "| Plan | Price |\n|------|:-----:|\n| Basic | 10 euros |";
    expect(toSpeakableText(table)).toBe("Plan, Price\nBasic, 10 euros");
  });

  it("turns links and images into their text and drops link definitions", () => {
    expect(
      toSpeakableText(
        'See [our help page](https://help.example.com/a_(b) "Help") or ![the chart](c.png).\n[1]: https://x.io',
      ),
    ).toBe("See our help page or the chart.");
    expect(toSpeakableText("Read [the guide][docs].")).toBe("Read the guide.");
  });

  it("says a web address as its domain, keeping the sentence's punctuation", () => {
    expect(toSpeakableText("Visit https://www.example.com/help?x=1&y=2. Or <https://shop.example.org/cart>!")).toBe(
      "Visit example.com. Or shop.example.org!",
    );
    expect(toSpeakableText("Go to www.agentdesk.io/pricing, then sign in.")).toBe("Go to agentdesk.io, then sign in.");
  });

  it("leaves out emoji, including joined ones, skin tones and flags, without stray spaces", () => {
    expect(toSpeakableText("Great news 🎉! Your parcel 📦 is here 👍🏽. 👨‍👩‍👧 🇫🇷 ✅ Done ❤️.")).toBe(
      "Great news! Your parcel is here. Done.",
    );
  });

  it("removes HTML tags and markdown escapes", () => {
    expect(toSpeakableText("Line one<br>line two, \\*not\\* a list, <b>bold</b>.")).toBe(
      "Line one line two, not a list, bold.",
    );
  });

  it("leaves text in other scripts alone", () => {
    expect(toSpeakableText("**東京**の天気は晴れです。😀 Hola, ¿qué tal?")).toBe(
      "東京の天気は晴れです。 Hola, ¿qué tal?",
    );
  });

  it("gives nothing for a reply that is only markup, symbols and emoji", () => {
    expect(toSpeakableText("---\n```\n}\n```\n|---|---|\n🎉\n**🎉** ---")).toBe("");
  });
});

describe("the line marker filter", () => {
  function filtered(deltas: string[]): string {
    const filter = createLineMarkerFilter();
    return deltas.map((delta) => filter.push(delta)).join("") + filter.flush();
  }

  it("strips list, heading and quote markers at line starts, even when cut across deltas", () => {
    expect(filtered(["1", ". Open the app", ".\n", "  2", ")", " Tap ", "Settings.\n## ", "Done\n> ", "quoted"])).toBe(
      "Open the app.\nTap Settings.\nDone\nquoted",
    );
  });

  it("leaves numbers, emphasis and hashtags that are not markers", () => {
    expect(filtered(["1.", "5 million", "\n**Sure**\n#", "tag\n-5 degrees"])).toBe(
      "1.5 million\n**Sure**\n#tag\n-5 degrees",
    );
  });

  it("holds back only an undecided line start, and gives it up at the end", () => {
    const filter = createLineMarkerFilter();
    expect(filter.push("Hello.\n3")).toBe("Hello.\n");
    expect(filter.flush()).toBe("3");
  });
});
