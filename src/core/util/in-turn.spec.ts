import { inTurn } from './in-turn';

async function* items(n: number, read: number[]): AsyncIterable<number> {
  for (let i = 0; i < n; i++) {
    read.push(i);
    yield i;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inTurn', () => {
  it('works on at most `limit` items at once, reading the next while they run', async () => {
    const read: number[] = [];
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inTurn(items(6, read), 2, async (i) => {
      most = Math.max(most, ++running);
      await tick();
      running--;
      done.push(i);
    });
    expect(most).toBe(2);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fails with the first failure once the work begun has ended, and reads no further', async () => {
    const read: number[] = [];
    const ended: number[] = [];
    const run = inTurn(items(10, read), 2, async (i) => {
      await tick();
      if (i === 1) throw new Error('item 1');
      await tick();
      ended.push(i);
    });
    await expect(run).rejects.toThrow('item 1');
    expect(ended).toContain(0);
    expect(read.length).toBeLessThan(10);
  });
});
