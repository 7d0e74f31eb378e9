/**
 * `work`, or what `onTimeout` gives once `ms` have passed first: what it returns is resolved, what it throws rejects.
 * With `abort`, an abort of its signal (before or during the wait) ends the wait the same way through `onAbort`.
 */
export function deadline<T, U = never>(work: Promise<T>, ms: number, onTimeout: () => U, abort?: { signal: AbortSignal; onAbort: () => U }): Promise<T | U> {
  let timer: NodeJS.Timeout;
  let aborted: (() => void) | undefined;
  const ended = new Promise<U>((resolve, reject) => {
    const end = (give: () => U) => {
      try {
        resolve(give());
      } catch (e) {
        reject(e);
      }
    };
    timer = setTimeout(() => end(onTimeout), ms);
    if (!abort) return;
    aborted = () => end(abort.onAbort);
    if (abort.signal.aborted) aborted();
    else abort.signal.addEventListener('abort', aborted, { once: true });
  });
  return Promise.race([work, ended]).finally(() => {
    clearTimeout(timer);
    if (aborted) abort!.signal.removeEventListener('abort', aborted);
  });
}
