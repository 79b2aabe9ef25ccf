/**
 * Test support: decompression bombs written by hand — a one-page PDF whose content stream shows
 * a line of text and then inflates to `inflatedBytes` of spaces (deflated in 1 MB steps, so the
 * test never holds them), and the same idea with run-length and LZW streams.
 */
import { once } from "node:events";
import { createDeflate } from "node:zlib";

/** A PDF around `content` (already encoded with `filter`), as encrypted-pdf-fixture.ts writes one. */
export function pdfWithContentStream(content: Uint8Array, filter: string | null): Uint8Array {
  const filterEntry = filter ? ` /Filter /${filter}` : "";
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length}${filterEntry} >>\nstream\n`),
      content,
      Buffer.from("\nendstream"),
    ]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0].length;
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  }
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

const showText = (text: string) => Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET\n`, "latin1");

/** A one-page PDF showing `text`, whose deflated content stream inflates to about `inflatedBytes`. */
export async function buildPdfBomb(options: { text: string; inflatedBytes: number }): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  deflate.write(showText(options.text));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < options.inflatedBytes; written += spaces.length) {
    if (!deflate.write(spaces.subarray(0, Math.min(spaces.length, options.inflatedBytes - written))))
      await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return pdfWithContentStream(Buffer.concat(parts), "FlateDecode");
}

/** A one-page PDF showing `text`, whose run-length content stream decodes to about `decodedBytes` (64:1). */
export function buildRunLengthPdfBomb(options: { text: string; decodedBytes: number }): Uint8Array {
  const text = showText(options.text);
  const literal = Buffer.concat([Buffer.from([text.length - 1]), text]);
  // 129 means "repeat the next byte 128 times".
  const runs = Buffer.alloc(Math.ceil(options.decodedBytes / 128) * 2);
  for (let at = 0; at < runs.length; at += 2) runs.set([129, 0x20], at);
  return pdfWithContentStream(Buffer.concat([literal, runs, Buffer.from([128])]), "RunLengthDecode");
}
