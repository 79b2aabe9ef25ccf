/**
 * The word search's SQL: BM25 over the English stems of one agent's searchable passages, from
 * the candidates its words select (decision 118: term statistics kept at upload), with the title, the
 * document and neighbouring word pairs weighed in.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { wordSearchableSql } from "../word-searchable.js";
import { CANDIDATES_PER_SEARCH, rowsOf, type RankedChunk } from "./search-queries.js";

/** Candidates re-ranked with term counts: reading a chunk's word index costs, the index lookups do not. */
const RERANKED_BY_COUNTS = 100;

/** BM25's term-frequency saturation and length normalisation (Robertson's usual values). */
const BM25_K1 = sql.raw("1.2");
const BM25_B = sql.raw("0.75");
/**
 * What a passage's document adds to its score (decision 145), measured on the manual evaluation:
 * each query word in the document's title adds its idf once (a page titled "getpass — Portable
 * password input" is about passwords), and the document's own BM25 — a word's frequency there
 * being how many of its passages hold it — adds this share, so a passage of the page about the
 * question outranks a stray mention elsewhere.
 */
const TITLE_WEIGHT = sql.raw("1.0");
const DOCUMENT_WEIGHT = sql.raw("0.5");
/**
 * Two of the question's words found next to each other, at the distance they have in the
 * question ("environment variable", "line by line"), count once more as the mean of their
 * weights: one more piece of evidence, the pair's (a sequential-dependence feature, not tuned).
 */
const PAIR_WEIGHT = sql.raw("0.5");
/** ts_rank_cd's weights for D, C, B, A: a heading word counts as one occurrence, like the text's (the title weighs apart). */
const OCCURRENCE_WEIGHTS = sql.raw("'{0.1, 0.1, 0.1, 0.1}'::float4[]");

export interface WordTerm {
  /** The word for the English stemmed index, or null (a Korean word: the simple index only). */
  english: string | null;
  /** Its tsquery term for the language-independent index. */
  simple: string;
  /**
   * An English stem of the agent's vocabulary, looked up as it is rather than stemmed again (a
   * misspelt word's correction, similar-words.ts: Snowball's stem of a stem is not always itself).
   */
  lexeme?: string;
}

/**
 * Word search, ranked like BM25 with document evidence. A word is looked up in the English
 * stemmed index first ("overlapping" finds "overlap", and "repeats" no longer finds "repeatable"
 * by prefix); only a word that index does not hold falls back to the language-independent
 * prefix term, which finds other languages' inflections ("Lieferungen" → "Lieferung"). Each term
 * weighs by its rarity among the agent's searchable chunks (idf); which chunks hold which term comes
 * from the GIN indexes alone, and so does each document's score (how many of its chunks hold
 * each term, against its chunk count). The title of each document with a hit is matched too.
 * Only the best RERANKED_BY_COUNTS are then read to count occurrences (ts_rank_cd of a one-term
 * query is 0.1 per occurrence), saturating as BM25 does, and weighed against the passage's
 * length (its distinct words, against the candidates' average), so a long passage that mentions
 * a term in passing does not crowd out a short one about it.
 */
export async function rankByWords(
  db: Db,
  agentId: string,
  terms: WordTerm[],
  pairs: WordPair[] = [],
): Promise<{
  ranked: RankedChunk[];
  /** Positions in `terms` of those some chunk holds. */ matchedTerms: Set<number>;
  /** Passages in the agent's searchable documents: 0 means it has no knowledge to search at all. */
  searchableChunks: number;
}> {
  const result = await db.execute(wordSearchSql(agentId, terms, pairs));
  const [row] = rowsOf<{ ranked: RankedChunk[] | string; matchedTerms: number[] | null; searchableChunks: number }>(
    result,
  );
  const ranked = typeof row?.ranked === "string" ? (JSON.parse(row.ranked) as RankedChunk[]) : (row?.ranked ?? []);
  // Ordinality counts from 1.
  const matchedTerms = new Set((row?.matchedTerms ?? []).map((n) => n - 1));
  return { ranked, matchedTerms, searchableChunks: row?.searchableChunks ?? 0 };
}

/**
 * Passages a query's English words may list from the index, rarest word first (decision 118):
 * a word past the budget is common — its rarity comes from knowledge_terms and it is counted on
 * the candidates only, so the work no longer grows with how many passages hold it. The rarest
 * word is listed always (a question of common words only still finds its passages).
 */
const LISTED_HITS = 2_000;

