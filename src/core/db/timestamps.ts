import { types as pgTypes } from 'pg';

/** PostgreSQL's type for `timestamp with time zone`, the type of every stored time. */
export const TIMESTAMPTZ = 1184;

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;

/** The number written by `length` digits at `start`, or NaN. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A timestamp in the shape PostgreSQL writes nearly all of them (`2026-11-28 04:42:17.041123+00`), read without the
 * regular expressions and match arrays of the driver's general parser: every row carries two or more, and reading
 * them was 4% of what a page of devices allocated. The same Date the general parser gives; null for any other shape.
 */
export function readCommonTimestamp(text: string): Date | null {
  if (text.length < 22 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(10) !== SPACE || text.charCodeAt(13) !== COLON || text.charCodeAt(16) !== COLON) return null;
  const year = digits(text, 0, 4);
  // Years before 100 read as 19xx in Date.UTC: left to the general parser, as are years beyond four digits.
  if (!(year >= 100)) return null;
  let end = 19;
  let ms = 0;
  if (text.charCodeAt(end) === DOT) {
    while (end + 1 < text.length && text.charCodeAt(end + 1) - 48 >= 0 && text.charCodeAt(end + 1) - 48 <= 9) end++;
    // As the general parser computes it, so that rounding agrees to the millisecond.
    ms = 1000 * parseFloat(text.slice(19, end + 1));
    end++;
  }
  const sign = text.charCodeAt(end);
  if (sign !== PLUS && sign !== DASH) return null;
  let offsetMinutes = digits(text, end + 1, 2) * 60;
  let rest = end + 3;
  if (text.charCodeAt(rest) === COLON) {
    offsetMinutes += digits(text, rest + 1, 2);
    rest += 3;
  }
  // Offsets in seconds (historical zones) and anything else: the general parser.
  if (rest !== text.length) return null;
  const utc = Date.UTC(year, digits(text, 5, 2) - 1, digits(text, 8, 2), digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2), ms);
  if (Number.isNaN(utc) || Number.isNaN(offsetMinutes)) return null;
  return new Date(utc - (sign === PLUS ? 1 : -1) * offsetMinutes * 60_000);
}

/** Reads stored times with `readCommonTimestamp`, and any other shape as the driver always has. */
export function readTimestampsFast(): void {
  const general = pgTypes.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => unknown;
  pgTypes.setTypeParser(TIMESTAMPTZ, (text: string) => readCommonTimestamp(text) ?? general(text));
}
