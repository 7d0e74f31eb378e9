import type { Request } from 'express';
import type { Row } from '../model/model';

/**
 * NetBox 4.6's weak ETag of an object: when it last changed, else when it was created, as Python's isoformat()
 * writes it; none for an object with neither.
 */
export function etagOf(row: Row): string | null {
  const stamp = row.last_updated ?? row.created;
  if (stamp === null || stamp === undefined) return null;
  return `W/"${stamp instanceof Date ? isoformat(stamp) : String(stamp)}"`;
}

/** A UTC time as Python's datetime.isoformat() writes an aware one: microseconds only when there are some. */
function isoformat(time: Date): string {
  const ms = time.getUTCMilliseconds();
  return `${time.toISOString().slice(0, 19)}${ms ? `.${String(ms).padStart(3, '0')}000` : ''}+00:00`;
}

/** The ETags an If-Match header lists, as NetBox reads it (split at commas, no unquoting); none for `*`. */
export function ifMatchOf(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value === '*') return [];
  return value.split(',').map((tag) => tag.trim());
}

/** Answers `req` with an ETag, in full whatever If-None-Match says: NetBox has no conditional GET, where Express would answer 304. */
export function sendEtag(req: Request, tag: string): void {
  req.res!.setHeader('ETag', tag);
  Object.defineProperty(req, 'fresh', { value: false });
}
