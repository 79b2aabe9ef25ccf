/**
 * Refuses a PDF that would inflate past its budget (extract-limits.ts) before PDF.js sees it.
 * PDF.js inflates a content stream whole into a buffer outside the V8 heap, so the worker's heap
 * ceiling never stops a 1.5 MB stream of spaces that inflates to 1.5 GB. Here every raw
 * `stream … endstream` body is decoded only to count its bytes — deflate through zlib in small
 * pieces, LZW and run-length by their code lengths — and the count stops at the bound. The
 * same pass counts objects. Image codecs (DCT, JPX, JBIG2, CCITT) are not decoded here: PDF.js
 * does not decode images to read text, and the pool's memory watch covers what slips through.
 */
import { constants, createInflate, inflateSync } from "node:zlib";
import { inflationBudget, type ExtractLimits } from "./extract-limits.js";
import { refusals } from "./knowledge-file-error.js";

/** Deflate never expands more than ~1,032:1; a stream this small is inflated in one call. */
const DEFLATE_MAX_RATIO = 1_032;
const SYNC_INFLATE_MAX_OUTPUT = 4 * 1024 * 1024;
/** How far before `stream` its dictionary may start. */
const DICTIONARY_WINDOW = 16 * 1024;
const INFLATE_CHUNK = 256 * 1024;

interface RawStream {
  dictionary: string;
  data: Uint8Array;
  /** Where to look for the next stream. */
  next: number;
}

function* rawStreams(file: Buffer): Generator<RawStream> {
  let at = 0;
  for (;;) {
    const keyword = file.indexOf("stream", at, "latin1");
    if (keyword < 0) return;
    at = keyword + 6;
    if (keyword >= 3 && file.toString("latin1", keyword - 3, keyword) === "end") continue;
    let dataStart = at;
    if (file[dataStart] === 0x0d) dataStart++;
    if (file[dataStart] === 0x0a) dataStart++;
    if (dataStart === at) continue;
    const window = file.toString("latin1", Math.max(0, keyword - DICTIONARY_WINDOW), keyword);
    if (!/>>\s*$/.test(window)) continue;
    const header = window.lastIndexOf(" obj");
    const dictionary = header >= 0 ? window.slice(header) : window;
    const declaredLength = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let dataEnd = declaredLength ? dataStart + Number(declaredLength[1]) : -1;
    if (dataEnd < 0 || dataEnd > file.length) {
      dataEnd = file.indexOf("endstream", dataStart, "latin1");
      if (dataEnd < 0) dataEnd = file.length;
    }
    at = Math.max(at, dataEnd);
    yield { dictionary, data: file.subarray(dataStart, dataEnd), next: dataEnd };
  }
}

/** The stream's filters in the order they are undone; null when they cannot be read here (an indirect reference). */
function filtersOf(dictionary: string): string[] | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+|\d+\s+\d+\s+R)/.exec(dictionary);
  if (!filter) return [];
  if (/R$/.test(filter[1])) return null;
  return [...filter[1].matchAll(/\/([^\s/[\]<>()]+)/g)].map((name) => name[1]);
}

function looksLikeZlib(data: Uint8Array): boolean {
  return data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0;
}

/** Bytes `data` inflates to, counting no further than `limit` + 1; a damaged tail ends the count, as it ends PDF.js's read. */
async function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  if (data.length * DEFLATE_MAX_RATIO <= SYNC_INFLATE_MAX_OUTPUT) {
    try {
      // Z_SYNC_FLUSH at the end: a stream cut short still counts what it yields.
      return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch {
      return 0;
    }
  }
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: INFLATE_CHUNK, finishFlush: constants.Z_SYNC_FLUSH });
    let total = 0;
    const finish = () => {
      inflate.removeAllListeners();
      inflate.on("error", () => undefined);
      inflate.destroy();
      resolve(total);
    };
    inflate.on("data", (piece: Buffer) => {
      total += piece.length;
      if (total > limit) finish();
    });
    inflate.on("end", finish);
    inflate.on("error", finish);
    inflate.end(data);
  });
}

