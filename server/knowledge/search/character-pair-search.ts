/** The character-pair search's SQL: text without spaces (Japanese, Chinese), searched by pairs of characters. */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { wordSearchableSql } from "../word-searchable.js";
import { CANDIDATES_PER_SEARCH, rowsOf, type RankedChunk } from "./search-queries.js";

/**
 * Character-pair search for text without spaces: a chunk scores the rarity (idf) of each of the
 * question's pairs it holds (decision 161; before, every passage's text was searched for every
 * pair, and the time grew with the agent's size). Each pair's passages come from the (agent,
 * pairs) GIN index, at most `limits.hits` of them. A pair with fewer is listed whole, and its
 * passages are the candidates; a pair past it is common, and is counted on the best candidates
 * only, from their own pairs — as the word search does with common words. When every pair of
 * the question is common, the passages listed for each are the candidates.
 */
export async function rankByCharacterPairs(
  db: Db,
  agentId: string,
  grams: string[],
  limits: PairSearchLimits = PAIR_SEARCH_LIMITS,
): Promise<RankedChunk[]> {
  return rowsOf<RankedChunk>(await db.execute(characterPairSearchSql(agentId, grams, limits)));
}

export interface PairSearchLimits {
  /** Passages listed per pair; a pair found in this many or more is common. */
  hits: number;
  /** Candidates on which the common pairs are counted. */
  candidates: number;
}

const PAIR_SEARCH_LIMITS: PairSearchLimits = { hits: 2_000, candidates: 200 };

/** The character-pair search's statement, apart so its benchmark can show the plan (EXPLAIN). */
export function characterPairSearchSql(agentId: string, grams: string[], limits = PAIR_SEARCH_LIMITS): SQL {
  return sql`
    with grams as materialized (
      select g, quote_literal(g)::tsquery as q from json_array_elements_text(${JSON.stringify(grams)}::json) as t(g)
    ),
    hidden as materialized (
      select id from knowledge_documents where agent_id = ${agentId} and status not in ${wordSearchableSql}
    ),
    total as materialized (
      select coalesce(sum(chunk_count), 0)::float8 as n from knowledge_documents
       where agent_id = ${agentId} and status in ${wordSearchableSql}
    ),
    hits as materialized (
      select grams.g, c.id
        from grams
       cross join lateral (
         select c.id from knowledge_chunks c
          where c.agent_id = ${agentId} and c.search_pairs @@ grams.q and c.document_id not in (select id from hidden)
          limit ${limits.hits}
       ) c
    ),
    weights as materialized (
      select f.g, f.df < ${limits.hits} as listed, ln(1 + (greatest(total.n, f.df) - f.df + 0.5) / (f.df + 0.5)) as idf
        from (select g, count(*)::float8 as df from hits group by g) f
       cross join total
    ),
    any_listed as materialized (select coalesce(bool_or(listed), false) as listed from weights),
    candidates as materialized (
      select h.id, sum(w.idf) as score
        from hits h
        join weights w on w.g = h.g
       cross join any_listed
       where w.listed or not any_listed.listed
       group by h.id
       order by score desc, h.id
       limit ${limits.candidates}
    ),
    common as (
      select k.id, sum(w.idf) as score
        from candidates k
        join knowledge_chunks c on c.id = k.id
        join weights w on not w.listed
        join grams on grams.g = w.g
       cross join any_listed
       where any_listed.listed and c.search_pairs @@ grams.q
       group by k.id
    )
    select k.id, (k.score + coalesce(common.score, 0))::float8 as score
      from candidates k
      left join common on common.id = k.id
     order by score desc, k.id
     limit ${CANDIDATES_PER_SEARCH}`;
}
