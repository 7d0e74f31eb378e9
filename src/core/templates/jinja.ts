/**
 * The service's one Jinja2-compatible template engine (webhooks, export templates, custom links, config templates),
 * built on nunjucks and rendering as NetBox's `render_jinja2` does: a sandboxed environment without autoescaping.
 *
 * nunjucks itself is not a sandbox (`{{ range.constructor("return process")() }}` runs code), so templates compile
 * with a private compiler and run against a private copy of nunjucks' runtime whose member and name lookups only
 * reach data, never prototypes, functions' members or the process. Nothing of nunjucks is patched globally.
 */
import nunjucks from 'nunjucks';
import { pythonRepr } from '../util/python-repr';

// nunjucks exports its parser and compiler but not the pass between them.
const transformer: { transform(ast: AstNode, asyncFilters: string[]): AstNode } = require('nunjucks/src/transformer');

export class TemplateError extends Error {
  override name = 'TemplateError';
}

/** Jinja2's environment parameters that change how a template is read (a config template's `environment_params`). */
export interface TemplateOptions {
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
}

/** Renders `source` with `context` as Jinja2 would; a syntax or render error throws TemplateError. */
export function renderTemplate(source: string, context: Record<string, unknown>, options: TemplateOptions = {}): string {
  const template = compiled(source, options);
  try {
    return template.render(context);
  } catch (err) {
    throw new TemplateError(errorMessage(err));
  }
}

/** The error a template would raise when compiled, or null: for validating a template when it is saved. */
export function templateError(source: string): string | null {
  try {
    compiled(source);
    return null;
  } catch (err) {
    return err instanceof TemplateError ? err.message : errorMessage(err);
  }
}

// Python's value semantics, which Jinja2 templates, webhook conditions and webhook bodies all assume.

/** The name of `type(value)` in Python for a value decoded from JSON. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (isPlainObject(value)) return 'dict';
  if (typeof value === 'function') return 'function';
  return 'object';
}

/** Python's `bool(value)`: empty lists and dicts are false, NaN is true. */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof SafeString) return String(value).length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Python's `a == b`: numbers and booleans compare by value (True == 1 == 1.0), lists and dicts deeply. */
export function pythonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => pythonEquals(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pythonEquals(a[k], b[k]));
  }
  return false;
}

/**
 * JSON as Python's `json.dumps` writes it: `", "` and `": "` separators (`","` between items when indented),
 * every character outside printable ASCII escaped as `\uXXXX`, floats as Python prints them.
 */
export function pythonJsonDumps(value: unknown, options: { sortKeys?: boolean; indent?: number | string | null } = {}): string {
  const indent = options.indent === undefined || options.indent === null ? null : typeof options.indent === 'number' ? ' '.repeat(options.indent) : options.indent;
  return dumpJson(value, Boolean(options.sortKeys), indent, '');
}

function dumpJson(value: unknown, sortKeys: boolean, indent: string | null, margin: string): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || value instanceof SafeString) return quoteJson(String(value));
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return dumpJson(toJSON.call(value), sortKeys, indent, margin);
  if (typeof value !== 'object') throw new TypeError(`Object of type ${pythonTypeName(value)} is not JSON serializable`);
  const inner = indent === null ? '' : margin + indent;
  const [open, separator, close] = indent === null ? ['', ', ', ''] : [`\n${inner}`, `,\n${inner}`, `\n${margin}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((item) => dumpJson(item, sortKeys, indent, inner)).join(separator)}${close}]`;
  }
  // Keys whose value is undefined are left out, as JSON.stringify leaves them out of the API's answers.
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return '{}';
  return `{${open}${entries.map(([k, v]) => `${quoteJson(k)}: ${dumpJson(v, sortKeys, indent, inner)}`).join(separator)}${close}}`;
}

