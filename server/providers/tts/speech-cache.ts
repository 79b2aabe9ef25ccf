/** Least-recently-used map of finished WAVs, bounded by entry count and total bytes. */
export class SpeechCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Buffer | undefined {
    const wav = this.entries.get(key);
    if (wav) {
      this.entries.delete(key);
      this.entries.set(key, wav);
    }
    return wav;
  }

  set(key: string, wav: Buffer): void {
    if (wav.length > this.maxBytes || this.maxEntries < 1) return;
    this.delete(key);
    this.entries.set(key, wav);
    this.bytes += wav.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const wav = this.entries.get(key);
    if (!wav) return;
    this.entries.delete(key);
    this.bytes -= wav.length;
  }
}
