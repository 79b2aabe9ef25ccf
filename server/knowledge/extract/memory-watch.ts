/**
 * Watches the process's resident memory while files are read (extract-pool.ts). The workers'
 * heap ceiling does not bound what parsers allocate outside the V8 heap (PDF.js's inflated
 * streams, image buffers), and workers are threads of this process, so growth shows here: past
 * `budgetBytes` above where it stood when reading began, `onOverBudget` stops the readers.
 */

/** How often resident memory is read while files are being read: a read costs microseconds. */
const MEMORY_WATCH_MS = 20;

export interface MemoryWatch {
  /** Call whenever reading starts or stops: the watch runs only while something is read. */
  update(reading: boolean): void;
  stop(): void;
}

export function createMemoryWatch(budgetBytes: number, onOverBudget: () => void): MemoryWatch {
  let watching: { timer: NodeJS.Timeout; baseline: number } | undefined;
  const stop = () => {
    clearInterval(watching?.timer);
    watching = undefined;
  };
  return {
    update(reading) {
      if (!reading) return stop();
      if (watching) return;
      const timer = setInterval(() => {
        if (!watching || process.memoryUsage.rss() - watching.baseline <= budgetBytes) return;
        watching.baseline = process.memoryUsage.rss();
        onOverBudget();
        // Measured again after the readers stopped: the next file starts from here.
        if (watching) watching.baseline = process.memoryUsage.rss();
      }, MEMORY_WATCH_MS);
      timer.unref();
      watching = { timer, baseline: process.memoryUsage.rss() };
    },
    stop,
  };
}
