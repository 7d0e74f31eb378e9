import nunjucks from 'nunjucks';
import { TemplateError, pythonEquals, pythonJsonDumps, pythonTruthy, renderTemplate, templateError } from './jinja';

const device = { id: 7, name: 'sw1', status: { value: 'active', label: 'Active' }, tags: [{ name: 'core' }, { name: 'edge' }], description: null };

describe('renderTemplate', () => {
  it('reads attributes of nested data, and prints a missing one as nothing', () => {
    expect(renderTemplate('{{ data.name }}/{{ data.status.value }}/{{ data.nothing }}/{{ data.nothing.deeper }}', { data: device })).toBe('sw1/active//');
  });

  it('prints None, True, False, lists and dicts as Python does', () => {
    expect(renderTemplate('{{ data.description }} {{ None }} {{ True }} {{ False }} {{ none }} {{ true }}', { data: device })).toBe('None None True False None True');
    expect(renderTemplate('{{ [1, "a", None] }} {{ d }}', { d: { a: 1, b: [true] } })).toBe("[1, 'a', None] {'a': 1, 'b': [True]}");
  });

  it('loops and branches', () => {
    const source = '{% for tag in data.tags %}{% if loop.first %}[{% endif %}{{ tag.name }}{% if not loop.last %},{% else %}]{% endif %}{% endfor %}';
    expect(renderTemplate(source, { data: device })).toBe('[core,edge]');
    expect(renderTemplate('{% for x in [] %}x{% else %}empty{% endfor %}', {})).toBe('empty');
    expect(renderTemplate('{% if n > 1 %}big{% elif n == 1 %}one{% else %}small{% endif %}', { n: 1 })).toBe('one');
  });

  it('iterates dicts with items(), keys() and values(), and over their keys', () => {
    const context = { cf: { rack: 'R1', slot: 3 } };
    expect(renderTemplate('{% for k, v in cf.items() %}{{ k }}={{ v }};{% endfor %}', context)).toBe('rack=R1;slot=3;');
    expect(renderTemplate('{{ cf.keys() | join(",") }} {{ cf.values() | join(",") }}', context)).toBe('rack,slot R1,3');
    expect(renderTemplate('{% for k in cf %}{{ k }} {% endfor %}', context)).toBe('rack slot ');
    expect(renderTemplate('{{ cf.get("rack") }} {{ cf.get("nope") }} {{ cf.get("nope", "-") }}', context)).toBe('R1 None -');
  });

  it('prefers a dict key over the dict method of the same name', () => {
    expect(renderTemplate('{{ d.items }}', { d: { items: 3 } })).toBe('3');
  });

  it('tests truth as Python does: empty lists and dicts are false', () => {
    expect(renderTemplate('{% if tags %}tagged{% else %}untagged{% endif %}', { tags: [] })).toBe('untagged');
    expect(renderTemplate('{% if not cf %}none{% endif %}', { cf: {} })).toBe('none');
    expect(renderTemplate('{{ tags or "no tags" }}|{{ tags and "x" }}|{{ "yes" if cf else "no" }}', { tags: [], cf: {} })).toBe('no tags|[]|no');
  });

  it('evaluates the right side of and/or only when needed', () => {
    expect(renderTemplate('{{ x or missing() }}{{ y and missing() }}', { x: 'a', y: 0 })).toBe('a0');
  });

  it('compares as Python: 1 == 1.0 == True, lists deeply, "1" != 1', () => {
    expect(renderTemplate('{{ 1 == 1.0 }} {{ 1 == True }} {{ [1, [2]] == [1, [2]] }} {{ "1" == 1 }} {{ x != None }}', { x: null })).toBe('True True True False False');
  });

  it('tests membership as Python: substring, list item, dict key', () => {
    expect(renderTemplate('{{ "ore" in "core" }} {{ 2 in [1, 2] }} {{ "rack" in cf }} {{ "x" in cf }}', { cf: { rack: 1 } })).toBe('True True True False');
  });

  it('writes tojson as Jinja2 does: sorted keys, Python separators, escaped non-ASCII and HTML characters', () => {
    expect(renderTemplate('{{ data | tojson }}', { data: { name: 'sw1', id: 7, tags: ['a', 'b'], ratio: 0.5, none: null } })).toBe(
      '{"id": 7, "name": "sw1", "none": null, "ratio": 0.5, "tags": ["a", "b"]}',
    );
    expect(renderTemplate(`{{ "Zürich <a href='x'> & co" | tojson }}`, {})).toBe('"Z\\u00fcrich \\u003ca href=\\u0027x\\u0027\\u003e \\u0026 co"');
    expect(renderTemplate('{{ d | tojson(indent=2) }}', { d: { b: [1], a: {} } })).toBe('{\n  "a": {},\n  "b": [\n    1\n  ]\n}');
  });

  it('lowers, uppers, replaces and measures', () => {
    expect(renderTemplate('{{ s | lower }} {{ s | upper }} {{ s | replace("o", "0") }} {{ s | length }}', { s: 'Core-Foo' })).toBe('core-foo CORE-FOO C0re-F00 8');
    expect(renderTemplate('{{ d | length }} {{ l | length }} {{ None | lower }}', { d: { a: 1, b: 2 }, l: [1, 2, 3] })).toBe('2 3 none');
  });

  it('falls back to a default for an undefined value only, or for any false value when asked', () => {
    expect(renderTemplate('{{ missing | default("n/a") }} {{ data.description | default("n/a") }} {{ "" | default("n/a", true) }} {{ [] | default("empty", true) }}', { data: device })).toBe(
      'n/a None n/a empty',
    );
  });

  it('joins items as Python strings, or an attribute of each', () => {
    expect(renderTemplate('{{ [1, None, "a"] | join(", ") }} {{ data.tags | join("/", attribute="name") }}', { data: device })).toBe('1, None, a core/edge');
    expect(renderTemplate('{{ data.tags | map(attribute="name") | join(",") }} {{ ["a", "b"] | map("upper") | join }}', { data: device })).toBe('core,edge AB');
  });

  it('offers the common Python string and list methods', () => {
    expect(renderTemplate('{{ " a b  c ".split() }} {{ "a,b,c".split(",", 1) }} {{ " x ".strip() }} {{ "sw1".upper() }} {{ "eth0".startswith("eth") }}', {})).toBe(
      "['a', 'b', 'c'] ['a', 'b,c'] x SW1 True",
    );
    expect(renderTemplate('{{ "aXa".replace("a", "b") }} {{ "hello world".title() }} {{ ", ".join(["a", "b"]) }} {{ l[-1] }} {{ l.index(2) }}', { l: [1, 2, 3] })).toBe(
      'bXb Hello World a, b 3 1',
    );
    expect(renderTemplate('{% set l = [] %}{% set _ = l.append(1) %}{{ l }}', {})).toBe('[1]');
  });

  it('reads line breaks as Jinja2 does: CRLF as LF and one trailing newline dropped', () => {
    expect(renderTemplate('a: {{ x }}\r\nb: 2\r\n', { x: 1 })).toBe('a: 1\nb: 2');
    expect(renderTemplate('x\n\n', {})).toBe('x\n');
  });

  it('throws TemplateError with the line on a syntax error', () => {
    expect(() => renderTemplate('ok\n{% if %}', {})).toThrow(TemplateError);
    expect(() => renderTemplate('ok\n{{ foo( }}', {})).toThrow(/line 2/);
  });

  it('throws TemplateError with the line on a render error', () => {
    expect(() => renderTemplate('a\nb\n{{ nothing() }}', {})).toThrow(TemplateError);
    expect(() => renderTemplate('a\nb\n{{ nothing() }}', {})).toThrow(/line 3/);
    expect(() => renderTemplate('{{ 1 in 2 }}', {})).toThrow("argument of type 'int' is not iterable");
  });

  it('refuses unknown filters and tests when compiling', () => {
    expect(() => renderTemplate('{{ x | nosuchfilter }}', {})).toThrow("No filter named 'nosuchfilter'.");
    expect(() => renderTemplate('{{ x is nosuchtest }}', {})).toThrow("No test named 'nosuchtest'.");
    expect(renderTemplate('{{ x is none }} {{ y is defined }}', { x: null })).toBe('True False');
  });
});

