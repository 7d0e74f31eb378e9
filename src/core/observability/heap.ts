import { setFlagsFromString } from 'v8';

/**
 * How much V8 lets its old generation grow past what the last full collection kept before it collects again.
 * Left to itself it grows by up to four times, so a busy service holds garbage of several pages at once:
 * 32 clients of 1,000-device pages on PostgreSQL peaked at 339 MiB resident, and 342 MiB with 8 clients
 * of 50-device pages. With 25% they peaked at 182–186 MiB at the same throughput (`docs/bench.md`, "Memory").
 * Not a limit: the heap still grows with what is live. A `--heap-growing-percent` on node's command line wins
 * (node refuses it in NODE_OPTIONS).
 */
const HEAP_GROWING_PERCENT = 25;

function boundHeapGrowth(): void {
  const given = process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg));
  if (!given) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * V8 allocates straight into the old generation the objects of a place in the code whose objects mostly survived
 * a young collection. Under a few requests at a time that is nearly every place a request allocates: its objects
 * live across a collection while it waits for the database, then die, and leave the old generation full collections
 * to run. Without it, under spread device pages and 8 clients, collections took 1.2–1.3 s of 15 rather than
 * 1.5–1.8 (full ones 19–21 rather than 22–28); under the uncached device page, 0.5 s rather than 1.3.
 */
function allocateYoung(): void {
  const given = process.execArgv.some((arg) => /^--(no-)?allocation[-_]site[-_]pretenuring/.test(arg));
  if (!given) setFlagsFromString('--no-allocation-site-pretenuring');
}

boundHeapGrowth();
allocateYoung();
