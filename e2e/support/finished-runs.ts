/**
 * What a journey run leaves behind (its output directory, the apps' data directories, their
 * PostgreSQL databases) is tagged with the runner's process id, so the next run can remove what
 * a killed run left without touching a run still going beside it in the same checkout.
 */

/** The tag for this process, which is the runner when called from the config or global setup. */
export function runTag(): string {
  return `pid${process.pid}`;
}

/** True when `name` carries the tag of a runner that is still alive. */
export function belongsToLiveRun(name: string): boolean {
  const tag = /(?:^|[-_])pid(\d+)(?:[-_]|$)/.exec(name);
  return tag !== null && isRunning(Number(tag[1]));
}

/** True when `name` carries a tag and its runner has ended. */
export function belongsToFinishedRun(name: string): boolean {
  return /(?:^|[-_])pid\d+(?:[-_]|$)/.test(name) && !belongsToLiveRun(name);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
