import { ChoiceField, ComputedField, FieldError, IntegerField, SlugField, TextField, formatTimestamp } from './fields';

function messages(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    if (e instanceof FieldError) return e.messages;
    throw e;
  }
  return undefined;
}

describe('field parsing', () => {
  it('rejects blank, too long and non-string text with DRF messages', () => {
    const f = new TextField({ max: 3 });
    expect(messages(() => f.parse(''))).toEqual(['This field may not be blank.']);
    expect(messages(() => f.parse('abcd'))).toEqual(['Ensure this field has no more than 3 characters.']);
    expect(messages(() => f.parse({}))).toEqual(['Not a valid string.']);
    expect(messages(() => f.parse(null))).toEqual(['This field may not be null.']);
    expect(f.parse(12)).toBe('12');
  });
  it('validates slugs', () => {
    expect(messages(() => new SlugField().parse('a b'))).toEqual(['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.']);
  });
  it('parses integers within bounds', () => {
    const f = new IntegerField({ min: 1, max: 4094 });
    expect(f.parse('12')).toBe(12);
    expect(messages(() => f.parse(1.5))).toEqual(['A valid integer is required.']);
    expect(messages(() => f.parse(5000))).toEqual(['Ensure this value is less than or equal to 4094.']);
  });
  it('reads choices as value and label, writes the bare value, accepts aliases', () => {
    const f = new ChoiceField([{ value: 1, label: 'Active' }], { aliases: { active: 1 } });
    expect(f.parse('active')).toBe(1);
    expect(f.parse(1)).toBe(1);
    expect(f.toApi(1)).toEqual({ value: 1, label: 'Active' });
    expect(messages(() => f.parse({ value: 1 }))).toEqual(['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.']);
    expect(messages(() => f.parse('x'))).toEqual(['"x" is not a valid choice.']);
  });
  it('parses a computed value as its kind, a blank or null one as none', () => {
    const f = new ComputedField(() => new TextField({ max: 3 }), (alias) => `${alias}.x`, { readOnly: false });
    expect(f.parse('ab')).toBe('ab');
    expect(f.parse('')).toBeNull();
    expect(f.parse(null)).toBeNull();
    expect(messages(() => f.parse('abcd'))).toEqual(['Ensure this field has no more than 3 characters.']);
    expect(f.stored).toBe(false);
    expect(f.openapi()).toEqual({ type: 'string', maxLength: 3 });
  });
  it('formats timestamps with microseconds and Z', () => {
    expect(formatTimestamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678000Z');
  });
});
