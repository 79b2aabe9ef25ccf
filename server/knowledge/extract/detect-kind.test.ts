import { describe, expect, it } from "vitest";
import { KNOWLEDGE_FILE_MAX_BYTES } from "../../../contracts/knowledge.js";
import { detectKind } from "./detect-kind.js";
import { buildDocx, buildPdf } from "./document-fixtures.js";
import { KnowledgeFileError } from "./knowledge-file-error.js";
import { buildZip } from "./zip-fixture.js";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** The first bytes of a PNG image, then noise: what a screenshot renamed .pdf looks like. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);
/** A Windows program's header (MZ … "This program cannot be run in DOS mode"), with its NULs. */
const EXE = new Uint8Array([
  0x4d,
  0x5a,
  0x90,
  0,
  3,
  0,
  0,
  0,
  4,
  0,
  0,
  0,
  0xff,
  0xff,
  0,
  0,
  ...utf8("This program cannot be run"),
]);

function refusal(run: () => unknown): KnowledgeFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof KnowledgeFileError) return error;
    throw error;
  }
  throw new Error("expected a KnowledgeFileError");
}

describe("detectKind", () => {
  it("recognises a real PDF and a real .docx from their bytes, whatever the declared type says", async () => {
    const pdf = await buildPdf([["Hello"]]);
    expect(detectKind({ bytes: pdf, fileName: "Manual.PDF", declaredType: "application/octet-stream" }).kind).toBe(
      "pdf",
    );
    expect(detectKind({ bytes: pdf, fileName: null, declaredType: null }).kind).toBe("pdf");
    const docx = await buildDocx([{ text: "Hello" }]);
    expect(detectKind({ bytes: docx, fileName: "notes.docx", declaredType: "application/zip" }).kind).toBe("docx");
    expect(detectKind({ bytes: docx, fileName: null, declaredType: null }).kind).toBe("docx");
  });

  it("reads text kinds from the name, and from the declared type or content when there is no name", () => {
    const bytes = utf8("a,b\n1,2\n");
    expect(detectKind({ bytes, fileName: "prices.csv", declaredType: "application/vnd.ms-excel" })).toEqual({
      kind: "csv",
      text: "a,b\n1,2\n",
    });
    expect(detectKind({ bytes, fileName: "notes.markdown", declaredType: "text/plain" }).kind).toBe("md");
    expect(detectKind({ bytes, fileName: "page.htm", declaredType: null }).kind).toBe("html");
    expect(detectKind({ bytes, fileName: "readme", declaredType: "text/csv; charset=utf-8" }).kind).toBe("csv");
    expect(detectKind({ bytes: utf8("<!DOCTYPE html><p>Hi</p>"), fileName: null, declaredType: null }).kind).toBe(
      "html",
    );
    expect(detectKind({ bytes: utf8("Just words."), fileName: null, declaredType: null }).kind).toBe("txt");
  });

  it("strips a UTF-8 byte order mark and decodes UTF-16 that carries one", () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Prix: 10 €")]);
    expect(detectKind({ bytes: withBom, fileName: "a.txt", declaredType: null })).toEqual({
      kind: "txt",
      text: "Prix: 10 €",
    });
    const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from("Größe;Preis\nM;10 €", "utf16le")]);
    expect(detectKind({ bytes: utf16le, fileName: "a.csv", declaredType: null })).toEqual({
      kind: "csv",
      text: "Größe;Preis\nM;10 €",
    });
    const utf16be = new Uint8Array([0xfe, 0xff, ...Buffer.from("返品", "utf16le").swap16()]);
    expect(detectKind({ bytes: utf16be, fileName: "a.txt", declaredType: null })).toEqual({
      kind: "txt",
      text: "返品",
    });
  });

  it("refuses a .pdf that is really an image or a zip, naming the kinds it can read", async () => {
    const image = refusal(() => detectKind({ bytes: PNG, fileName: "scan.pdf", declaredType: "application/pdf" }));
    expect(image.status).toBe(415);
    expect(image.message).toMatch(/not a real PDF: its contents do not match its name/);
    expect(image.message).toContain(".txt, .md, .pdf, .docx, .html and .csv");
    const zip = buildZip([{ name: "a.txt", data: utf8("hello") }]);
    expect(refusal(() => detectKind({ bytes: zip, fileName: "scan.pdf", declaredType: null })).message).toMatch(
      /not a real PDF/,
    );
    const docx = await buildDocx([{ text: "Hello" }]);
    expect(refusal(() => detectKind({ bytes: docx, fileName: "report.pdf", declaredType: null })).status).toBe(415);
  });

  it("refuses a .docx that is another zip or an old .doc", () => {
    const zip = buildZip([{ name: "a.txt", data: utf8("hello") }]);
    const other = refusal(() => detectKind({ bytes: zip, fileName: "report.docx", declaredType: null }));
    expect(other.status).toBe(415);
    expect(other.message).toMatch(/not a real Word document/);
    const oldDoc = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(refusal(() => detectKind({ bytes: oldDoc, fileName: "report.docx", declaredType: null })).status).toBe(415);
    expect(refusal(() => detectKind({ bytes: oldDoc, fileName: "report.doc", declaredType: null })).message).toMatch(
      /cannot read \.doc files/,
    );
  });

  it("refuses a program or a PDF renamed .txt, and content it does not recognise", async () => {
    const program = refusal(() => detectKind({ bytes: EXE, fileName: "setup.txt", declaredType: "text/plain" }));
    expect(program.status).toBe(415);
    expect(program.message).toMatch(/not text/);
    const pdf = await buildPdf([["Hello"]]);
    expect(refusal(() => detectKind({ bytes: pdf, fileName: "notes.md", declaredType: null })).status).toBe(415);
    expect(refusal(() => detectKind({ bytes: EXE, fileName: null, declaredType: null })).message).toMatch(
      /do not recognise this file's contents/,
    );
    expect(refusal(() => detectKind({ bytes: utf8("x"), fileName: "tool.exe", declaredType: null })).message).toMatch(
      /cannot read \.exe files/,
    );
  });

  it("reads bytes that are not UTF-8 as Windows-1252 (Latin-1's superset), but still refuses binary", () => {
    const latin1 = new Uint8Array([...utf8("caf"), 0xe9, 0x20, 0x80, 0x35, 0x20, 0x93, 0x6f, 0x6b, 0x94]);
    expect(detectKind({ bytes: latin1, fileName: "a.txt", declaredType: null })).toEqual({
      kind: "txt",
      text: "café €5 “ok”",
    });
    // C1 control characters (Windows-1252's undefined bytes) in bulk are not text.
    const controls = new Uint8Array(Array.from({ length: 64 }, (_, i) => (i % 2 ? 0x81 : 0x8d)));
    expect(refusal(() => detectKind({ bytes: controls, fileName: "a.txt", declaredType: null })).status).toBe(415);
  });

  it("refuses a declared type that the content contradicts, but ignores a generic one", async () => {
    const text = utf8("Plain words.");
    const lie = refusal(() => detectKind({ bytes: text, fileName: null, declaredType: "application/pdf" }));
    expect(lie.status).toBe(415);
    expect(lie.message).toMatch(/says it is application\/pdf, but its contents are something else/);
    expect(refusal(() => detectKind({ bytes: text, fileName: "a.txt", declaredType: "image/png" })).status).toBe(415);
    const pdf = await buildPdf([["Hello"]]);
    expect(refusal(() => detectKind({ bytes: pdf, fileName: null, declaredType: "text/plain" })).status).toBe(415);
    expect(detectKind({ bytes: text, fileName: "a.txt", declaredType: "application/octet-stream" }).kind).toBe("txt");
  });

  it("refuses empty files and files over the size limit", () => {
    const empty = refusal(() => detectKind({ bytes: new Uint8Array(), fileName: "a.txt", declaredType: null }));
    expect([empty.status, empty.message]).toEqual([400, "This file is empty."]);
    expect(refusal(() => detectKind({ bytes: utf8(" \n\t\n"), fileName: "a.md", declaredType: null })).status).toBe(
      400,
    );
    const huge = new Uint8Array(KNOWLEDGE_FILE_MAX_BYTES + 1).fill(0x61);
    const tooLarge = refusal(() => detectKind({ bytes: huge, fileName: "a.txt", declaredType: null }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.message).toMatch(/larger than 20 MB/);
  });
});
