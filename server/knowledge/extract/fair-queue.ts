/**
 * A queue that takes turns: items wait in one line per key (a company), and the lines are
 * served round-robin, one item each, so a company that queues fifty files delays another
 * company's one file by at most one file, not fifty. Pure, so its order is tested alone.
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, T[]>();
  /** Keys in serving order; the first is served next. */
  private rotation: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(key: string, item: T): void {
    const line = this.lines.get(key);
    if (line) line.push(item);
    else {
      this.lines.set(key, [item]);
      this.rotation.push(key);
    }
    this.count++;
  }

  /** Whether some key that `eligible` accepts has an item waiting. */
  has(eligible: (key: string) => boolean = () => true): boolean {
    return this.rotation.some(eligible);
  }

  /** The next item in turn among the keys `eligible` accepts; its key goes to the back of the rotation. */
  take(eligible: (key: string) => boolean = () => true): T | undefined {
    const index = this.rotation.findIndex(eligible);
    if (index < 0) return undefined;
    const key = this.rotation[index];
    const line = this.lines.get(key)!;
    const item = line.shift()!;
    this.count--;
    this.rotation.splice(index, 1);
    if (line.length > 0) this.rotation.push(key);
    else this.lines.delete(key);
    return item;
  }

  /** Removes an item that no longer waits (its caller gave up). */
  remove(item: T): boolean {
    for (const [key, line] of this.lines) {
      const index = line.indexOf(item);
      if (index < 0) continue;
      line.splice(index, 1);
      this.count--;
      if (line.length === 0) {
        this.lines.delete(key);
        this.rotation = this.rotation.filter((other) => other !== key);
      }
      return true;
    }
    return false;
  }

  /** Every item in the order `take` would hand them out. */
  order(): T[] {
    const lines = this.rotation.map((key) => [...this.lines.get(key)!]);
    const ordered: T[] = [];
    while (lines.length > 0) {
      const line = lines.shift()!;
      ordered.push(line.shift()!);
      if (line.length > 0) lines.push(line);
    }
    return ordered;
  }

  drain(): T[] {
    const all = this.order();
    this.lines.clear();
    this.rotation = [];
    this.count = 0;
    return all;
  }
}
