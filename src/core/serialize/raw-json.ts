/** A representation already written as JSON (remembered from an earlier request): answered as it is. */
export class RawJson {
  constructor(readonly json: string) {}
  /** For renderings that need the object itself (indented, browsable): read back. */
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** A value as compact JSON, reusing what is already written. */
export function jsonOf(value: unknown): string {
  return value instanceof RawJson ? value.json : JSON.stringify(value) ?? 'null';
}
