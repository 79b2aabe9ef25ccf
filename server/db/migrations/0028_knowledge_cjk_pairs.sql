-- Character pairs of each run of Japanese, Chinese or Korean script, one lexeme each (decision 161).
-- The class is server/knowledge/search/cjk-pairs.ts's CJK_RANGES; a test compares the two.
CREATE OR REPLACE FUNCTION knowledge_cjk_pairs(content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT p.pair)), ''::tsvector)
    FROM (
      SELECT CASE WHEN char_length(r.run) = 1 THEN r.run ELSE substr(r.run, i, 2) END AS pair
        FROM regexp_matches(content, '[\u1100-\u11ff\u3005\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff66-\uff9f]+', 'g') AS m(parts)
       CROSS JOIN LATERAL (SELECT m.parts[1] AS run) AS r
       CROSS JOIN LATERAL generate_series(1, greatest(char_length(r.run) - 1, 1)) AS i
    ) AS p
$$;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "search_pairs" "tsvector" GENERATED ALWAYS AS (knowledge_cjk_pairs(content)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_agent_search_pairs_idx" ON "knowledge_chunks" USING gin ("agent_id","search_pairs");