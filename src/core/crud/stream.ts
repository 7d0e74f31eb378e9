import { Logger } from '@nestjs/common';
import { Readable } from 'stream';
import { Representation } from '../serialize/serializer';

/** Rows read and rendered at a time by a streamed list; tests make it small. */
export const listStreaming = { chunkSize: 500 };

const logger = new Logger('API');

/**
 * A whole list as the text `JSON.stringify` gives for `{count, next: null, previous: null, results}`,
 * byte for byte, produced a chunk at a time as the response drains. `release` runs once, when the
 * chunks are over: read to the end (before the body ends), failed, or abandoned by the client.
 */
export function listJson(count: number | null, chunks: AsyncIterable<Representation[]>, release: () => Promise<void>): Readable {
  async function* results() {
    yield JSON.stringify({ count, next: null, previous: null, results: [] }).slice(0, -2);
    let first = true;
    for await (const items of chunks) {
      yield (first ? '' : ',') + items.map((item) => JSON.stringify(item)).join(',');
      first = false;
    }
  }
  return releasingText(results(), release, ']}');
}

/**
 * Text produced a piece at a time as the response drains, then `tail`. `release` runs once, when the pieces are
 * over: read to the end (before the tail), failed, or abandoned by the client.
 */
export function releasingText(pieces: AsyncIterable<string>, release: () => Promise<void>, tail = ''): Readable {
  let released: Promise<void> | undefined;
  const releaseOnce = () => (released ??= release().catch((e) => logger.error(`Releasing a streamed response: ${describe(e)}`)));
  async function* text() {
    try {
      yield* pieces;
    } finally {
      await releaseOnce();
    }
    if (tail) yield tail;
  }
  const stream = Readable.from(text(), { objectMode: false });
  // A stream destroyed before its first read never runs the generator's finally.
  stream.once('close', releaseOnce);
  return stream;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.stack ?? e.message : String(e);
}
