/**
 * A sort key that orders names as people read them: every run of digits is zero-padded, so
 * `Ethernet1/10` follows `Ethernet1/2` on both databases with a plain string comparison.
 */
export function naturalize(name: string | null | undefined, maxLength = 100): string | null {
  if (name === null || name === undefined) return null;
  return name.replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(8, '0')).slice(0, maxLength);
}
