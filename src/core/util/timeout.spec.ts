import { deadline } from './timeout';

const never = () => new Promise<string>(() => undefined);
const after = (ms: number, value: string) => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

describe('deadline', () => {
  it('gives the work its answer or its failure when it ends in time, and clears its timer', async () => {
    const onTimeout = jest.fn(() => 'late');
    expect(await deadline(after(5, 'done'), 1000, onTimeout)).toBe('done');
    await expect(deadline(Promise.reject(new Error('broke')), 1000, onTimeout)).rejects.toThrow('broke');
    await new Promise((r) => setTimeout(r, 20));
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('resolves with what onTimeout returns, or rejects with what it throws, when the work outruns it', async () => {
    expect(await deadline(never(), 10, () => 'gave up')).toBe('gave up');
    await expect(
      deadline(never(), 10, () => {
        throw new Error('no answer in 10 ms');
      }),
    ).rejects.toThrow('no answer in 10 ms');
  });

  it('ends through onAbort when its signal aborts, at once when it already has, and lets go of the signal after', async () => {
    const stop = new AbortController();
    const waiting = deadline(never(), 1000, () => 'late', { signal: stop.signal, onAbort: () => 'stopped' });
    stop.abort();
    expect(await waiting).toBe('stopped');
    await expect(
      deadline(never(), 1000, () => 'late', {
        signal: stop.signal,
        onAbort: () => {
          throw new Error('stopped before it began');
        },
      }),
    ).rejects.toThrow('stopped before it began');

    const signal = new AbortController().signal;
    const remove = jest.spyOn(signal, 'removeEventListener');
    expect(await deadline(after(1, 'done'), 1000, () => 'late', { signal, onAbort: () => 'stopped' })).toBe('done');
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
