/**
 * NetBox's condition sets (extras/conditions.py): a webhook fires only when its `conditions` hold for the object's data.
 * Values keep Python's semantics, since the rules were written against NetBox: an integer-valued number is an int,
 * True == 1, lists and dicts compare deeply; a comparison Python would refuse (None > 1) is false here.
 */
import { pythonEquals, pythonTypeName, pythonTruthy } from '../../core/templates/jinja';
import { pythonStr } from '../../core/util/python-repr';

/** An invalid rule set; NetBox raises ValueError (and TypeError for a malformed condition) with these messages. */
export class ConditionError extends Error {
  override name = 'ConditionError';
}

const AND = 'and';
const OR = 'or';

const OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'regex'] as const;
type Operator = (typeof OPERATORS)[number];

/** The operators each type of condition value allows. */
const OPERATORS_BY_TYPE: Record<string, readonly Operator[]> = {
  str: ['eq', 'contains', 'regex'],
  bool: ['eq', 'contains'],
  int: ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'],
  float: ['eq', 'gt', 'gte', 'lt', 'lte', 'contains'],
  list: ['eq', 'in', 'contains'],
  NoneType: ['eq'],
};

const CONDITION_KEYS = new Set(['attr', 'value', 'op', 'negate']);

function typeRepr(value: unknown): string {
  return `<class '${pythonTypeName(value)}'>`;
}

function isDict(value: unknown): value is Record<string, unknown> {
  return pythonTypeName(value) === 'dict';
}

/** One rule: the value at a dotted path of the data, compared with `value` by `op`. */
export class Condition {
  readonly attr: string;
  readonly value: unknown;
  readonly op: Operator;
  readonly negate: boolean;
  private pattern: RegExp | null | undefined;

  constructor(attr: string, value: unknown, op: unknown = 'eq', negate: unknown = false) {
    if (!OPERATORS.includes(op as Operator)) throw new ConditionError(`Unknown operator: ${pythonStr(op)}. Must be one of: ${OPERATORS.join(', ')}`);
    const allowed = OPERATORS_BY_TYPE[pythonTypeName(value)];
    if (!allowed) throw new ConditionError(`Unsupported value type: ${typeRepr(value)}`);
    if (!allowed.includes(op as Operator)) throw new ConditionError(`Invalid type for ${String(op)} operation: ${typeRepr(value)}`);
    // NetBox accepts any attr and fails on every evaluation; refusing it up front is kinder.
    if (typeof attr !== 'string') throw new ConditionError(`Condition attr must be a string, not ${typeRepr(attr)}`);
    this.attr = attr;
    this.value = value;
    this.op = op as Operator;
    this.negate = pythonTruthy(negate);
  }

  /** A condition from its JSON form, `{"attr": ..., "value": ..., "op": ..., "negate": ...}`. */
  static fromRule(rule: unknown): Condition {
    if (!isDict(rule)) throw new ConditionError(`Condition must be a dictionary, not ${typeRepr(rule)}`);
    const unexpected = Object.keys(rule).find((key) => !CONDITION_KEYS.has(key));
    if (unexpected !== undefined) throw new ConditionError(`Condition has unexpected key '${unexpected}'`);
    for (const key of ['attr', 'value']) if (!Object.hasOwn(rule, key)) throw new ConditionError(`Condition is missing ${key}`);
    return new Condition(rule.attr as string, rule.value, Object.hasOwn(rule, 'op') ? rule.op : 'eq', rule.negate ?? false);
  }

  eval(data: unknown): boolean {
    const result = this.compare(valueAt(data, this.attr.split('.')));
    return this.negate ? !result : result;
  }

  private compare(value: unknown): boolean {
    switch (this.op) {
      case 'eq':
        return pythonEquals(value, this.value);
      case 'gt':
        return isNumber(value) && Number(value) > Number(this.value);
      case 'gte':
        return isNumber(value) && Number(value) >= Number(this.value);
      case 'lt':
        return isNumber(value) && Number(value) < Number(this.value);
      case 'lte':
        return isNumber(value) && Number(value) <= Number(this.value);
      case 'in':
        return (this.value as unknown[]).some((item) => pythonEquals(item, value));
      case 'contains':
        return contains(value, this.value);
      case 'regex':
        return typeof value === 'string' && this.regex()?.test(value) === true;
    }
  }

  private regex(): RegExp | null {
    if (this.pattern === undefined) this.pattern = pythonRegex(this.value as string);
    if (this.pattern) this.pattern.lastIndex = 0;
    return this.pattern;
  }
}

/**
 * Rules joined by `and` or `or`, nested as deep as needed:
 * `{"and": [{"attr": "status.value", "value": "active"}, {"or": [...]}]}`.
 */
export class ConditionSet {
  readonly logic: 'and' | 'or';
  readonly conditions: Array<Condition | ConditionSet>;

  constructor(ruleset: unknown) {
    if (!isDict(ruleset)) throw new ConditionError(`Ruleset must be a dictionary, not ${typeRepr(ruleset)}.`);
    const keys = Object.keys(ruleset);
    if (keys.length !== 1) throw new ConditionError(`Ruleset must have exactly one logical operator (found ${keys.length})`);
    const logic = keys[0];
    if (logic.toLowerCase() !== AND && logic.toLowerCase() !== OR) throw new ConditionError(`Invalid logic type: ${logic} (must be '${AND}' or '${OR}')`);
    // NetBox accepts "AND" here and then looks up "and", which fails: say so instead.
    if (logic !== AND && logic !== OR) throw new ConditionError(`Invalid logic type: ${logic} (must be lower case '${logic.toLowerCase()}')`);
    this.logic = logic;
    this.conditions = rules(ruleset[logic], logic).map((rule) => (isRuleset(rule) ? new ConditionSet(rule) : Condition.fromRule(rule)));
  }

