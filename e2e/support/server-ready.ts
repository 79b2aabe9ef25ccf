/**
 * The child's side of a server process the journeys' global setup starts (server-process.ts):
 * announce the address it is listening on, and stop cleanly on SIGTERM or when the runner that
 * started it goes away — even a killed runner must not leave servers behind.
 */

/** The one stdout line the parent waits for; the address follows it. */
export const READY_LINE_PREFIX = "journey server listening on ";

export function announceReadyUntilStopped(url: string, stop: () => Promise<void>): void {
  let stopping = false;
  const stopOnce = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stopOnce);
  process.on("SIGINT", stopOnce);
  // The parent holds our stdin open and never writes to it: its end means the parent is gone.
  process.stdin.on("end", stopOnce).on("close", stopOnce).resume();
  console.log(`${READY_LINE_PREFIX}${url}`);
}
