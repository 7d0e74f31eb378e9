import { cpuTurn } from './cpu-turns';

describe('cpuTurn', () => {
  it('grants one stretch per turn of the event loop, so what became ready meanwhile runs between two', async () => {
    const order: string[] = [];
    const first = cpuTurn().then(() => {
      order.push('first');
      // Due by the loop's next turn (a timer waits at least 1 ms): it runs before the next stretch is granted.
      setTimeout(() => order.push('timer'), 0);
      const started = Date.now();
      while (Date.now() - started < 3);
    });
    const second = cpuTurn().then(() => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'timer', 'second']);
  });

  it('grants turns in the order they were asked for, and again once none waits', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => cpuTurn().then(() => order.push(n))));
    await cpuTurn();
    expect(order).toEqual([1, 2, 3]);
  });
});
