import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'crypto';
import type { Dialect } from '../dialect/dialect';

/** NetBox 4.5+'s v2 token: `nbt_<key>.<secret>` (users/constants.py). */
export const TOKEN_PREFIX = 'nbt_';
export const TOKEN_KEY_LENGTH = 12;
export const TOKEN_DEFAULT_LENGTH = 40;
const TOKEN_CHARSET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Whether a dialect has NetBox 4.5's tokens (a version, `nbt_` keys, a secret shown once); absent: the stored names', 3.5's. */
export function hasTokenVersions(dialect: Dialect | undefined): boolean {
  return !!dialect?.atLeast('4.5');
}

/** A v1 token's key, as NetBox 3.5 generates it: 40 lower-case hex characters. */
export function generateV1Key(): string {
  return randomBytes(20).toString('hex');
}

/** NetBox's Token.generate: letters and digits, each drawn uniformly. */
export function generateSecret(length = TOKEN_DEFAULT_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TOKEN_CHARSET[randomInt(TOKEN_CHARSET.length)];
  return out;
}

/** The pepper new tokens are hashed with: the highest id's (NetBox's get_current_pepper). */
export function currentPepper(peppers: Record<number, string>): { id: number; pepper: string } | null {
  const ids = Object.keys(peppers).map(Number);
  if (!ids.length) return null;
  const id = Math.max(...ids);
  return { id, pepper: peppers[id] };
}

/** HMAC-SHA256 of the secret keyed by the pepper, in hex, as NetBox's Token.update_digest stores it. */
export function tokenDigest(pepper: string, secret: string): string {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one a stored digest was made from with this pepper, compared in constant time. */
export function secretMatches(pepper: string | undefined, secret: string, digest: unknown): boolean {
  if (pepper === undefined || typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest)) return false;
  return timingSafeEqual(Buffer.from(tokenDigest(pepper, secret), 'hex'), Buffer.from(digest, 'hex'));
}

/** What an `Authorization` header's credentials name: a v1 key, or a v2 token's key and secret. */
export type TokenCredentials = { version: 1; key: string } | { version: 2; key: string; secret: string };

/**
 * The version is inferred from the `nbt_` prefix, not from the keyword, as NetBox 4.6's TokenAuthentication does;
 * null for a v2 token without its `.` (no key to look up).
 */
export function parseCredentials(value: string): TokenCredentials | null {
  if (!value.startsWith(TOKEN_PREFIX)) return { version: 1, key: value.toLowerCase() };
  const rest = value.slice(TOKEN_PREFIX.length);
  const dot = rest.indexOf('.');
  if (dot < 0) return null;
  return { version: 2, key: rest.slice(0, dot), secret: rest.slice(dot + 1) };
}
