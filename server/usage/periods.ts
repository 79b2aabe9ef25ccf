/** Quota periods in UTC: a day ends at 00:00 UTC, a month at 00:00 UTC on the 1st. */

/** "YYYY-MM-DD" of the UTC day `at` falls in. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function startOfUtcMonth(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

export function endOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

export function endOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** Whole seconds from `now` until `end`, at least 1: a Retry-After value. */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}
