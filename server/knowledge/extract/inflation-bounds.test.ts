import { describe, expect, it } from "vitest";
import { buildPdfBomb, buildRunLengthPdfBomb, pdfWithContentStream } from "./bomb-pdf-fixture.js";
import { buildLongPdf } from "./document-fixtures.js";
import { extractDocument, type ExtractInput } from "./extract-document.js";
import { DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from "./extract-limits.js";
import { KnowledgeFileError } from "./knowledge-file-error.js";
import { lzwDecodedSize } from "./pdf-inflation-guard.js";
import { buildZip, docxPackageParts } from "./zip-fixture.js";

const MB = 1024 * 1024;
const BOMB_MESSAGE =
  "This file unpacks to far more data than a document holds (it looks like a decompression bomb). It was not read.";

async function refusal(input: ExtractInput, limits?: ExtractLimits): Promise<KnowledgeFileError> {
  const error: unknown = await extractDocument(input, {}, limits).then(
    () => new Error("expected the file to be refused"),
    (reason: unknown) => reason,
  );
  if (!(error instanceof KnowledgeFileError)) throw error;
  return error;
}

/** LZW codes for `codes`, 9 bits each (valid while the table stays under 511 entries). */
function lzwCodes(codes: readonly number[]): Uint8Array {
  let bits = "";
  for (const code of codes) bits += code.toString(2).padStart(9, "0");
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, "0");
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (byte) => parseInt(byte, 2));
}

describe("extraction inflates no more than its budget", () => {
  it("a one-page PDF whose content stream inflates to 300 MB of spaces is refused before it is read", async () => {
    const bytes = await buildPdfBomb({ text: "Hello from the bomb", inflatedBytes: 300 * MB });
    expect(bytes.length).toBeLessThan(MB);
    const error = await refusal({ bytes, fileName: "bomb.pdf", declaredType: "application/pdf" });
    expect([error.status, error.message]).toEqual([400, BOMB_MESSAGE]);
  });

  it("the per-stream bound refuses one stream that inflates past it, even when the document budget has room", async () => {
    const bytes = await buildPdfBomb({ text: "Hello", inflatedBytes: 12 * MB });
    const limits = { ...DEFAULT_EXTRACT_LIMITS, inflateStreamMaxBytes: 8 * MB };
    expect((await refusal({ bytes, fileName: "a.pdf", declaredType: null }, limits)).message).toBe(BOMB_MESSAGE);
    const roomy = await extractDocument({ bytes, fileName: "a.pdf", declaredType: null }, {}, DEFAULT_EXTRACT_LIMITS);
    expect(roomy.chunks[0].content).toContain("Hello");
  });

  it("a run-length content stream is counted by what it decodes to", async () => {
    const bytes = buildRunLengthPdfBomb({ text: "Hello", decodedBytes: 200 * MB });
    expect(bytes.length).toBeLessThan(4 * MB);
    expect((await refusal({ bytes, fileName: "rl.pdf", declaredType: null })).message).toBe(BOMB_MESSAGE);
  });

  it("an LZW stream's decoded size is counted from its codes without building its bytes", () => {
    // "ab", then "ab" again through the table (code 258), then the KwKwK case (code 260): 2 + 2 + 3 + EOD.
    expect(lzwDecodedSize(lzwCodes([97, 98, 258, 260, 257]), 1_000)).toBe(1 + 1 + 2 + 3);
    const deep = [32, ...Array.from({ length: 200 }, (_, index) => 258 + index)];
    // Each code repeats the last string plus one space: 1 + 2 + … + 201 bytes.
    expect(lzwDecodedSize(lzwCodes([...deep, 257]), 1e9)).toBe((201 * 202) / 2);
    expect(lzwDecodedSize(lzwCodes([...deep, 257]), 1_000)).toBeGreaterThan(1_000);
  });

  it("an LZW content stream past the budget is refused", async () => {
    const deep = [32, ...Array.from({ length: 250 }, (_, index) => 258 + index)];
    const codes = lzwCodes([...deep, 256, ...deep, 257]);
    const bytes = pdfWithContentStream(codes, "LZWDecode");
    const limits = { ...DEFAULT_EXTRACT_LIMITS, inflateStreamMaxBytes: 40_000 };
    expect((await refusal({ bytes, fileName: "lzw.pdf", declaredType: null }, limits)).message).toBe(BOMB_MESSAGE);
  });

  it("an ordinary 40-page PDF reads as before under the default bounds", async () => {
    const document = await extractDocument({ bytes: await buildLongPdf(40), fileName: "m.pdf", declaredType: null });
    expect(document.chunks.at(-1)?.location).toBe("page 40");
  });

  it("a PDF that declares more pages than the limit is refused", async () => {
    const bytes = await buildLongPdf(3);
    const limits = { ...DEFAULT_EXTRACT_LIMITS, pdfMaxPages: 2 };
    const error = await refusal({ bytes, fileName: "long.pdf", declaredType: null }, limits);
    expect(error.message).toBe("This PDF has more than 2 pages. Split it into smaller files and upload them.");
  });

  it("a PDF made of more objects than the limit is refused", async () => {
    const bytes = await buildLongPdf(3);
    const limits = { ...DEFAULT_EXTRACT_LIMITS, pdfMaxObjects: 5 };
    expect((await refusal({ bytes, fileName: "parts.pdf", declaredType: null }, limits)).message).toMatch(
      /far more parts than a document needs/,
    );
  });

  it("the parts of a .docx share the same budget: an honest 12 MB document part is refused under an 8 MB bound", async () => {
    // Varied words, so the part compresses like prose (well under the zip guard's ratio check).
    const words = Array.from({ length: 2_000_000 }, (_, index) => `w${(index * 7919) % 100_003}`).join(" ");
    const xml = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${words}</w:t></w:r></w:p></w:body></w:document>`;
    expect(xml.length).toBeGreaterThan(12 * MB);
    const bytes = buildZip([...docxPackageParts(), { name: "word/document.xml", data: Buffer.from(xml) }]);
    const limits = { ...DEFAULT_EXTRACT_LIMITS, inflateMaxBytes: 8 * MB, inflateStreamMaxBytes: 8 * MB };
    expect((await refusal({ bytes, fileName: "big.docx", declaredType: null }, limits)).message).toMatch(/zip bomb/);
  });
});
