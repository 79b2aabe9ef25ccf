-- Typo tolerance now reads the agent's vocabulary (search/similar-words.ts); the trigram index on every
-- passage's text served the similar-word search before it, which read whole passages and never used it.
DROP INDEX "knowledge_chunks_trigram_idx";