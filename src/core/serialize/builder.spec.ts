import { builderOf } from './serializer';

describe('builderOf', () => {
  it('builds the keys in order, each from its read', () => {
    const build = builderOf(['id', 'name', 'tags']);
    const rep = build([(row) => row.id, (row) => `d${row.id}`, () => []], { id: 7 });
    expect(JSON.stringify(rep)).toBe('{"id":7,"name":"d7","tags":[]}');
  });

  it('takes any key as a property name, never as code', () => {
    const keys = ['a"b', 'c\\d', 'e\nf', '}; throw 1; ({', '__proto__', 'constructor'];
    const rep = builderOf(keys)(keys.map((_, i) => () => i), {});
    expect(Object.keys(rep)).toEqual(keys);
    expect(Object.values(rep)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Object.getPrototypeOf(rep)).toBe(Object.prototype);
  });
});