describe('templateError', () => {
  it('is null for a valid template and the message for an invalid one', () => {
    expect(templateError('{% for x in data.tags %}{{ x.name }}{% endfor %}')).toBeNull();
    expect(templateError('{% for x in data.tags %}')).toMatch(/unexpected end of file/);
    expect(templateError('{{ x | nosuchfilter }}')).toMatch(/No filter named 'nosuchfilter'/);
  });

  it('does not run the template', () => {
    expect(templateError('{{ nothing() }}')).toBeNull();
  });
});

describe('the sandbox', () => {
  const PAYLOAD = '"globalThis.__jinjaEscaped = true; return globalThis.process"';
  const escapes: Array<[string, string, Record<string, unknown>]> = [
    ['a global function to Function', `{{ range.constructor(${PAYLOAD})() }}`, {}],
    ['a string to Function', `{{ "".constructor.constructor(${PAYLOAD})() }}`, {}],
    ['a list to Function', `{{ [].constructor.constructor(${PAYLOAD})() }}`, {}],
    ['a dict to Function', `{% set d = {} %}{{ d.constructor.constructor(${PAYLOAD})() }}`, {}],
    ['a computed key', `{{ s["constr" ~ "uctor"]["constr" ~ "uctor"](${PAYLOAD})() }}`, { s: 'x' }],
    ['a bound method', `{{ s.upper.constructor(${PAYLOAD})() }}`, { s: 'x' }],
    ['a dict method', `{{ d.items.constructor(${PAYLOAD})() }}`, { d: {} }],
    ['a cycler', `{{ cycler(1).next.constructor(${PAYLOAD})() }}`, {}],
    ['a joiner', `{{ joiner().constructor(${PAYLOAD})() }}`, {}],
    ['a macro', `{% macro m() %}{% endmacro %}{{ m.constructor(${PAYLOAD})() }}`, {}],
    ['a number', `{{ n.constructor.constructor(${PAYLOAD})() }}`, { n: 1 }],
    ['the prototype of data', '{{ data.__proto__ }}', { data: {} }],
    ['__lookupGetter__', '{{ data.__lookupGetter__("x") }}', { data: {} }],
    ['a name on the context prototype', '{{ constructor }}', {}],
    ['valueOf to the context', '{{ valueOf().env.globals }}', {}],
    ['toString on the context', '{{ toString() }}', {}],
    ['a dict literal that sets a prototype', '{% set o = {"__proto__": range} %}{{ o.call }}', {}],
    ['a variable named __proto__', '{% set __proto__ = range %}{{ call }}', {}],
    ['a join by attribute', '{{ [range] | join(",", "constructor") }}', {}],
    ['a map by attribute', '{{ [range] | map(attribute="constructor") | first }}', {}],
    ['an include from disk', '{% include "/etc/passwd" %}', {}],
    ['an import', '{% import "/etc/passwd" as x %}', {}],
    ['a from-import', '{% from "/etc/passwd" import x %}', {}],
    ['an extends', '{% extends "/etc/passwd" %}', {}],
    ['a huge range', '{{ range(100000000) | length }}', {}],
  ];

  afterEach(() => {
    expect((globalThis as Record<string, unknown>).__jinjaEscaped).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(escapes)('blocks %s', (_name, source, context) => {
    expect(() => renderTemplate(source, context)).toThrow(TemplateError);
  });

  it('names the refused attribute', () => {
    expect(() => renderTemplate('{{ "".constructor }}', {})).toThrow("access to attribute 'constructor' of 'str' object is unsafe.");
  });

  it('still reads data whose keys carry dangerous names', () => {
    expect(renderTemplate('{{ d.constructor }} {{ d["prototype"] }}', { d: { constructor: 'c', prototype: 'p' } })).toBe('c p');
  });

  it('leaves nunjucks itself unchanged for its other users', () => {
    renderTemplate('{{ x }}', { x: 1 });
    expect(new nunjucks.Environment([]).renderString('{{ range.constructor("return 6 * 7")() }}', {})).toBe('42');
  });
});

describe('Python value helpers', () => {
  it('writes JSON as json.dumps does', () => {
    expect(pythonJsonDumps({ b: 1, a: [true, null, 1.5, 1e-7], c: 'é\n"' })).toBe('{"b": 1, "a": [true, null, 1.5, 1e-07], "c": "\\u00e9\\n\\""}');
    expect(pythonJsonDumps({ b: 1, a: 2 }, { sortKeys: true })).toBe('{"a": 2, "b": 1}');
    expect(pythonJsonDumps('😀\u007f')).toBe('"\\ud83d\\ude00\\u007f"');
  });

  it('tests truth and equality as Python', () => {
    expect([[], {}, '', 0, null, undefined, false].map(pythonTruthy)).toEqual([false, false, false, false, false, false, false]);
    expect([[0], { a: 1 }, ' ', NaN].map(pythonTruthy)).toEqual([true, true, true, true]);
    expect(pythonEquals({ a: [1, { b: true }] }, { a: [1.0, { b: 1 }] })).toBe(true);
    expect(pythonEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(pythonEquals(null, undefined)).toBe(false);
  });
});
