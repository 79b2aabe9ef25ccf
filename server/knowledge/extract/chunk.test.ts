import { describe, expect, it } from "vitest";
import { CHUNK_MAX_TOKENS, chunkSections } from "./chunk.js";
import { countTokens } from "./token-count.js";

/** Distinct numbered sentences, so every piece of text can be traced to where it came from. */
function sentences(from: number, count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `Sentence ${from + index} explains how the warranty covers part ${from + index} for two years.`,
  );
}

function paragraphs(count: number, sentencesEach: number): string {
  return Array.from({ length: count }, (_, index) => sentences(index * sentencesEach, sentencesEach).join(" ")).join(
    "\n\n",
  );
}

describe("chunkSections", () => {
  it("keeps a short section whole, with its location, and skips empty sections", () => {
    const chunks = chunkSections([
      { text: "Returns are free within 30 days.", location: "Returns" },
      { text: "  \n\n ", location: "Empty" },
      { text: "Refunds take five days.", location: "Returns › Refunds" },
    ]);
    expect(chunks).toEqual([
      { ordinal: 0, content: "Returns are free within 30 days.", location: "Returns" },
      { ordinal: 1, content: "Refunds take five days.", location: "Returns › Refunds" },
    ]);
  });

  it("cuts a long section into chunks of about 800 tokens that stay within the budget", () => {
    const text = paragraphs(40, 6);
    const chunks = chunkSections([{ text, location: "page 4" }]);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.location).toBe("page 4");
      // Tokens are counted per sentence; joining may merge a token or two, never add many.
      expect(countTokens(chunk.content)).toBeLessThanOrEqual(CHUNK_MAX_TOKENS + 5);
    }
    for (const chunk of chunks.slice(0, -1)) expect(countTokens(chunk.content)).toBeGreaterThan(CHUNK_MAX_TOKENS / 2);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
  });

  it("loses no sentence and cuts only between whole sentences when sentences are short", () => {
    const all = sentences(0, 300);
    const chunks = chunkSections([{ text: all.join(" "), location: null }], { maxTokens: 200, overlapTokens: 30 });
    const found = new Set<string>();
    for (const chunk of chunks) {
      // Every chunk is a run of whole sentences: it starts at one and ends with one's full stop.
      expect(chunk.content).toMatch(/^Sentence \d+ .*two years\.$/s);
      for (const sentence of all) if (chunk.content.includes(sentence)) found.add(sentence);
    }
    expect(found.size).toBe(all.length);
  });

  it("repeats the end of each chunk at the start of the next, about 15% of a chunk", () => {
    const chunks = chunkSections([{ text: paragraphs(30, 5), location: null }]);
    expect(chunks.length).toBeGreaterThan(2);
    for (let index = 1; index < chunks.length; index++) {
      const firstSentence = /^.*?two years\./s.exec(chunks[index].content)?.[0] ?? "";
      expect(chunks[index - 1].content).toContain(firstSentence);
      const repeated = chunks[index].content.slice(
        0,
        chunks[index].content.indexOf(chunks[index - 1].content.slice(-40)) + 40,
      );
      const overlapTokens = countTokens(repeated);
      expect(overlapTokens).toBeGreaterThan(40);
      expect(overlapTokens).toBeLessThanOrEqual(130);
    }
  });

  it("prefers a paragraph break to a sentence break when choosing where to cut", () => {
    // Paragraphs of ~60% of a chunk: two never fit, so each chunk should end at its paragraph's end.
    const text = paragraphs(6, 16);
    const chunks = chunkSections([{ text, location: null }], { maxTokens: 500, overlapTokens: 0 });
    const paragraphEnds = text.split("\n\n").map((paragraph) => paragraph.slice(-30));
    for (const chunk of chunks) expect(paragraphEnds).toContain(chunk.content.slice(-30));
  });

  it("never merges sections, so each chunk has exactly one location", () => {
    const chunks = chunkSections([
      { text: "Shipping is free over 50 euros.", location: "Shipping" },
      { text: "Returns are accepted for 30 days.", location: "Returns" },
    ]);
    expect(chunks.map((chunk) => chunk.location)).toEqual(["Shipping", "Returns"]);
  });

  it("cuts Japanese written without spaces at word boundaries, within the budget", () => {
    const text = "返品は購入日から三十日以内に受け付けます商品は未使用である必要があります".repeat(120);
    const chunks = chunkSections([{ text, location: "返品" }], { maxTokens: 300, overlapTokens: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(countTokens(chunk.content)).toBeLessThanOrEqual(305);
      // No chunk starts or ends inside a word the segmenter knows.
      expect(chunk.content).not.toMatch(/^(ます|購入|未使用)/u);
    }
    // Without overlap, the chunks put back together are the text itself.
    const plain = chunkSections([{ text, location: null }], { maxTokens: 300, overlapTokens: 0 });
    expect(plain.map((chunk) => chunk.content).join("")).toBe(text);
  });

  it("cuts Japanese sentences at their full stops and keeps them without added spaces", () => {
    const text = "返品は購入日から三十日以内に受け付けます。商品は未使用である必要があります。".repeat(80);
    const chunks = chunkSections([{ text, location: null }], { maxTokens: 200, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.content.endsWith("。")).toBe(true);
      expect(chunk.content).not.toContain(" ");
    }
    expect(chunks.map((chunk) => chunk.content).join("")).toBe(text);
  });

  it("cuts a word longer than a chunk (a pasted blob) rather than giving up", () => {
    const blob = "A".repeat(20_000);
    const chunks = chunkSections([{ text: `Key: ${blob} end.`, location: null }], { maxTokens: 200, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(
      chunks
        .map((chunk) => chunk.content)
        .join("")
        .replace(/\s/g, ""),
    ).toBe(`Key:${blob}end.`);
  });
});
