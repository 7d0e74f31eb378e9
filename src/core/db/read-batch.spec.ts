import { escapeLiteral as driversEscapeLiteral } from 'pg';
import { escapeLiteral, withLiterals } from './read-batch';

describe('withLiterals', () => {
  it('writes each placeholder as a literal of unknown type, as the driver sends it', () => {
    expect(withLiterals('SELECT t.id FROM "t" t WHERE t.id IN ($1, $2) AND t.name = $3', [5, '7', "O'Brien"])).toBe(`SELECT t.id FROM "t" t WHERE t.id IN ('5', '7') AND t.name = 'O''Brien'`);
    expect(withLiterals('SELECT $1, $2, $3', [null, undefined, true])).toBe(`SELECT NULL, NULL, 'true'`);
    expect(withLiterals('SELECT id FROM "t" WHERE id = ANY($1)', [[1, 2, 3]])).toBe(`SELECT id FROM "t" WHERE id = ANY('{"1","2","3"}')`);
    expect(withLiterals('SELECT $1', [{ a: 'b' }])).toBe(`SELECT '{"a":"b"}'`);
  });

  it('escapes backslashes as PostgreSQL reads them', () => {
    // The driver's escapeLiteral writes such a literal as ` E'…'`, its leading space included.
    expect(withLiterals('SELECT $1', ['a\\b'])).toBe(`SELECT  E'a\\\\b'`);
  });

  it('writes every literal exactly as the driver\'s escapeLiteral does', () => {
    const texts = ['', 'plain', "O'Brien", "''", 'a\\b', "\\'\\", 'tab\there\nline', '{"k":"v\\"q"}', 'ünïcødé ✓ 𝄞', "'".repeat(5) + '\\'.repeat(3)];
    for (const text of texts) expect(escapeLiteral(text)).toBe(driversEscapeLiteral(text));
  });

  it('leaves placeholders inside string literals and quoted identifiers as they are', () => {
    expect(withLiterals(`SELECT '$1' AS "$2", $1 FROM "a""$1"`, ['x'])).toBe(`SELECT '$1' AS "$2", 'x' FROM "a""$1"`);
    expect(withLiterals(`SELECT 'it''s $1', $10`, Array.from({ length: 10 }, (_, i) => i + 1))).toBe(`SELECT 'it''s $1', '10'`);
  });

  it('declines what cannot be written as text: binary values, or a placeholder without its value', () => {
    expect(withLiterals('SELECT $1', [Buffer.from('ab')])).toBeNull();
    expect(withLiterals('SELECT $1, $2', [1])).toBeNull();
  });
});
