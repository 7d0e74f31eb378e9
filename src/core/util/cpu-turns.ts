/**
 * Turns for long stretches of work on the one thread (a page of objects represented and written as JSON): one such
 * stretch per turn of the event loop, in the order they asked. Between two, the loop reads whatever sockets are
 * ready, so a short request's next step (a write's COMMIT, a token's check) waits for one stretch, not for every
 * page that happened to be ready at once. The thread stays busy while any stretch waits: nothing waits for I/O here.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function grantOne(): void {
  const next = waiting.shift();
  // Asked for from within this check phase, the next grant comes after the loop has polled again.
  scheduled = waiting.length > 0;
  if (scheduled) setImmediate(grantOne);
  next?.();
}

/** Resolves when a long stretch of work may run: in this turn's check phase if none waits, else after the loop polls again. */
export function cpuTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(grantOne);
    }
  });
}
