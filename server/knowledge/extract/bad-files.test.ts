import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { buildDocx, buildPdf, buildPdfWithoutText } from "./document-fixtures.js";
import { buildEncryptedPdf } from "./encrypted-pdf-fixture.js";
import { extractDocument, type ExtractInput } from "./extract-document.js";
import { KnowledgeFileError } from "./knowledge-file-error.js";
import { buildZip, deflateZeros, docxPackageParts } from "./zip-fixture.js";

async function refusal(input: ExtractInput): Promise<KnowledgeFileError> {
  const error: unknown = await extractDocument(input).then(
    () => new Error("expected the file to be refused"),
    (reason: unknown) => reason,
  );
  if (!(error instanceof KnowledgeFileError)) throw error;
  return error;
}

const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>`;

describe("bad files are refused with a reason a person can act on", () => {
  it("a truncated PDF is damaged (400)", async () => {
    const pdf = await buildPdf([["Page one"], ["Page two"]]);
    const error = await refusal({ bytes: pdf.subarray(0, 400), fileName: "cut.pdf", declaredType: "application/pdf" });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/This PDF is damaged and cannot be read/);
  });

  it("a password-protected PDF asks for the password to be removed (400)", async () => {
    const bytes = buildEncryptedPdf({ text: "Quarterly price list", userPassword: "s3cret", ownerPassword: "owner" });
    // The fixture is a genuine encrypted PDF: with the password, PDF.js reads its text.
    const opened = await getDocumentProxy(bytes.slice(), { password: "s3cret", verbosity: 0 });
    expect((await extractText(opened, { mergePages: true })).text).toContain("Quarterly price list");
    const error = await refusal({ bytes, fileName: "prices.pdf", declaredType: "application/pdf" });
    expect(error.status).toBe(400);
    expect(error.message).toBe("This PDF is password-protected. Remove the password and upload it again.");
  });

  it("a PDF with only an owner password (print restrictions) is read like any other", async () => {
    const bytes = buildEncryptedPdf({ text: "Open to everyone", userPassword: "", ownerPassword: "owner" });
    const document = await extractDocument({ bytes, fileName: "open.pdf", declaredType: null });
    expect(document.chunks.map((chunk) => [chunk.location, chunk.content])).toEqual([["page 1", "Open to everyone"]]);
  });

  it("a PDF without a text layer, like a scan, needs OCR first (400)", async () => {
    const error = await refusal({ bytes: await buildPdfWithoutText(), fileName: "scan.pdf", declaredType: null });
    expect(error.status).toBe(400);
    expect(error.message).toBe("This PDF has no text we can read (a scanned PDF needs OCR first).");
  });

  it("a .docx that honestly declares 150 MB of content is a zip bomb (400), refused before unpacking", async () => {
    const document = await deflateZeros(150 * 1024 * 1024);
    const bytes = buildZip([...docxPackageParts(), { name: "word/document.xml", deflated: document }]);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const error = await refusal({ bytes, fileName: "bomb.docx", declaredType: null });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/looks like a zip bomb/);
  });

  it("a .docx whose directory lies about its sizes is caught by the data (400)", async () => {
    const document = await deflateZeros(150 * 1024 * 1024);
    const bytes = buildZip([
      ...docxPackageParts(),
      { name: "word/document.xml", deflated: document, claimedSize: 4096 },
    ]);
    const error = await refusal({ bytes, fileName: "liar.docx", declaredType: null });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/looks like a zip bomb/);
  });

  it("a .docx with thousands of parts is a zip bomb (400)", async () => {
    const parts = Array.from({ length: 2_500 }, (_, index) => ({
      name: `word/media/p${index}.xml`,
      data: new Uint8Array(1),
    }));
    const bytes = buildZip([
      ...docxPackageParts(),
      { name: "word/document.xml", data: Buffer.from(DOCUMENT_XML) },
      ...parts,
    ]);
    expect((await refusal({ bytes, fileName: "many.docx", declaredType: null })).message).toMatch(/zip bomb/);
  });

  it("a .docx with damaged compressed data is damaged (400)", async () => {
    const good = await buildDocx([{ text: "Hello" }]);
    const entries = [...docxPackageParts(), { name: "word/document.xml", data: Buffer.from(DOCUMENT_XML) }];
    const zip = buildZip(entries);
    // Sanity: the hand-built package is a readable .docx before it is damaged.
    expect((await extractDocument({ bytes: zip, fileName: "ok.docx", declaredType: null })).chunks[0].content).toBe(
      "Hello",
    );
    const damaged = zip.slice();
    const at = Buffer.from(damaged).indexOf("word/document.xml") + "word/document.xml".length;
    damaged.fill(0xff, at, at + 40);
    const error = await refusal({ bytes: damaged, fileName: "broken.docx", declaredType: null });
    expect([error.status, error.message]).toEqual([
      400,
      "This Word document is damaged and cannot be read. Save it again as .docx, then upload it.",
    ]);
    expect(good.length).toBeGreaterThan(0);
  });

  it("a .docx with no text at all has nothing to read (400)", async () => {
    const bytes = await buildDocx([{ text: "   " }]);
    const error = await refusal({ bytes, fileName: "blank.docx", declaredType: null });
    expect([error.status, error.message]).toEqual([400, "This file has no text we can read."]);
  });

  it("pasted text that is only whitespace is empty (400)", async () => {
    const error = await refusal({
      bytes: new TextEncoder().encode(" \n\n\t "),
      fileName: null,
      declaredType: null,
      kind: "text",
    });
    expect([error.status, error.message]).toEqual([400, "This file is empty."]);
  });

  it("a CSV made only of separators has no text to read (400)", async () => {
    const error = await refusal({ bytes: new TextEncoder().encode("\n\n\n"), fileName: "a.csv", declaredType: null });
    expect(error.status).toBe(400);
  });
});