  eval(data: unknown): boolean {
    return this.logic === OR ? this.conditions.some((c) => c.eval(data)) : this.conditions.every((c) => c.eval(data));
  }
}

function isRuleset(rule: unknown): boolean {
  if (!isDict(rule)) return false;
  const keys = Object.keys(rule);
  return keys.length === 1 && (keys[0] === AND || keys[0] === OR);
}

/** The rules under a logical operator; Python would iterate any iterable, but only a list's items can be rules. */
function rules(value: unknown, logic: string): unknown[] {
  if (Array.isArray(value)) return value;
  if ((typeof value === 'string' || isDict(value)) && !pythonTruthy(value)) return [];
  if (typeof value === 'string' || isDict(value)) throw new ConditionError(`Condition must be a dictionary, not <class 'str'>`);
  throw new ConditionError(`Ruleset '${logic}' must be a list of conditions, not ${typeRepr(value)}`);
}

/** The value at a dotted path: dicts by key, lists mapped item by item; None where Python's dict.get would fail. */
function valueAt(data: unknown, path: string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (Array.isArray(value)) {
      if (!value.every(isDict)) return null;
      value = value.map((item) => (Object.hasOwn(item, key) ? item[key] : null));
    } else if (isDict(value)) {
      value = Object.hasOwn(value, key) ? value[key] : null;
    } else {
      return null;
    }
  }
  return value;
}

function isNumber(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

/** Python's `needle in haystack`, false where Python would raise. */
function contains(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string') return typeof needle === 'string' && haystack.includes(needle);
  if (Array.isArray(haystack)) return haystack.some((item) => pythonEquals(item, needle));
  if (isDict(haystack)) return typeof needle === 'string' && Object.hasOwn(haystack, needle);
  return false;
}

/**
 * A Python regular expression as a JavaScript one that matches only at the start, as `re.match` does (the sticky flag
 * anchors there even in multi-line mode); null when the pattern is invalid, which NetBox would raise on, so it never matches.
 */
export function pythonRegex(pattern: string): RegExp | null {
  let flags = '';
  let source = pattern;
  // Python's global flags, which it requires at the start of the pattern.
  for (let inline = /^\(\?([aiLmsux]+)\)/.exec(source); inline; inline = /^\(\?([aiLmsux]+)\)/.exec(source)) {
    for (const flag of inline[1]) {
      if (flag === 'x' || flag === 'L') return null;
      if ('ims'.includes(flag) && !flags.includes(flag)) flags += flag;
    }
    source = source.slice(inline[0].length);
  }
  const translated = translateRegex(source, flags.includes('m'));
  if (translated === null) return null;
  try {
    return new RegExp(`(?:${translated})`, `${flags}y`);
  } catch {
    return null;
  }
}

/** Rewrites the syntax where Python and JavaScript differ: named groups, \A, \Z, `$` before a final newline, `[]...]`. */
function translateRegex(source: string, multiline: boolean): string | null {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) return null;
      i++;
      if (!inClass && next === 'A') out += '(?<![\\s\\S])';
      else if (!inClass && next === 'Z') out += '(?![\\s\\S])';
      else out += c + next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (source[i + 1] === '^') out += source[++i];
      // A `]` first in a class is a literal in Python.
      if (source[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '$' && !multiline) {
      out += '(?=\\n?(?![\\s\\S]))';
      continue;
    }
    if (c === '(' && source[i + 1] === '?') {
      const rest = source.slice(i + 2);
      const named = /^P<([A-Za-z_]\w*)>/.exec(rest);
      const backReference = /^P=([A-Za-z_]\w*)\)/.exec(rest);
      const comment = /^#[^)]*\)/.exec(rest);
      if (named) {
        out += `(?<${named[1]}>`;
        i += 1 + named[0].length;
      } else if (backReference) {
        out += `\\k<${backReference[1]}>`;
        i += 1 + backReference[0].length;
      } else if (comment) {
        i += 1 + comment[0].length;
      } else if (/^[:=!]|^<[=!]/.test(rest)) {
        out += '(?';
        i += 1;
      } else {
        // Python has no `(?<name>` and JavaScript no atomic groups or scoped flags.
        return null;
      }
      continue;
    }
    out += c;
  }
  return inClass ? null : out;
}

/** Why a stored `conditions` value is no condition set, or null: Django's falsy JSON is none at all. */
export function conditionsError(value: unknown): string | null {
  if (!pythonTruthy(value)) return null;
  try {
    new ConditionSet(value);
    return null;
  } catch (e) {
    if (e instanceof ConditionError) return e.message;
    throw e;
  }
}

/** Whether conditions hold for an event's data: none always hold, an invalid set never (NetBox logs it and skips the rule). */
export function conditionsHold(conditions: unknown, data: unknown): boolean {
  if (!pythonTruthy(conditions)) return true;
  try {
    return new ConditionSet(conditions).eval(data);
  } catch (e) {
    if (e instanceof ConditionError) return false;
    throw e;
  }
}
