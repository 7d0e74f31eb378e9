import { integerRange, integerRanges, redactedUrl } from './source';

describe('PostgresSource values', () => {
  it("reads PostgreSQL's integer ranges as NetBox's API gives them: inclusive bounds", () => {
    expect(integerRange('[1,4095)')).toEqual([1, 4094]);
    expect(integerRange('(0,10]')).toEqual([1, 10]);
    expect(integerRange('empty')).toBeNull();
    expect(integerRanges('{"[1,4095)"}')).toEqual([[1, 4094]]);
    expect(integerRanges('{"[10,21)","[100,201)"}')).toEqual([
      [10, 20],
      [100, 200],
    ]);
    expect(integerRanges('{}')).toEqual([]);
  });

  it('names a database without its password', () => {
    expect(redactedUrl('postgres://netbox:s3cret@db:5432/netbox')).toBe('postgres://netbox:…@db:5432/netbox');
    expect(redactedUrl('postgres://netbox@db/netbox')).toBe('postgres://netbox@db/netbox');
  });
});
