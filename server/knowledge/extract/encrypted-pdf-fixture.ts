/**
 * Test support: a real password-protected PDF, written by hand because neither pdf-lib nor any
 * installed tool encrypts. It uses the standard security handler, revision 2 (40-bit RC4,
 * ISO 32000-1 §7.6.3, algorithms 2–4), the simplest every reader still opens — a test opens
 * it with the password to prove it is genuine, not just a file that makes PDF.js give up.
 */
import { createHash } from "node:crypto";

const PASSWORD_PADDING = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const FILE_ID = Buffer.from("5c2a4e1f9b7d3a60c81e2f4b7a9d0c13", "hex");
/** Print and copy allowed; the value is a signed 32-bit flag set. */
const PERMISSIONS = -44;

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i] + key[i % key.length]) & 255;
    [state[i], state[j]] = [state[j], state[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + state[i]) & 255;
    [state[i], state[j]] = [state[j], state[i]];
    out[n] = data[n] ^ state[(state[i] + state[j]) & 255];
  }
  return out;
}

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function padded(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, "latin1"), PASSWORD_PADDING]).subarray(0, 32);
}

/** A one-page PDF showing `text`, readable only with `userPassword` (or `ownerPassword`). */
export function buildEncryptedPdf(options: { text: string; userPassword: string; ownerPassword: string }): Uint8Array {
  const owner = rc4(md5(padded(options.ownerPassword)).subarray(0, 5), padded(options.userPassword));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  const fileKey = md5(padded(options.userPassword), owner, permissions, FILE_ID).subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PADDING);
  const objectKey = (number: number): Buffer =>
    md5(fileKey, Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from(`BT /F1 24 Tf 72 700 Td (${options.text}) Tj ET`, "latin1"));

  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
    Buffer.from(
      `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString("hex")}> /U <${user.toString("hex")}> /P ${PERMISSIONS} >>`,
    ),
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
  const id = FILE_ID.toString("hex");
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id}> <${id}>] >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}
