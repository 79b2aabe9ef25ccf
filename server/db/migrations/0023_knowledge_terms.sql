-- btree_gin lets a GIN index lead with the agent (a uuid) before the word vector (decision 118);
-- like pg_trgm it is a trusted extension, and PGlite ships it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"agent_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "knowledge_terms_agent_id_lexeme_pk" PRIMARY KEY("agent_id","lexeme")
);
--> statement-breakpoint
DROP INDEX "knowledge_chunks_agent_idx";--> statement-breakpoint
DROP INDEX "knowledge_chunks_search_idx";--> statement-breakpoint
DROP INDEX "knowledge_chunks_search_english_idx";--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_agent_search_idx" ON "knowledge_chunks" USING gin ("agent_id","search");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_agent_search_english_idx" ON "knowledge_chunks" USING gin ("agent_id","search_english");--> statement-breakpoint
-- The term statistics of the passages already stored: the app keeps them from here on.
INSERT INTO "knowledge_terms" ("agent_id", "lexeme", "chunks")
SELECT c."agent_id", u.lexeme, count(*)::int
  FROM "knowledge_chunks" c
  JOIN "knowledge_documents" d ON d."id" = c."document_id" AND d."status" = 'ready'
  CROSS JOIN LATERAL unnest(c."search_english") AS u
 GROUP BY c."agent_id", u.lexeme;