import { describe, expect, it } from "vitest";
import { cleanKnowledgeFileName, KNOWLEDGE_FILE_NAME_MAX_BYTES } from "../../contracts/knowledge.js";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("uploaded file names", () => {
  it("lose every bidirectional control, so a name cannot disguise its extension", () => {
    expect(cleanKnowledgeFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    const controls = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
    expect(cleanKnowledgeFileName(`a${controls}b.pdf`)).toBe("ab.pdf");
  });

  it("keep an ordinary name as it is, accents and all", () => {
    expect(cleanKnowledgeFileName("Préface – été 2026.pdf")).toBe("Préface – été 2026.pdf");
  });

  it("are cut to 255 bytes of UTF-8 with their extension kept", () => {
    const name = cleanKnowledgeFileName(`${"a".repeat(5_000)}.pdf`);
    expect(bytes(name)).toBe(KNOWLEDGE_FILE_NAME_MAX_BYTES);
    expect(name.endsWith("a.pdf")).toBe(true);
  });

  it("are cut at a character boundary, never inside a multi-byte character or an emoji", () => {
    expect(cleanKnowledgeFileName(`${"é".repeat(200)}.docx`)).toBe(`${"é".repeat(125)}.docx`);
    // A family emoji is 18 bytes of code points joined by zero-width joiners: it stays whole or goes.
    const name = cleanKnowledgeFileName(`${"a".repeat(100)}${"👩‍👩‍👧".repeat(20)}.docx`);
    expect(name).toBe(`${"a".repeat(100)}${"👩‍👩‍👧".repeat(8)}.docx`);
    const withoutExtension = cleanKnowledgeFileName("漢".repeat(100));
    expect(withoutExtension).toBe("漢".repeat(85));
  });
});
