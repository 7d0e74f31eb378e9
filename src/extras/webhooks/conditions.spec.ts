import { Condition, ConditionError, ConditionSet, pythonRegex } from './conditions';

describe('Condition', () => {
  it('reads a dotted path through nested dicts', () => {
    const condition = new Condition('site.region.slug', 'eu');
    expect(condition.eval({ site: { region: { slug: 'eu' } } })).toBe(true);
    expect(condition.eval({ site: { region: { slug: 'us' } } })).toBe(false);
    expect(condition.eval({ site: { region: { name: 'eu' } } })).toBe(false);
    expect(condition.eval({ site: null })).toBe(false);
  });

  it('treats a missing attribute as None', () => {
    expect(new Condition('x', 1).eval({})).toBe(false);
    expect(new Condition('x', 1).eval({ x: 1 })).toBe(true);
    expect(new Condition('x', null).eval({})).toBe(true);
  });

  it('maps a path over a list of dicts', () => {
    const data = { tags: [{ slug: 'core' }, { slug: 'edge' }] };
    expect(new Condition('tags.slug', 'core', 'contains').eval(data)).toBe(true);
    expect(new Condition('tags.slug', ['core', 'edge']).eval(data)).toBe(true);
    expect(new Condition('tags.slug', 'lab', 'contains').eval(data)).toBe(false);
    // An item that is not a dict makes the whole path None, as dict.get raises TypeError in NetBox.
    expect(new Condition('tags.slug', null).eval({ tags: [{ slug: 'core' }, 'x'] })).toBe(true);
  });

  it('defaults to eq', () => {
    expect(new Condition('x', 1).op).toBe('eq');
  });

  it('compares with eq as Python: deep, 1 == 1.0, True == 1', () => {
    expect(new Condition('x', 1, 'eq').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', 1, 'eq').eval({ x: 2 })).toBe(false);
    expect(new Condition('x', 1, 'eq').eval({ x: true })).toBe(true);
    expect(new Condition('x', 1.5, 'eq').eval({ x: 1.5 })).toBe(true);
    expect(new Condition('x', 1, 'eq').eval({ x: '1' })).toBe(false);
    expect(new Condition('x', [1, [2]], 'eq').eval({ x: [1, [2]] })).toBe(true);
    expect(new Condition('x', [1, 2], 'eq').eval({ x: [2, 1] })).toBe(false);
  });

  it('negates', () => {
    expect(new Condition('x', 1, 'eq', true).eval({ x: 1 })).toBe(false);
    expect(new Condition('x', 1, 'eq', true).eval({ x: 2 })).toBe(true);
  });

  it('compares numbers with gt, gte, lt and lte', () => {
    expect(new Condition('x', 1, 'gt').eval({ x: 2 })).toBe(true);
    expect(new Condition('x', 1, 'gt').eval({ x: 1 })).toBe(false);
    expect(new Condition('x', 1, 'gte').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', 1, 'gte').eval({ x: 0 })).toBe(false);
    expect(new Condition('x', 2, 'lt').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', 2, 'lt').eval({ x: 2 })).toBe(false);
    expect(new Condition('x', 2, 'lte').eval({ x: 2 })).toBe(true);
    expect(new Condition('x', 2, 'lte').eval({ x: 3 })).toBe(false);
    expect(new Condition('x', 0.5, 'gt').eval({ x: true })).toBe(true);
  });

  it('is false where Python would refuse to compare', () => {
    expect(new Condition('x', 1, 'gt').eval({ x: null })).toBe(false);
    expect(new Condition('x', 1, 'gt').eval({})).toBe(false);
    expect(new Condition('x', 1, 'lt').eval({ x: 'a' })).toBe(false);
    expect(new Condition('x', 1, 'lt', true).eval({ x: 'a' })).toBe(true);
  });

  it('tests in: the value is one of a list', () => {
    expect(new Condition('x', [1, 2, 3], 'in').eval({ x: 1 })).toBe(true);
    expect(new Condition('x', [1, 2, 3], 'in').eval({ x: 9 })).toBe(false);
    expect(new Condition('x', [1, 2, 3], 'in', true).eval({ x: 1 })).toBe(false);
    expect(new Condition('x', [1, 2, 3], 'in', true).eval({ x: 9 })).toBe(true);
    expect(new Condition('x', ['a', null], 'in').eval({})).toBe(true);
  });

  it('tests contains: a list item, a substring or a dict key', () => {
    expect(new Condition('x', 1, 'contains').eval({ x: [1, 2, 3] })).toBe(true);
    expect(new Condition('x', 1, 'contains').eval({ x: [2, 3, 4] })).toBe(false);
    expect(new Condition('x', 1, 'contains', true).eval({ x: [1, 2, 3] })).toBe(false);
    expect(new Condition('x', 1, 'contains', true).eval({ x: [2, 3, 4] })).toBe(true);
    expect(new Condition('x', 'ore', 'contains').eval({ x: 'core' })).toBe(true);
    expect(new Condition('x', 'rack', 'contains').eval({ x: { rack: null } })).toBe(true);
    expect(new Condition('x', 'slot', 'contains').eval({ x: { rack: null } })).toBe(false);
    expect(new Condition('x', 1, 'contains').eval({ x: 'a1' })).toBe(false);
    expect(new Condition('x', 1, 'contains').eval({ x: 1 })).toBe(false);
    expect(new Condition('x', 1, 'contains').eval({})).toBe(false);
  });

  it('matches regex at the start only, as re.match', () => {
    expect(new Condition('x', '[a-z]+', 'regex').eval({ x: 'abc' })).toBe(true);
    expect(new Condition('x', '[a-z]+', 'regex').eval({ x: '123' })).toBe(false);
    expect(new Condition('x', '[a-z]+', 'regex', true).eval({ x: 'abc' })).toBe(false);
    expect(new Condition('x', '[a-z]+', 'regex', true).eval({ x: '123' })).toBe(true);
    expect(new Condition('x', 'core', 'regex').eval({ x: 'sw-core-1' })).toBe(false);
    expect(new Condition('x', 'a|core', 'regex').eval({ x: 'sw-core-1' })).toBe(false);
    expect(new Condition('x', '.*core', 'regex').eval({ x: 'sw-core-1' })).toBe(true);
    expect(new Condition('x', 'abc', 'regex').eval({ x: 1 })).toBe(false);
    expect(new Condition('x', 'abc', 'regex').eval({})).toBe(false);
  });

  it('is false for an invalid regex', () => {
    expect(new Condition('x', '([a-z]', 'regex').eval({ x: 'abc' })).toBe(false);
  });

  it('refuses an unknown operator', () => {
    expect(() => new Condition('x', 1, 'blah')).toThrow(new ConditionError('Unknown operator: blah. Must be one of: eq, gt, gte, lt, lte, in, contains, regex'));
  });

  it('refuses an unsupported value type', () => {
    expect(() => new Condition('x', {}, 'eq')).toThrow(new ConditionError("Unsupported value type: <class 'dict'>"));
  });

  it('refuses an operator the value type does not support', () => {
    expect(() => new Condition('x', 'foo', 'gt')).toThrow(new ConditionError("Invalid type for gt operation: <class 'str'>"));
    expect(() => new Condition('x', true, 'lt')).toThrow(new ConditionError("Invalid type for lt operation: <class 'bool'>"));
    expect(() => new Condition('x', 1.5, 'in')).toThrow(new ConditionError("Invalid type for in operation: <class 'float'>"));
    expect(() => new Condition('x', null, 'contains')).toThrow(new ConditionError("Invalid type for contains operation: <class 'NoneType'>"));
    expect(() => new Condition('x', [1], 'regex')).toThrow(new ConditionError("Invalid type for regex operation: <class 'list'>"));
  });

  it('reads a rule, refusing unknown keys and a missing attr or value', () => {
    expect(Condition.fromRule({ attr: 'x', value: 1, op: 'gt', negate: true }).eval({ x: 0 })).toBe(true);
    expect(() => Condition.fromRule({ attr: 'x', value: 1, operator: 'eq' })).toThrow(new ConditionError("Condition has unexpected key 'operator'"));
    expect(() => Condition.fromRule({ value: 1 })).toThrow(new ConditionError('Condition is missing attr'));
    expect(() => Condition.fromRule({ attr: 'x' })).toThrow(new ConditionError('Condition is missing value'));
    expect(() => Condition.fromRule(['x', 1])).toThrow(new ConditionError("Condition must be a dictionary, not <class 'list'>"));
  });
});

describe('ConditionSet', () => {
  it('refuses anything but a dict with one logical operator', () => {
    expect(() => new ConditionSet([])).toThrow(new ConditionError("Ruleset must be a dictionary, not <class 'list'>."));
    expect(() => new ConditionSet('and')).toThrow(new ConditionError("Ruleset must be a dictionary, not <class 'str'>."));
    expect(() => new ConditionSet(1)).toThrow(new ConditionError("Ruleset must be a dictionary, not <class 'int'>."));
    expect(() => new ConditionSet(null)).toThrow(new ConditionError("Ruleset must be a dictionary, not <class 'NoneType'>."));
    expect(() => new ConditionSet({})).toThrow(new ConditionError('Ruleset must have exactly one logical operator (found 0)'));
    expect(() => new ConditionSet({ and: [], or: [] })).toThrow(new ConditionError('Ruleset must have exactly one logical operator (found 2)'));
  });

  it('refuses an unknown logic type', () => {
    expect(() => new ConditionSet({ foo: [] })).toThrow(new ConditionError("Invalid logic type: foo (must be 'and' or 'or')"));
    expect(() => new ConditionSet({ AND: [] })).toThrow(ConditionError);
  });

  it('refuses rules that are not a list of conditions', () => {
    expect(() => new ConditionSet({ and: 1 })).toThrow(ConditionError);
    expect(() => new ConditionSet({ and: [1] })).toThrow(new ConditionError("Condition must be a dictionary, not <class 'int'>"));
    expect(() => new ConditionSet({ and: [{ attr: 'x', value: {} }] })).toThrow(new ConditionError("Unsupported value type: <class 'dict'>"));
    expect(() => new ConditionSet({ and: [{ or: [{ attr: 'x', value: 1, op: 'nope' }] }] })).toThrow(/Unknown operator: nope/);
  });

  it('compares with None', () => {
    const set = new ConditionSet({ and: [{ attr: 'a', value: null, op: 'eq', negate: true }] });
    expect(set.eval({ a: null })).toBe(false);
    expect(set.eval({ a: 'string' })).toBe(true);
    expect(set.eval({ a: { key: 'value' } })).toBe(true);
  });

  it('requires every rule of an and', () => {
    const set = new ConditionSet({ and: [{ attr: 'a', value: 1, op: 'eq' }, { attr: 'b', value: 1, op: 'eq', negate: true }] });
    expect(set.eval({ a: 1, b: 2 })).toBe(true);
    expect(set.eval({ a: 1, b: 1 })).toBe(false);
  });

  it('requires one rule of an or', () => {
    const set = new ConditionSet({ or: [{ attr: 'a', value: 1 }, { attr: 'b', value: 1 }] });
    expect(set.eval({ a: 1, b: 2 })).toBe(true);
    expect(set.eval({ a: 2, b: 1 })).toBe(true);
    expect(set.eval({ a: 2, b: 2 })).toBe(false);
  });

  it('nests an and inside an and', () => {
    const set = new ConditionSet({ and: [{ attr: 'a', value: 1 }, { and: [{ attr: 'b', value: 2 }, { attr: 'c', value: 3 }] }] });
    expect(set.eval({ a: 1, b: 2, c: 3 })).toBe(true);
    expect(set.eval({ a: 9, b: 2, c: 3 })).toBe(false);
    expect(set.eval({ a: 1, b: 9, c: 3 })).toBe(false);
    expect(set.eval({ a: 1, b: 2, c: 9 })).toBe(false);
  });

  it('nests an or inside an or', () => {
    const set = new ConditionSet({ or: [{ attr: 'a', value: 1 }, { or: [{ attr: 'b', value: 2 }, { attr: 'c', value: 3 }] }] });
    expect(set.eval({ a: 1, b: 9, c: 9 })).toBe(true);
    expect(set.eval({ a: 9, b: 2, c: 9 })).toBe(true);
    expect(set.eval({ a: 9, b: 9, c: 3 })).toBe(true);
    expect(set.eval({ a: 9, b: 9, c: 9 })).toBe(false);
  });

  it('nests an or inside an and', () => {
    const set = new ConditionSet({ and: [{ attr: 'a', value: 1 }, { or: [{ attr: 'b', value: 2 }, { attr: 'c', value: 3 }] }] });
    expect(set.eval({ a: 1, b: 2, c: 9 })).toBe(true);
    expect(set.eval({ a: 1, b: 9, c: 3 })).toBe(true);
    expect(set.eval({ a: 1, b: 9, c: 9 })).toBe(false);
    expect(set.eval({ a: 9, b: 2, c: 3 })).toBe(false);
  });

  it('nests an and inside an or', () => {
    const set = new ConditionSet({ or: [{ attr: 'a', value: 1 }, { and: [{ attr: 'b', value: 2 }, { attr: 'c', value: 3 }] }] });
    expect(set.eval({ a: 1, b: 9, c: 9 })).toBe(true);
    expect(set.eval({ a: 9, b: 2, c: 3 })).toBe(true);
    expect(set.eval({ a: 1, b: 2, c: 9 })).toBe(true);
    expect(set.eval({ a: 9, b: 2, c: 9 })).toBe(false);
    expect(set.eval({ a: 9, b: 9, c: 3 })).toBe(false);
  });

  it('holds for an empty and, not for an empty or', () => {
    expect(new ConditionSet({ and: [] }).eval({})).toBe(true);
    expect(new ConditionSet({ or: [] }).eval({})).toBe(false);
  });

  it('filters on the status of a serialized device', () => {
    const set = new ConditionSet({ and: [{ attr: 'status.value', value: 'active' }, { attr: 'tags.slug', value: 'monitored', op: 'contains' }] });
    expect(set.eval({ name: 'sw1', status: { value: 'active', label: 'Active' }, tags: [{ slug: 'monitored' }] })).toBe(true);
    expect(set.eval({ name: 'sw1', status: { value: 'planned', label: 'Planned' }, tags: [{ slug: 'monitored' }] })).toBe(false);
  });
});

describe('pythonRegex', () => {
  const matches = (pattern: string, text: string) => pythonRegex(pattern)?.test(text) ?? null;

  it('translates Python-only syntax', () => {
    expect(matches('(?P<n>a)(?P=n)', 'aa')).toBe(true);
    expect(matches('\\Aab\\Z', 'ab')).toBe(true);
    expect(matches('ab\\Z', 'ab\n')).toBe(false);
    expect(matches('[]a]+', ']a]')).toBe(true);
    expect(matches('a(?#comment)b', 'ab')).toBe(true);
    expect(matches('(?i)core', 'CORE')).toBe(true);
  });

  it("lets `$` match before a final newline, as Python's does", () => {
    expect(matches('ab$', 'ab\n')).toBe(true);
    expect(matches('ab$', 'ab\nc')).toBe(false);
  });

  it('anchors at the start even in multi-line mode', () => {
    expect(matches('(?m)^b', 'a\nb')).toBe(false);
  });

  it('is null for what Python would not compile', () => {
    expect(pythonRegex('(?<n>a)')).toBeNull();
    expect(pythonRegex('[a-')).toBeNull();
    expect(pythonRegex('a\\')).toBeNull();
  });
});
