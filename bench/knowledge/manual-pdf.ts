/**
 * Lays the product manual's text source (corpus/manual.txt) out as a real multi-page PDF with
 * pdf-lib, so the bench reads it back through the same PDF extraction an upload goes through.
 * Format of the source: `=== page ===` lines break pages, `#`/`##`/`###` lines are headings,
 * blank lines separate paragraphs; every other line is body text, wrapped to the page width.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

const PAGE = { width: 595, height: 842, margin: 56 };
const BODY = { size: 10.5, leading: 14.5 };
const HEADINGS: Record<number, { size: number; before: number }> = {
  1: { size: 18, before: 0 },
  2: { size: 14, before: 12 },
  3: { size: 11.5, before: 8 },
};

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function buildManualPdf(source: string, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor("Hearthwell Inc.");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage | null = null;
  let y = 0;
  let pageNumber = 0;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    pageNumber++;
    y = PAGE.height - PAGE.margin;
    page.drawText(`Nimbus R7 User Manual · ${pageNumber}`, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
    });
    return page;
  };
  const draw = (text: string, font: PDFFont, size: number, leading: number) => {
    for (const line of wrap(text, font, size, width)) {
      let target: PDFPage = page ?? newPage();
      if (y - leading < PAGE.margin) target = newPage();
      y -= leading;
      target.drawText(line, { x: PAGE.margin, y, size, font });
    }
  };

  for (const pageText of source.split(/^=== page ===$/m)) {
    newPage();
    for (const raw of pageText.split("\n")) {
      const line = raw.trim();
      if (line === "") {
        y -= BODY.leading / 2;
        continue;
      }
      const heading = /^(#{1,3}) (.*)$/.exec(line);
      if (heading) {
        const style = HEADINGS[heading[1].length];
        y -= style.before;
        draw(heading[2], bold, style.size, style.size * 1.35);
      } else {
        draw(line, regular, BODY.size, BODY.leading);
      }
    }
  }
  return pdf.save();
}
