/** Tasks share `size` units, each taking some (one by default); the others wait their turn, first come first served. */
export class Semaphore {
  private used = 0;
  private readonly waiting: Array<{ units: number; start: () => void }> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** Waits for `units` (at most the size); the function it answers gives them back, once however often it is called. */
  async acquire(units = 1): Promise<() => void> {
    const taken = Math.min(Math.max(1, units), this.size);
    // A newcomer waits behind anyone already waiting, so that a large task is not overtaken for ever.
    if (this.waiting.length || this.used + taken > this.size) await new Promise<void>((start) => this.waiting.push({ units: taken, start }));
    else this.used += taken;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= taken;
      while (this.waiting.length && this.used + this.waiting[0].units <= this.size) {
        const next = this.waiting.shift()!;
        this.used += next.units;
        next.start();
      }
    };
  }
}
