/**
 * Time to first token as a histogram: each roll-up row counts its replies per bucket, so the
 * p50/p95 of any set of rows is read from their summed buckets instead of from every turn.
 * The bounds grow by about 1.5× a step, so an estimate is off by at most half a bucket.
 */
import { integer } from "drizzle-orm/pg-core";

/** Upper bounds in ms; a last, open bucket takes anything slower. */
export const FIRST_TOKEN_BOUNDS_MS = [100, 150, 250, 400, 600, 1000, 1500, 2500, 4000, 6000, 10_000] as const;

/** Column names in order: ft_le_100 … ft_le_10000, then ft_over. */
export const FIRST_TOKEN_COLUMN_NAMES: string[] = [...FIRST_TOKEN_BOUNDS_MS.map((ms) => `ft_le_${ms}`), "ft_over"];

function bucketColumns() {
  const columns: Record<string, ReturnType<typeof bucketColumn>> = {};
  for (const name of FIRST_TOKEN_COLUMN_NAMES) columns[name] = bucketColumn(name);
  return columns;
}
const bucketColumn = (name: string) => integer(name).notNull().default(0);

/** Spread into the usage_daily table. */
export const FIRST_TOKEN_BUCKET_COLUMNS = bucketColumns();

/** The bucket a reply's first-token time falls in. */
export function firstTokenBucket(ms: number): number {
  const index = FIRST_TOKEN_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? FIRST_TOKEN_BOUNDS_MS.length : index;
}

/**
 * The q-th quantile (0–1) of summed bucket counts, interpolated linearly inside its bucket;
 * the open last bucket answers its lower bound. Null when nothing was counted.
 */
export function quantileFromBuckets(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (const [index, n] of counts.entries()) {
    if (n > 0 && seen + n >= rank) {
      const lower = index === 0 ? 0 : FIRST_TOKEN_BOUNDS_MS[index - 1];
      const upper = FIRST_TOKEN_BOUNDS_MS[index];
      if (upper === undefined) return lower;
      return Math.round(lower + ((rank - seen) / n) * (upper - lower));
    }
    seen += n;
  }
  return FIRST_TOKEN_BOUNDS_MS[FIRST_TOKEN_BOUNDS_MS.length - 1];
}
