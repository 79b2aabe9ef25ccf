/**
 * Bytes → text, or null when the bytes are not text. Accepts UTF-8 (with or without a BOM)
 * and UTF-16 with a BOM (what Windows Notepad and Excel's "Unicode text" write). Anything
 * else — invalid UTF-8, NUL bytes, a run of control characters — is treated as binary, which
 * is how an executable or an image renamed .txt is caught.
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
  }
  return controls * 1000 > text.length * CONTROL_CHARACTERS_PER_THOUSAND;
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
    return null;
  }
  return looksBinary(text) ? null : text;
}
