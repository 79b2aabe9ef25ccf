/** How the analytics and usage screens write their figures. */

export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${(tokens / 1_000_000).toFixed(1)}M`;
  if (tokens >= 10_000) return `${Math.round(tokens / 1000)}k`;
  return tokens.toLocaleString();
}

export function formatVoiceMinutes(seconds: number): string {
  return `${(seconds / 60).toFixed(seconds >= 600 ? 0 : 1)} min`;
}

export function formatMs(ms: number | null): string {
  if (ms === null) return "–";
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

export function formatPercent(part: number, whole: number): string {
  return whole === 0 ? "0%" : `${((part / whole) * 100).toFixed(1)}%`;
}

/** YYYY-MM-DD of a day `daysBack` before today, in UTC (the server's days are UTC). */
export function utcDateDaysAgo(daysBack: number, now = new Date()): string {
  return new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
}