/** Two neighbouring words of the question: their positions in the terms (from 0) and the text between them included. */
export interface WordPair {
  first: number;
  second: number;
  phrase: string;
}

/** The word search's statement, apart so the manual benchmark can show its plan (EXPLAIN). */
export function wordSearchSql(agentId: string, terms: WordTerm[], pairs: WordPair[] = []): SQL {
  return sql`
    with terms as materialized (
      select t.n, to_tsquery('simple', t.term->>'simple') as q,
             case when t.term->>'lexeme' is not null then quote_literal(t.term->>'lexeme')::tsquery
                  else coalesce(plainto_tsquery('english', t.term->>'english'), ''::tsquery) end as eq,
             t.term->>'lexeme' is null and t.term->>'english' is not null
               and numnode(plainto_tsquery('english', t.term->>'english')) = 0 as stop_word,
             -- The word's one English stem, the key of its statistics (none for a stop word).
             coalesce(t.term->>'lexeme',
                      (select case when count(*) = 1 then min(l) end
                         from unnest(tsvector_to_array(to_tsvector('english', coalesce(t.term->>'english', '')))) as l)) as lexeme
        from json_array_elements(${JSON.stringify(terms)}::json) with ordinality as t(term, n)
    ),
    searchable as materialized (
      select id, chunk_count from knowledge_documents where agent_id = ${agentId} and status in ${wordSearchableSql}
    ),
    -- The agent's documents not searchable (being stored, or failed): few, and a hashed
    -- NOT IN checks a hit against them in constant time whatever the statistics say.
    hidden as materialized (
      select id from knowledge_documents where agent_id = ${agentId} and status not in ${wordSearchableSql}
    ),
    total as materialized (
      select coalesce(sum(chunk_count), 0)::float8 as chunks, coalesce(nullif(avg(chunk_count), 0), 1)::float8 as per_document
        from searchable
    ),
    -- How many of the agent's searchable passages hold each English word: one row each, kept at upload,
    -- read by the primary key (a join was planned as a read of all the agent's terms).
    known as materialized (
      select t.n, k.chunks::float8 as df
        from knowledge_terms k
        join terms t on t.lexeme = k.lexeme
       where k.agent_id = ${agentId} and k.lexeme = any(array(select lexeme from terms where lexeme is not null))
         and k.chunks > 0
    ),
    listed as materialized (
      select n from (select n, sum(df) over (order by df, n) as running, row_number() over (order by df, n) as rank from known) k
       where running <= ${LISTED_HITS} or rank = 1
    ),
    -- Each listed word's passages from the (agent, words) GIN index alone (materialized: stale
    -- statistics cannot turn it into a walk over the agent's chunks). Past the budget only the
    -- rarest word is listed; a materialized CTE is read only as far as its reader asks, so the
    -- limit below stops its reads (the plan itself still expects every row: the index).
    english_matches as materialized (
      select t.n, c.id, c.document_id
        from terms t
        join listed l on l.n = t.n
        join knowledge_chunks c on c.agent_id = ${agentId} and c.search_english @@ t.eq
       where c.document_id not in (select id from hidden)
    ),
    english_hits as materialized (select n, id, document_id from english_matches limit ${LISTED_HITS}),
    -- A word the English stems do not hold (another language's, a name): its language-independent
    -- prefix term. An English stop word ("only", "other") is no evidence and is not looked up.
    -- Each such word looked up on its own (lateral, fenced by offset 0 so it is not flattened into
    -- a join): joined, the planner could not see that most questions have none, and walked all the
    -- agent's passages to match them against no word (687 ms at 101,709 passages).
    simple_terms as materialized (
      select n, q from terms where n not in (select n from known) and not stop_word
    ),
    simple_matches as materialized (
      select t.n, c.id, c.document_id
        from simple_terms t
       cross join lateral (
         select c.id, c.document_id from knowledge_chunks c
          where c.agent_id = ${agentId} and c.search @@ t.q and c.document_id not in (select id from hidden)
         offset 0
       ) c
    ),
    simple_hits as materialized (select n, id, document_id from simple_matches limit ${LISTED_HITS}),
    hits as materialized (
      select n, id, document_id, true as english from english_hits
      union all
      select n, id, document_id, false from simple_hits
    ),
    weights as materialized (
      select f.n, f.english, f.listed,
             ln(1 + (greatest(total.chunks, f.df) - f.df + 0.5) / (f.df + 0.5)) as idf
        from (select n, df, true as english, n in (select n from listed) as listed from known
              union all
              select n, count(*)::float8, false, true from simple_hits group by n) f
       cross join total
    ),
    document_terms as (
      select document_id, n, bool_or(english) as english, count(*)::float8 as chunks from hits group by document_id, n
    ),
    -- A document's evidence from its listed words (decision 145), and its title from every word.
    documents as materialized (
      select d.document_id,
             ${DOCUMENT_WEIGHT} * sum(w.idf * d.chunks * (${BM25_K1} + 1)
               / (d.chunks + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * greatest(r.chunk_count, 1) / total.per_document)))
             + ${TITLE_WEIGHT} * (select coalesce(sum(tw.idf), 0) from weights tw join terms t on t.n = tw.n
                                   where r.title_search @@ case when tw.english then t.eq else t.q end) as bonus
        from document_terms d
        join weights w on w.n = d.n
        join knowledge_documents r on r.id = d.document_id
       cross join total
       group by d.document_id, r.title_search
    ),
    best as materialized (
      select h.id, h.document_id, max(d.bonus) as bonus
        from hits h join weights w on w.n = h.n join documents d on d.document_id = h.document_id
       group by h.id, h.document_id order by sum(w.idf) + max(d.bonus) desc, h.id limit ${RERANKED_BY_COUNTS}
    ),
    -- Every word counted on the candidates, the common ones too (0 where a passage lacks it).
    counts as materialized (
      select b.id, b.document_id, w.n,
             case when w.english then ts_rank_cd(${OCCURRENCE_WEIGHTS}, c.search_english, t.eq, 0)
                  else ts_rank_cd(${OCCURRENCE_WEIGHTS}, c.search, t.q, 0) end / 0.1 as tf,
             length(c.search)::float8 as len
        from best b
        join knowledge_chunks c on c.id = b.id
       cross join weights w
        join terms t on t.n = w.n
       -- A listed word's hits are known: it is counted only where it is held.
       where not w.listed or exists (select 1 from hits h where h.id = b.id and h.n = w.n)
    ),
    average as materialized (select coalesce(nullif(avg(len), 0), 1) as len from counts),
    -- Neighbouring words of the question found at the same distance in a candidate (phraseto_tsquery
    -- keeps the distance the stop words between them make).
    pairs as materialized (
      select (p->>'first')::int + 1 as a, (p->>'second')::int + 1 as b, phraseto_tsquery('english', p->>'phrase') as q
        from json_array_elements(${JSON.stringify(pairs)}::json) as p
    ),
    paired as materialized (
      select b.id, sum(${PAIR_WEIGHT} * (wa.idf + wb.idf)) as bonus
        from best b
        join knowledge_chunks c on c.id = b.id
       cross join pairs p
        join weights wa on wa.n = p.a and wa.english
        join weights wb on wb.n = p.b and wb.english
       where numnode(p.q) > 1 and c.search_english @@ p.q
       group by b.id
    ),
    -- A common word's evidence for a document, from the candidates alone: how many of them hold it.
    common_documents as materialized (
      select k.document_id,
             ${DOCUMENT_WEIGHT} * sum(w.idf * k.chunks * (${BM25_K1} + 1)
               / (k.chunks + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * greatest(r.chunk_count, 1) / total.per_document))) as bonus
        from (select document_id, n, count(*) filter (where tf > 0)::float8 as chunks from counts group by document_id, n) k
        join weights w on w.n = k.n and not w.listed
        join knowledge_documents r on r.id = k.document_id
       cross join total
       where k.chunks > 0
       group by k.document_id
    ),
    scored as (
      select k.id, (sum(w.idf * k.tf * (${BM25_K1} + 1)
                        / (k.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * k.len / average.len)))
                    + max(b.bonus) + coalesce(max(cd.bonus), 0) + coalesce(max(pd.bonus), 0))::float8 as score
        from counts k
        join weights w on w.n = k.n
        join best b on b.id = k.id
        left join common_documents cd on cd.document_id = k.document_id
        left join paired pd on pd.id = k.id
       cross join average
       group by k.id
       order by score desc, k.id
       limit ${CANDIDATES_PER_SEARCH}
    )
    -- One row even when nothing matched, so the caller learns whether there is knowledge at all.
    select coalesce((select json_agg(json_build_object('id', id, 'score', score) order by score desc, id) from scored),
                    '[]'::json) as ranked,
           (select array_agg(n::int) from weights) as "matchedTerms",
           (select chunks::int from total) as "searchableChunks"`;
}