const JSON_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function quoteJson(text: string): string {
  return `"${text.replace(/[\\"]|[^ -~]/g, (c) => JSON_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** A number as Python prints it: integer-valued numbers as ints, small floats in exponent form (`1e-05`). */
function pythonNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  if (Math.abs(n) < 1e-4) return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(n);
}

function isNumeric(value: unknown): value is number | boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// The sandbox.

/** Names that lead from a value to its prototype, its constructor and so to `Function` (and from there to `process`). */
const UNSAFE_NAMES = new Set(['constructor', 'prototype', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Statements that would load another template from a loader. */
const LOADING_NODES = new Map([['Include', 'include'], ['Import', 'import'], ['FromImport', 'from ... import'], ['Extends', 'extends']]);

/** Jinja2's sandbox refuses ranges longer than this. */
const MAX_RANGE = 100_000;

interface AstNode {
  typename: string;
  fields: string[];
  lineno: number;
  colno: number;
  [field: string]: unknown;
}

interface CompilerInstance {
  _emit(code: string): void;
  compile(node: unknown, frame: unknown): void;
  compileIf(node: AstNode, frame: unknown, async?: boolean): void;
  compileCompare(node: AstNode, frame: unknown): void;
  compileLookupVal(node: AstNode, frame: unknown): void;
  compileFilter(node: AstNode, frame: unknown): void;
  compileIn(node: AstNode, frame: unknown): void;
  getCode(): string;
}

interface NunjucksInternals {
  parser: { parse(source: string, extensions: unknown[], opts: unknown): AstNode };
  compiler: { Compiler: new (name: string, throwOnUndefined: boolean) => CompilerInstance };
  nodes: { Node: new (...args: unknown[]) => AstNode; Not: { extend(name: string): new (lineno: number, colno: number, target: unknown) => AstNode } };
  runtime: Record<string, unknown> & { SafeString: new (value: string) => object };
}

const internals = nunjucks as unknown as NunjucksInternals;
const { nodes } = internals;
const SafeString = internals.runtime.SafeString;

/** A condition's value tested as Python tests it (`if x`, `not x`, `a if x else b`). */
const PythonTruth = nodes.Not.extend('PythonTruth');

/** Compiles the same syntax as nunjucks, but with Python's truthiness, `and`/`or`, `==` and `!=`. */
class PythonCompiler extends internals.compiler.Compiler {
  compilePythonTruth(node: AstNode, frame: unknown) {
    this._emit('runtime.pyTruth(');
    this.compile(node.target, frame);
    this._emit(')');
  }

  compileNot(node: AstNode, frame: unknown) {
    this._emit('!');
    this.compilePythonTruth(node, frame);
  }

  compileIf(node: AstNode, frame: unknown, async?: boolean) {
    if (!(node.cond instanceof PythonTruth)) node.cond = new PythonTruth(node.lineno, node.colno, node.cond);
    super.compileIf(node, frame, async);
  }

  compileInlineIf(node: AstNode, frame: unknown) {
    this._emit('(runtime.pyTruth(');
    this.compile(node.cond, frame);
    this._emit(') ? ');
    this.compile(node.body, frame);
    this._emit(' : ');
    if (node.else_ === null) this._emit('""');
    else this.compile(node.else_, frame);
    this._emit(')');
  }

  // `a or b` gives a when it is true, else b, which is evaluated only then.
  compileOr(node: AstNode, frame: unknown) {
    this.compileShortCircuit('runtime.pyOr', node, frame);
  }

  compileAnd(node: AstNode, frame: unknown) {
    this.compileShortCircuit('runtime.pyAnd', node, frame);
  }

  compileShortCircuit(helper: string, node: AstNode, frame: unknown) {
    this._emit(`${helper}(`);
    this.compile(node.left, frame);
    this._emit(', function () { return ');
    this.compile(node.right, frame);
    this._emit('; })');
  }

  compileCompare(node: AstNode, frame: unknown) {
    const ops = node.ops as Array<{ type: string; expr: unknown }>;
    const equality = ops.length === 1 && (ops[0].type === '==' || ops[0].type === '!=');
    if (!equality) return super.compileCompare(node, frame);
    this._emit(ops[0].type === '==' ? 'runtime.pyEquals(' : '!runtime.pyEquals(');
    this.compile(node.expr, frame);
    this._emit(', ');
    this.compile(ops[0].expr, frame);
    this._emit(')');
  }

  // nunjucks records the position only at calls; lookups, filters and `in` can fail too and should say where.
  compileLookupVal(node: AstNode, frame: unknown) {
    this.atPosition(node, () => super.compileLookupVal(node, frame));
  }

  compileFilter(node: AstNode, frame: unknown) {
    this.atPosition(node, () => super.compileFilter(node, frame));
  }

  compileIn(node: AstNode, frame: unknown) {
    this.atPosition(node, () => super.compileIn(node, frame));
  }

  atPosition(node: AstNode, compileExpression: () => void) {
    this._emit(`(lineno = ${node.lineno}, colno = ${node.colno}, `);
    compileExpression();
    this._emit(')');
  }
}

const environment = createEnvironment();
const sandboxRuntime = createSandboxRuntime();

function createEnvironment(): nunjucks.Environment {
  // No loaders: a template cannot read another from disk.
  const env = new nunjucks.Environment([], { autoescape: false, throwOnUndefined: false });
  const own = env as unknown as { filters: Record<string, unknown>; tests: Record<string, unknown> };
  // Filters and tests by name only among those registered, never Object.prototype's.
  Object.assign(env, {
    getFilter(name: string) {
      if (!Object.hasOwn(own.filters, name)) throw new Error(`No filter named '${name}'.`);
      return own.filters[name];
    },
    getTest(name: string) {
      if (!Object.hasOwn(own.tests, name)) throw new Error(`No test named '${name}'.`);
      return own.tests[name];
    },
    getTemplate() {
      throw new Error('Templates cannot load other templates.');
    },
  });
  const globals = (env as unknown as { globals: Record<string, unknown> }).globals;
  const nunjucksRange = globals.range as (...args: unknown[]) => unknown[];
  env.addGlobal('range', (...args: unknown[]) => {
    const [start, stop, step] = args.length === 1 ? [0, Number(args[0]), 1] : [Number(args[0]), Number(args[1]), args[2] === undefined ? 1 : Number(args[2])];
    if (Math.ceil((stop - start) / step) > MAX_RANGE) throw new Error(`Range too big. The sandbox blocks ranges larger than MAX_RANGE (${MAX_RANGE}).`);
    return nunjucksRange(...args);
  });
  env.addGlobal('None', null);
  env.addGlobal('True', true);
  env.addGlobal('False', false);
  const tests = (env as unknown as { tests: Record<string, (value: unknown) => boolean> }).tests;
  tests.none = (value) => value === null;
  tests.boolean = (value) => typeof value === 'boolean';
  tests.true = (value) => value === true;
  tests.false = (value) => value === false;
  env.addFilter('tojson', tojsonFilter);
  env.addFilter('default', defaultFilter);
  env.addFilter('d', defaultFilter);
  env.addFilter('join', joinFilter);
  env.addFilter('map', mapFilter);
  env.addFilter('items', (value: unknown) => (isPlainObject(value) ? Object.entries(value) : []));
  env.addFilter('lower', (value: unknown) => (value === undefined ? '' : pythonStr(value).toLowerCase()));
  env.addFilter('upper', (value: unknown) => (value === undefined ? '' : pythonStr(value).toUpperCase()));
  env.addFilter('string', (value: unknown) => (value === undefined ? '' : pythonStr(value)));
  return env;
}

/** nunjucks' runtime with every lookup that could reach beyond the data replaced, and Python's operators added. */
function createSandboxRuntime(): Record<string, unknown> {
  const runtime = internals.runtime as unknown as Record<string, (...args: unknown[]) => unknown>;
  return {
    ...runtime,
    memberLookup: lookupMember,
    contextOrFrameLookup(context: TemplateContext, frame: TemplateFrame, name: string) {
      // Names such as `toString` or `valueOf` would otherwise be found on the context's prototype.
      if (name in Object.prototype) return lookupOwnName(context, frame, name);
      return runtime.contextOrFrameLookup(context, frame, name);
    },
    // Jinja2 iterates a dict's keys.
    fromIterator: (value: unknown) => (isPlainObject(value) ? Object.keys(value) : runtime.fromIterator(value)),
    suppressValue: printable,
    inOperator: pythonIn,
    pyTruth: truthy,
    pyOr: (left: unknown, right: () => unknown) => (truthy(left) ? left : right()),
    pyAnd: (left: unknown, right: () => unknown) => (truthy(left) ? right() : left),
    pyEquals: (a: unknown, b: unknown) => pythonEquals(unwrapSafe(a), unwrapSafe(b)),
    handleError: renderFailure,
  };
}

interface TemplateFrame {
  variables: Record<string, unknown>;
  parent?: TemplateFrame;
}

interface TemplateContext {
  ctx: Record<string, unknown>;
  env: { globals: Record<string, unknown> };
}

function lookupOwnName(context: TemplateContext, frame: TemplateFrame | undefined, name: string): unknown {
  for (let f = frame; f; f = f.parent) if (Object.hasOwn(f.variables, name) && f.variables[name] !== undefined) return f.variables[name];
  if (Object.hasOwn(context.ctx, name)) return context.ctx[name];
  if (Object.hasOwn(context.env.globals, name)) return context.env.globals[name];
  return undefined;
}

/** `obj.name` and `obj[key]` inside a template: data and a few of Python's methods, nothing else. */
function lookupMember(target: unknown, key: unknown): unknown {
  const name = typeof key === 'number' ? key : String(key);
  if (target === undefined || target === null) {
    // Refused here too, so that a template fails the same way whatever the data.
    refuseUnsafe(target, name);
    return undefined;
  }
  if (typeof target === 'string' || target instanceof SafeString) return stringMember(String(target), name);
  if (Array.isArray(target)) return listMember(target, name);
  if (isPlainObject(target)) {
    if (Object.hasOwn(target, name)) return bindMethod(target, target[name]);
    const method = DICT_METHODS.get(String(name));
    if (method) return (...args: unknown[]) => method(target, ...args);
  }
  refuseUnsafe(target, name);
  return undefined;
}

function refuseUnsafe(target: unknown, name: string | number) {
  if (typeof name === 'string' && (UNSAFE_NAMES.has(name) || name.startsWith('__'))) {
    throw new Error(`access to attribute '${name}' of '${pythonTypeName(target)}' object is unsafe.`);
  }
}

function bindMethod(owner: object, value: unknown): unknown {
  return typeof value === 'function' ? (...args: unknown[]) => value.apply(owner, args) : value;
}

/** An index as Python reads it: an integer, negative from the end. */
function indexInto(length: number, name: string | number): number | undefined {
  const index = typeof name === 'number' ? name : /^-?\d+$/.test(name) ? Number(name) : NaN;
  if (!Number.isInteger(index)) return undefined;
  const position = index < 0 ? length + index : index;
  return position >= 0 && position < length ? position : undefined;
}

function listMember(list: unknown[], name: string | number): unknown {
  const position = indexInto(list.length, name);
  if (position !== undefined) return list[position];
  const method = LIST_METHODS.get(String(name));
  if (method) return (...args: unknown[]) => method(list, ...args);
  refuseUnsafe(list, name);
  return undefined;
}

function stringMember(text: string, name: string | number): unknown {
  const position = indexInto(text.length, name);
  if (position !== undefined) return text[position];
  const method = STRING_METHODS.get(String(name));
  if (method) return (...args: unknown[]) => method(text, ...args);
  refuseUnsafe(text, name);
  return undefined;
}

const DICT_METHODS = new Map<string, (dict: Record<string, unknown>, ...args: unknown[]) => unknown>([
  ['items', (dict) => Object.entries(dict)],
  ['keys', (dict) => Object.keys(dict)],
  ['values', (dict) => Object.values(dict)],
  ['get', (dict, key, fallback = null) => (Object.hasOwn(dict, String(key)) ? dict[String(key)] : fallback)],
]);

const LIST_METHODS = new Map<string, (list: unknown[], ...args: unknown[]) => unknown>([
  ['append', (list, item) => (list.push(item), null)],
  ['extend', (list, items) => (list.push(...(Array.isArray(items) ? items : [])), null)],
  ['pop', (list, index = -1) => list.splice(indexInto(list.length, index as number) ?? list.length, 1)[0]],
  ['count', (list, item) => list.filter((x) => pythonEquals(x, item)).length],
  ['index', (list, item) => {
    const position = list.findIndex((x) => pythonEquals(x, item));
    if (position < 0) throw new Error(`${pythonRepr(item)} is not in list`);
    return position;
  }],
]);

const STRING_METHODS = new Map<string, (text: string, ...args: unknown[]) => unknown>([
  ['upper', (text) => text.toUpperCase()],
  ['lower', (text) => text.toLowerCase()],
  ['strip', (text, chars) => stripChars(stripChars(text, chars, 'start'), chars, 'end')],
  ['lstrip', (text, chars) => stripChars(text, chars, 'start')],
  ['rstrip', (text, chars) => stripChars(text, chars, 'end')],
  ['split', (text, separator, maxsplit) => pythonSplit(text, separator, maxsplit)],
  ['startswith', (text, prefix) => (Array.isArray(prefix) ? prefix : [prefix]).some((p) => text.startsWith(String(p)))],
  ['endswith', (text, suffix) => (Array.isArray(suffix) ? suffix : [suffix]).some((s) => text.endsWith(String(s)))],
  ['replace', (text, old, replacement, count) => pythonReplace(text, String(old), String(replacement), count === undefined ? -1 : Number(count))],
  ['find', (text, sub) => text.indexOf(String(sub))],
  ['count', (text, sub) => (String(sub) === '' ? text.length + 1 : text.split(String(sub)).length - 1)],
  ['title', (text) => text.replace(/\p{L}+/gu, (word) => word[0].toUpperCase() + word.slice(1).toLowerCase())],
  ['capitalize', (text) => text.slice(0, 1).toUpperCase() + text.slice(1).toLowerCase()],
  ['join', (text, items) => (Array.isArray(items) ? items.map((i) => String(i)).join(text) : '')],
]);

function stripChars(text: string, chars: unknown, side: 'start' | 'end'): string {
  const strip = (c: string) => (chars === undefined || chars === null ? /\s/.test(c) : String(chars).includes(c));
  let start = 0;
  let end = text.length;
  if (side === 'start') while (start < end && strip(text[start])) start++;
  else while (end > start && strip(text[end - 1])) end--;
  return text.slice(start, end);
}

function pythonSplit(text: string, separator: unknown, maxsplit: unknown): string[] {
  const limit = maxsplit === undefined || maxsplit === null ? -1 : Number(maxsplit);
  if (separator === undefined || separator === null) {
    const words: string[] = [];
    let rest = text.replace(/^\s+/, '');
    while (rest !== '' && (limit < 0 || words.length < limit)) {
      const match = /\s+/.exec(rest);
      if (!match) break;
      words.push(rest.slice(0, match.index));
      rest = rest.slice(match.index + match[0].length);
    }
    if (rest !== '') words.push(rest);
    return words;
  }
  const sep = String(separator);
  if (sep === '') throw new Error('empty separator');
  const parts = text.split(sep);
  return limit < 0 || parts.length <= limit + 1 ? parts : [...parts.slice(0, limit), parts.slice(limit).join(sep)];
}

function pythonReplace(text: string, old: string, replacement: string, count: number): string {
  const parts = text.split(old);
  if (count < 0 || parts.length - 1 <= count) return parts.join(replacement);
  return parts.slice(0, count + 1).join(replacement) + old + parts.slice(count + 1).join(old);
}

function unwrapSafe(value: unknown): unknown {
  return value instanceof SafeString ? String(value) : value;
}

function truthy(value: unknown): boolean {
  return pythonTruthy(unwrapSafe(value));
}

function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : !Number.isFinite(value) ? (value > 0 ? 'inf' : '-inf') : pythonNumber(value);
  if (typeof value === 'function') return `<function ${value.name || '<lambda>'}>`;
  if (value === null || typeof value === 'boolean' || Array.isArray(value) || isPlainObject(value)) return pythonRepr(value);
  return String(value);
}

/** What `{{ value }}` prints: Python's str(), so None, True and lists look as they do in Jinja2. */
function printable(value: unknown): unknown {
  if (value === undefined) return '';
  if (typeof value === 'string' || value instanceof SafeString) return value;
  return pythonStr(value);
}

function pythonIn(item: unknown, container: unknown): boolean {
  const haystack = unwrapSafe(container);
  if (typeof haystack === 'string') {
    const needle = unwrapSafe(item);
    if (typeof needle !== 'string') throw new Error(`'in <string>' requires string as left operand, not ${pythonTypeName(needle)}`);
    return haystack.includes(needle);
  }
  if (Array.isArray(haystack)) return haystack.some((x) => pythonEquals(unwrapSafe(x), unwrapSafe(item)));
  if (isPlainObject(haystack)) return Object.hasOwn(haystack, String(unwrapSafe(item)));
  throw new Error(`argument of type '${pythonTypeName(haystack)}' is not iterable`);
}

/** A filter's arguments with nunjucks' trailing keyword-argument object taken apart. */
function filterArguments(args: unknown[]): { positional: unknown[]; keywords: Record<string, unknown> } {
  const last = args[args.length - 1] as Record<string, unknown> | undefined;
  if (last && typeof last === 'object' && last.__keywords === true) {
    const { __keywords, ...keywords } = last;
    return { positional: args.slice(0, -1), keywords };
  }
  return { positional: args, keywords: {} };
}

/** Jinja2's tojson: sorted keys, and `<`, `>`, `&`, `'` escaped so that the JSON is safe inside HTML. */
function tojsonFilter(value: unknown, ...args: unknown[]): string {
  const { positional, keywords } = filterArguments(args);
  if (value === undefined) throw new Error('Object of type Undefined is not JSON serializable');
  const indent = (keywords.indent ?? positional[0] ?? null) as number | string | null;
  return pythonJsonDumps(value, { sortKeys: true, indent })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/'/g, '\\u0027');
}

function defaultFilter(value: unknown, ...args: unknown[]): unknown {
  const { positional, keywords } = filterArguments(args);
  const fallback = keywords.default_value ?? positional[0] ?? '';
  const boolean = keywords.boolean ?? positional[1] ?? false;
  if (value === undefined || (truthy(boolean) && !truthy(value))) return fallback;
  return value;
}

function joinFilter(value: unknown, ...args: unknown[]): string {
  const { positional, keywords } = filterArguments(args);
  const separator = String(keywords.d ?? positional[0] ?? '');
  const attribute = keywords.attribute ?? positional[1];
  const items = iterate(value);
  const picked = attribute === undefined || attribute === null ? items : items.map((item) => attributeOf(item, attribute));
  return picked.map((item) => pythonStr(unwrapSafe(item))).join(separator);
}

/** Jinja2's map: `map(attribute='name')` or `map('upper')`. */
function mapFilter(this: unknown, value: unknown, ...args: unknown[]): unknown[] {
  const { positional, keywords } = filterArguments(args);
  const items = iterate(value);
  if (keywords.attribute !== undefined) {
    return items.map((item) => {
      const picked = attributeOf(item, keywords.attribute);
      return picked === undefined && 'default' in keywords ? keywords.default : picked;
    });
  }
  if (positional.length === 0) return items;
  const filter = environment.getFilter(String(positional[0])) as (...a: unknown[]) => unknown;
  return items.map((item) => filter.call(this, item, ...positional.slice(1)));
}

function iterate(value: unknown): unknown[] {
  const plain = unwrapSafe(value);
  if (Array.isArray(plain)) return plain;
  if (typeof plain === 'string') return [...plain];
  if (isPlainObject(plain)) return Object.keys(plain);
  return [];
}

/** Jinja2's attribute getter: a dotted path, integer parts index lists; through the sandbox like any lookup. */
function attributeOf(item: unknown, attribute: unknown): unknown {
  return String(attribute)
    .split('.')
    .reduce<unknown>((obj, part) => lookupMember(obj, /^\d+$/.test(part) ? Number(part) : part), item);
}

/** The error a failing template raises, with the line it failed on; nunjucks keeps messages it finds `Update`-able as they are. */
function renderFailure(error: unknown, lineno: number): Error {
  if (error instanceof Error && (error as { sandboxed?: boolean }).sandboxed) return error;
  const message = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(`${message} (line ${lineno + 1})`), { sandboxed: true, lineno: lineno + 1, Update() { return this; } });
}

function errorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // nunjucks prefixes errors it did not raise itself with the template's path and position.
  return message.replace(/^\(unknown path\)(?: \[Line \d+(?:, Column \d+)?\])?\n\s*/, '');
}

const templates = new Map<string, nunjucks.Template>();
const TEMPLATE_CACHE_SIZE = 500;

function compiled(source: string, options: TemplateOptions = {}): nunjucks.Template {
  const key = `${options.trimBlocks ? 't' : '-'}${options.lstripBlocks ? 'l' : '-'}${source}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const template = compile(source, options);
  if (templates.size >= TEMPLATE_CACHE_SIZE) templates.delete(templates.keys().next().value as string);
  templates.set(key, template);
  return template;
}

function compile(source: string, options: TemplateOptions = {}): nunjucks.Template {
  let props: Record<string, (...args: unknown[]) => unknown>;
  try {
    const opts = { ...(environment as unknown as { opts: object }).opts, ...options };
    const ast = internals.parser.parse(jinjaNewlines(source), [], opts);
    checkSandbox(ast);
    const compiler = new PythonCompiler('template', false);
    compiler.compile(transformer.transform(ast, []), null);
    props = new Function(compiler.getCode())();
  } catch (err) {
    throw new TemplateError(parseErrorMessage(err));
  }
  // Every render function takes the runtime as its fourth argument: give it the sandboxed one.
  for (const [name, render] of Object.entries(props)) {
    props[name] = (env, context, frame, _runtime, cb) => render(env, context, frame, sandboxRuntime, cb);
  }
  const TemplateClass = nunjucks.Template as unknown as new (src: unknown, env: unknown, path: string, eager: boolean) => nunjucks.Template;
  return new TemplateClass({ type: 'code', obj: props }, environment, 'template', true);
}

/** Jinja2 reads `\r\n` and `\r` as `\n` and drops one trailing newline. */
function jinjaNewlines(source: string): string {
  const lines = source.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

function parseErrorMessage(err: unknown): string {
  const error = err as { message?: string; lineno?: number; colno?: number };
  const message = String(error.message ?? err);
  if (!error.lineno) return message;
  return `${message} (line ${error.lineno}${error.colno ? `, column ${error.colno}` : ''})`;
}

/** Refuses, before anything runs, what the sandbox cannot allow whatever the data: unsafe names and template loading. */
function checkSandbox(root: AstNode) {
  const fail = (message: string, node: AstNode): never => {
    throw Object.assign(new Error(message), { lineno: node.lineno + 1, colno: node.colno + 1 });
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!(value instanceof nodes.Node)) return;
    const node = value as AstNode;
    const loading = LOADING_NODES.get(node.typename);
    if (loading) fail(`'${loading}' is not allowed: a template cannot load other templates`, node);
    if (node.typename === 'CallExtension' || node.typename === 'CallExtensionAsync') fail('extensions are not allowed', node);
    if (node.typename === 'Symbol' && isUnsafeName(node.value)) fail(`access to '${String(node.value)}' is unsafe`, node);
    // In a JavaScript object literal this key sets the prototype.
    if (node.typename === 'Pair' && (node.key as AstNode).value === '__proto__') fail(`'__proto__' cannot be a key`, node);
    if (node.typename === 'Filter') {
      const name = String((node.name as AstNode).value);
      if (!Object.hasOwn((environment as unknown as { filters: object }).filters, name)) fail(`No filter named '${name}'.`, node);
    }
    if (node.typename === 'Is') {
      const test = node.right as AstNode;
      const name = String(test.typename === 'FunCall' ? (test.name as AstNode).value : test.value);
      if (!Object.hasOwn((environment as unknown as { tests: object }).tests, name)) fail(`No test named '${name}'.`, node);
    }
    for (const field of node.fields) visit(node[field]);
  };
  visit(root);
}

function isUnsafeName(name: unknown): boolean {
  return typeof name === 'string' && UNSAFE_NAMES.has(name);
}
