/**
 * Test support: writes zip files by hand, so tests can build what no honest tool would — a
 * .docx whose directory lies about its sizes, or one that unpacks to 150 MB.
 */
import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

export interface ZipFixtureEntry {
  name: string;
  /** Stored deflated unless `stored`. */
  data?: Uint8Array;
  stored?: boolean;
  /** Already-deflated data with its real size, for content too big to hold (see deflateZeros). */
  deflated?: { data: Uint8Array; size: number; crc: number };
  /** What the directory claims the entry unpacks to, when it should lie. */
  claimedSize?: number;
}

/** `size` zero bytes, deflated in 1 MB steps so the test never holds them all. */
export async function deflateZeros(size: number): Promise<{ data: Uint8Array; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { data: Buffer.concat(parts), size, crc };
}

export function buildZip(entries: readonly ZipFixtureEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const raw = entry.data ?? new Uint8Array();
    const body = entry.deflated?.data ?? (entry.stored ? raw : deflateRawSync(raw));
    const size = entry.claimedSize ?? entry.deflated?.size ?? raw.length;
    const crc = entry.deflated?.crc ?? crc32(raw);
    const method = entry.stored && !entry.deflated ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body));
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** The parts around word/document.xml that make a zip look like a Word document. */
export function docxPackageParts(): ZipFixtureEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
  ];
}
