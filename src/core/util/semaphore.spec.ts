import { Semaphore } from './semaphore';

describe('Semaphore', () => {
  it('runs at most its size at once, in arrival order, and frees a slot when a task fails', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      return { gate, open };
    });
    const tasks = gates.map(({ gate }, i) =>
      slots.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await gate;
        running--;
        if (i === 0) throw new Error('first fails');
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    gates[0].open();
    await expect(tasks[0]).rejects.toThrow('first fails');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    gates.slice(1).forEach((g) => g.open());
    expect(await Promise.all(tasks.slice(1))).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('gives a task its units, lets small tasks share what is left, and keeps arrival order for a large one', async () => {
    const units = new Semaphore(4);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const take = (name: string, n: number) =>
      units.acquire(n).then((release) => {
        started.push(name);
        releases.set(name, release);
      });
    const small = [take('a', 1), take('b', 1)];
    const large = take('large', 4);
    const late = take('late', 1);
    await Promise.all(small);
    await new Promise((r) => setImmediate(r));
    // The large task waits for the whole; the one after it waits behind it, though a unit is free.
    expect(started).toEqual(['a', 'b']);
    releases.get('a')!();
    releases.get('a')!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b']);
    releases.get('b')!();
    await large;
    expect(started).toEqual(['a', 'b', 'large']);
    releases.get('large')!();
    await late;
    expect(started).toEqual(['a', 'b', 'large', 'late']);
    // More than the size is the whole size.
    releases.get('late')!();
    await take('huge', 10);
    expect(started.at(-1)).toBe('huge');
  });
});
