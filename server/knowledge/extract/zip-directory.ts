/**
 * Reads a zip's central directory (the table of contents at its end) without unpacking
 * anything: enough to tell a .docx from another zip, and to see how big it claims to unpack
 * before any library inflates it. Only what a .docx can need is supported; zip64 sizes are
 * read from an entry's extra field, a zip64 end record (over 65,535 entries) is refused.
 */
import { inflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else no .docx reader supports. */
  method: number;
  compressedSize: number;
  /** What the directory claims; zip-bomb-guard.ts checks that the data agrees. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

const STORED = 0;
const DEFLATE = 8;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
const ZIP64_MARKER = 0xffffffff;

export function startsLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - END_RECORD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ZipFormatError("no end of central directory");
}

/** Fills in sizes the 32-bit fields could not hold, from the zip64 extra field. */
function applyZip64Extra(view: DataView, extraStart: number, extraEnd: number, entry: ZipEntry): void {
  let at = extraStart;
  while (at + 4 <= extraEnd) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw new ZipFormatError("short zip64 extra field");
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === ZIP64_MARKER) entry.uncompressedSize = next();
      if (entry.compressedSize === ZIP64_MARKER) entry.compressedSize = next();
      if (entry.localHeaderOffset === ZIP64_MARKER) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < END_RECORD_SIZE) throw new ZipFormatError("too short for a zip");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === ZIP64_MARKER) throw new ZipFormatError("zip64 directory");
  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_HEADER) throw new ZipFormatError("broken directory");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength > end) throw new ZipFormatError("directory entry overruns");
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(nameStart, nameStart + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    const extraStart = nameStart + nameLength;
    applyZip64Extra(view, extraStart, extraStart + extraLength, entry);
    entries.push(entry);
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, located through its local header. */
function compressedDataOf(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new ZipFormatError("broken entry");
  const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) throw new ZipFormatError("entry overruns the file");
  return bytes.subarray(dataStart, dataEnd);
}

/**
 * The entry's content, never more than it claims: past its declared size zlib stops and
 * throws a RangeError, so a lying entry cannot make us allocate what it would unpack to.
 * ZipFormatError for a broken entry or a compression method a .docx never uses; zlib's own
 * errors for damaged data.
 */
export function unpackEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const data = compressedDataOf(bytes, entry);
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new ZipFormatError("stored entry changes size");
    return Buffer.from(data);
  }
  if (entry.method !== DEFLATE) throw new ZipFormatError(`compression method ${entry.method}`);
  // One byte of headroom: an entry that fills it unpacks to more than it claimed.
  const unpacked = inflateRawSync(data, { maxOutputLength: entry.uncompressedSize + 1 });
  if (unpacked.length > entry.uncompressedSize) throw new RangeError("entry unpacks to more than it claims");
  return unpacked;
}
