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

boundHeapGrowth();
