/**
 * Bytes → text, or null when the bytes are not text. Accepts UTF-8 (with or without a BOM),
 * UTF-16 with a BOM (what Windows Notepad and Excel's "Unicode text" write), and — when the
 * bytes are not valid UTF-8 — Windows-1252, the superset of Latin-1 that older Windows and Mac
 * tools write: UTF-8 is so strict that Western text in a legacy encoding almost never passes
 * for it, so invalid UTF-8 is read as Windows-1252. NUL bytes or a run of control characters
 * (C1 controls too, which Windows-1252 text does not hold) still mean binary, which is how an
 * executable or an image renamed .txt is caught.
 */

/** Control characters (other than tab, newlines, form feed) tolerated per 1,000 characters. */
const CONTROL_CHARACTERS_PER_THOUSAND = 5;

function encodingOf(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return "utf-8";
}

function looksBinary(text: string): boolean {
  let controls = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    // \t \n \v \f \r are ordinary in text files; ESC shows up in some terminal logs.
    if (code < 0x20 && !(code >= 0x09 && code <= 0x0d) && code !== 0x1b) controls++;
    else if (code >= 0x80 && code <= 0x9f) controls++;
  }
  return controls * 1000 > text.length * CONTROL_CHARACTERS_PER_THOUSAND;
}

/**
 * Windows-1252's 0x80–0x9F (€, curly quotes, dashes…); the rest of its bytes are Latin-1, the
 * first 256 code points. Written out because Node's TextDecoder reads "windows-1252" as Latin-1.
 * The five bytes it leaves undefined stay C1 controls, which looksBinary counts.
 */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8_192) {
    const codes = Array.from(bytes.subarray(start, start + 8_192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

export function decodeText(bytes: Uint8Array): string | null {
  const encoding = encodingOf(bytes);
  // UTF-16 without its BOM is not accepted: it is indistinguishable from binary here.
  if (encoding !== "utf-8" && bytes.length % 2 !== 0) return null;
  let text: string;
  try {
    // The decoder drops a leading BOM of its own encoding.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    if (encoding !== "utf-8") return null;
    text = decodeWindows1252(bytes);
  }
  return looksBinary(text) ? null : text;
}
