import { types as pgTypes } from 'pg';
import { TIMESTAMPTZ, readCommonTimestamp } from './timestamps';

const general = pgTypes.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => unknown;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('readCommonTimestamp', () => {
  it('reads PostgreSQL timestamps exactly as the driver does', () => {
    const fractions = ['', '.0', '.1', '.05', '.999', '.041123', '.000001', '.999999', '.5', '.123456'];
    const offsets = ['+00', '-00', '+01', '-05', '+05:30', '-03:30', '+14', '-12', '+00:45'];
    let random = 1;
    const next = (n: number) => ((random = (random * 48271) % 2147483647), random % n);
    for (let i = 0; i < 3000; i++) {
      const fraction = i < 1000 ? `.${pad(i, 3)}` : fractions[next(fractions.length)];
      const text = `${1970 + next(100)}-${pad(1 + next(12))}-${pad(1 + next(28))} ${pad(next(24))}:${pad(next(60))}:${pad(next(60))}${fraction}${offsets[next(offsets.length)]}`;
      expect([text, readCommonTimestamp(text)?.toISOString()]).toEqual([text, (general(text) as Date).toISOString()]);
    }
  });

  it('leaves every other shape to the driver', () => {
    for (const text of ['infinity', '-infinity', '0099-01-01 00:00:00+00', '2026-01-01 00:00:00+00 BC', '12026-01-01 00:00:00+00', '1890-01-01 00:00:00+00:53:28', '2026-01-01T00:00:00Z', '2026-01-01 00:00:00', '2026-01-01 0a:00:00+00']) {
      expect([text, readCommonTimestamp(text)]).toEqual([text, null]);
    }
  });
});
