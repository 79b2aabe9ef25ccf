/** Test support: real PDF and Word files built with pdf-lib and docx, the way users' tools write them. */
import { Document, HeadingLevel, Packer, Paragraph } from "docx";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** A PDF with one page per entry, each page's lines drawn as real text. */
export async function buildPdf(pages: readonly (readonly string[])[], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 16, size: 11, font }));
  }
  return pdf.save();
}

/** A PDF with pages but no text layer, like a scan: only a drawn shape. */
export async function buildPdfWithoutText(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100, color: rgb(0.2, 0.4, 0.6) });
  return pdf.save();
}

/** A generated manual: `pageCount` pages of varied sentences, ~500 words each. */
export async function buildLongPdf(pageCount: number): Promise<Uint8Array> {
  const words =
    "the pump delivers twelve litres per minute at nominal pressure and must be serviced every six months by a qualified technician using original parts only".split(
      " ",
    );
  const pages = Array.from({ length: pageCount }, (_, page) =>
    Array.from({ length: 40 }, (_, line) =>
      Array.from({ length: 13 }, (_, word) => words[(page * 7 + line * 3 + word) % words.length]).join(" "),
    ),
  );
  return buildPdf(pages, "Pump manual");
}

export interface DocxBlock {
  heading?: 1 | 2 | 3;
  text: string;
}

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** A .docx with Word's Heading 1–3 styles where asked, plain paragraphs elsewhere. */
export async function buildDocx(blocks: readonly DocxBlock[], title?: string): Promise<Uint8Array> {
  const document = new Document({
    title,
    sections: [
      {
        children: blocks.map((block) =>
          block.heading
            ? new Paragraph({ text: block.text, heading: HEADINGS[block.heading] })
            : new Paragraph(block.text),
        ),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
