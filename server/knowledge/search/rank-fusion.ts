/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list votes 1 / (k + rank) for its items.
 * It needs no comparable scores, which word ranks, pair counts and cosines are not.
 */
import type { RankedChunk } from "./search-queries.js";

export const RRF_K = 60;

/** Items of every list, best first by the sum of their votes; ties go to the earlier list's order. */
export function fuseByRank(lists: RankedChunk[][], k = RRF_K): RankedChunk[] {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.forEach((item, index) => fused.set(item.id, (fused.get(item.id) ?? 0) + 1 / (k + index + 1)));
  }
  // A Map keeps insertion order and sort is stable, so equal scores keep the first list's order.
  return [...fused].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