/** LZW output length from the code lengths alone (ISO 32000-1 §7.4.4): no table of bytes is built. */
export function lzwDecodedSize(data: Uint8Array, limit: number, earlyChange = 1): number {
  const lengths = new Uint16Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let total = 0;
  let buffer = 0;
  let bits = 0;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      let length: number;
      if (code < 256) length = 1;
      else if (code < next) length = lengths[code];
      else if (previous >= 0) length = (previous < 256 ? 1 : lengths[previous]) + 1;
      else return total; // a code that is not yet defined: PDF.js stops here too
      if (previous >= 0 && next < 4096) lengths[next++] = (previous < 256 ? 1 : lengths[previous]) + 1;
      previous = code;
      total += length;
      if (total > limit) return total;
      if (next + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return total;
}

/** RunLengthDecode's output length (ISO 32000-1 §7.4.5). */
export function runLengthDecodedSize(data: Uint8Array): number {
  let total = 0;
  for (let at = 0; at < data.length;) {
    const length = data[at];
    if (length === 128) break;
    if (length < 128) {
      total += length + 1;
      at += length + 2;
    } else {
      total += 257 - length;
      at += 2;
    }
  }
  return total;
}

function asciiHexDecode(data: Uint8Array): Uint8Array {
  const digits = Buffer.from(data)
    .toString("latin1")
    .replace(/>.*$/s, "")
    .replace(/[^0-9a-f]/gi, "");
  return Buffer.from(digits.length % 2 ? digits + "0" : digits, "hex");
}

function ascii85Decode(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString("latin1").replace(/~>.*$/s, "").replace(/\s/g, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const character of text) {
    if (character === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else {
      group.push(character.charCodeAt(0) - 33);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 0) flush(group.length);
  return Uint8Array.from(out);
}

const EXPANDING = new Set(["FlateDecode", "Fl", "LZWDecode", "LZW", "RunLengthDecode", "RL"]);

/** Bytes the stream's expanding filter yields (0 if it has none), at most a little past `limit`. */
async function decodedSize(stream: RawStream, limit: number): Promise<number> {
  const filters = filtersOf(stream.dictionary);
  // A filter we cannot see (an indirect reference): count it as deflate if it looks like deflate.
  if (filters === null) return looksLikeZlib(stream.data) ? inflatedSize(stream.data, limit) : 0;
  let data = stream.data;
  for (const [index, filter] of filters.entries()) {
    if (filter === "ASCIIHexDecode" || filter === "AHx") data = asciiHexDecode(data);
    else if (filter === "ASCII85Decode" || filter === "A85") data = ascii85Decode(data);
    else if (EXPANDING.has(filter)) {
      // Two expanding filters in a row multiply: no writer does that, a bomb would.
      if (filters.slice(index + 1).some((later) => EXPANDING.has(later))) return Number.POSITIVE_INFINITY;
      if (filter === "LZWDecode" || filter === "LZW")
        return lzwDecodedSize(data, limit, /\/EarlyChange\s+0/.test(stream.dictionary) ? 0 : 1);
      if (filter === "RunLengthDecode" || filter === "RL") return runLengthDecodedSize(data);
      return inflatedSize(data, limit);
    } else return 0; // an image codec or encryption: not inflated to read text
  }
  return 0;
}

/** Objects the file holds: `N G obj` headers, plus what its object streams say they hold. */
function objectCount(file: Buffer, streamDictionaries: readonly string[]): number {
  let count = 0;
  for (let at = file.indexOf(" obj", 0, "latin1"); at >= 0; at = file.indexOf(" obj", at + 4, "latin1")) count++;
  for (const dictionary of streamDictionaries) {
    const held = /\/Type\s*\/ObjStm/.test(dictionary) ? /\/N\s+(\d+)/.exec(dictionary) : null;
    if (held) count += Number(held[1]);
  }
  return count;
}

/** Throws the refusal for a PDF whose streams inflate past the budget or that holds too many objects. */
export async function guardPdfInflation(bytes: Uint8Array, limits: ExtractLimits): Promise<void> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = inflationBudget(bytes.length, limits);
  const dictionaries: string[] = [];
  let total = 0;
  for (const stream of rawStreams(file)) {
    dictionaries.push(stream.dictionary);
    const size = await decodedSize(stream, Math.min(budget.stream, budget.document - total));
    total += size;
    if (size > budget.stream || total > budget.document) throw refusals.inflatesTooMuch();
  }
  if (objectCount(file, dictionaries) > limits.pdfMaxObjects) throw refusals.tooManyObjects();
}
