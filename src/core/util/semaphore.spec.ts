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
});
