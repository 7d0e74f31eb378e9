/** `work` for each item as the items come, at most `limit` at once; the first failure ends it, once those begun have ended. */
export async function inTurn<T>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  for await (const item of items) {
    const done: Promise<void> = work(item)
      .catch((error) => void (failed ??= { error }))
      .finally(() => running.delete(done));
    running.add(done);
    if (running.size >= limit) await Promise.race(running);
    if (failed) break;
  }
  await Promise.all(running);
  if (failed) throw failed.error;
}
