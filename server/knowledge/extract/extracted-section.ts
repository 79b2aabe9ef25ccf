/** What every extractor returns: the document's text in reading order, cut where its structure is. */
export interface ExtractedSection {
  text: string;
  /** "page 3", "Returns › Refunds", "rows 2–41"; null where the source has no structure. */
  location: string | null;
}

/** A chunk ready to be stored: knowledge_chunks' ordinal, content and location. */
export interface ChunkDraft {
  ordinal: number;
  content: string;
  location: string | null;
}
