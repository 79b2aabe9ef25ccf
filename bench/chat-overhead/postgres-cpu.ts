/**
 * CPU time of the machine's PostgreSQL server processes, read from /proc: the database shares
 * the two cores with the app, so what it spends per chat is part of any burst's queue.
 * A backend that exits between two readings takes its time with it (an undercount, never a
 * negative one: each process counts from its own first reading), so read around a level whose
 * pool connections stay open (the app's pool keeps idle connections for its whole run).
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** User + system CPU ticks of every process named `postgres` by pid; null where /proc is not readable. */
export function postgresCpuTicks(): Map<string, number> | null {
  const ticks = new Map<string, number>();
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // exited while listed
      }
      const close = stat.lastIndexOf(")");
      if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
      // Fields after the name: state is field 3, utime 14 and stime 15 (1-based, man proc).
      const fields = stat.slice(close + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    }
  } catch {
    return null;
  }
  return ticks;
}

/** CPU ms spent between two readings by the processes in `after` (a new one counts from zero). */
export function postgresCpuMsBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
