/** Plain text: one section without a location; the chunker cuts it along its paragraphs. */
import type { ExtractedSection } from "./extracted-section.js";

export function extractPlainText(text: string): ExtractedSection[] {
  return text.trim() === "" ? [] : [{ text, location: null }];
}
