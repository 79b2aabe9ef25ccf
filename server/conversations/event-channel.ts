/**
 * A queue that producers push to and one consumer drains as an async generator, in the order
 * the events happened: the tool loop's calls run side by side and each tells its steps here.
 */
/** Events pushed by calls running side by side, read in the order they happened. */
export function createEventChannel<T>(): { push(event: T): void; close(): void; drain(): AsyncGenerator<T> } {
  const queue: T[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  return {
    push(event) {
      queue.push(event);
      poke();
    },
    close() {
      closed = true;
      poke();
    },
    async *drain() {
      for (;;) {
        while (queue.length > 0) yield queue.shift() as T;
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
