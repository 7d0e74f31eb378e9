import { pbkdf2 as pbkdf2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'crypto';
import { promisify } from 'util';

const scrypt = promisify(scryptCb) as (password: string, salt: string, keylen: number, opts: object) => Promise<Buffer>;
const pbkdf2 = promisify(pbkdf2Cb);
const COST = { N: 16384, r: 8, p: 1 };

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const hash = await scrypt(password, salt, 32, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt}$${hash.toString('hex')}`;
}

/** Whether a stored hash is of a scheme this service no longer writes (a NetBox user's Django hash): worth rehashing once verified. */
export function isForeignHash(stored: string): boolean {
  return !stored.startsWith('scrypt$');
}

/**
 * Checks a password against its stored hash: this service's scrypt, or Django's `pbkdf2_sha256$<iterations>$<salt>$<hash>`
 * (a user brought from NetBox keeps the password it had).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, ...parts] = stored.split('$');
  if (scheme === 'pbkdf2_sha256') return verifyDjangoPbkdf2(password, parts);
  const [N, r, p, salt, hex] = parts;
  if (scheme !== 'scrypt' || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = await scrypt(password, salt, expected.length, { N: Number(N), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

async function verifyDjangoPbkdf2(password: string, [iterations, salt, encoded]: string[]): Promise<boolean> {
  const rounds = Number(iterations);
  if (!Number.isInteger(rounds) || rounds < 1 || salt === undefined || !encoded) return false;
  const expected = Buffer.from(encoded, 'base64');
  if (!expected.length) return false;
  const actual = await pbkdf2(password, salt, rounds, expected.length, 'sha256');
  return timingSafeEqual(actual, expected);
}
