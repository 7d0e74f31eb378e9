/**
 * A representation already written as JSON (remembered from an earlier request), kept as UTF-8 bytes outside
 * V8's heap: answered as it is.
 */
export class RawJson {
  constructor(readonly bytes: Buffer) {}
  get json(): string {
    return this.bytes.toString('utf8');
  }
  /** For renderings that need the object itself (indented, browsable): read back. */
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** A value as compact JSON bytes, reusing what is already written. */
export function jsonBytesOf(value: unknown): Buffer<ArrayBufferLike> {
  return value instanceof RawJson ? value.bytes : Buffer.from(JSON.stringify(value) ?? 'null');
}
