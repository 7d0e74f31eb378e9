import { IpFormatError, IpNetwork, parseInterface, parsePrefix } from '../../ipam/ip';
import { pythonStr } from '../../core/util/python-repr';
import type { Representation } from '../../core/serialize/serializer';

/** A variable's value refused, with Django's form messages. */
export class VariableError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '));
  }
}

/** What checking and loading related objects needs: the transaction a script runs in, or the API's connection. */
export interface VariableContext {
  /** The ids of `label` among `ids` that exist. */
  existing(label: string, ids: number[]): Promise<Set<number>>;
  /** The objects' full representations, in the order of `ids`. */
  load(label: string, ids: number[]): Promise<Representation[]>;
}

export interface VariableOptions<R extends boolean = boolean> {
  label?: string;
  description?: string;
  /** Used when the data leave the variable out or empty. */
  default?: unknown;
  /** True unless given; a boolean is never required. */
  required?: R;
}

/** Optional variables may be empty: null for those that have no empty value of their own. */
type Maybe<R, T> = R extends false ? T | null : T;

const EMPTY = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const REQUIRED = 'This field is required.';

/**
 * An input of a script, as NetBox's `extras.scripts` variables: `kind` is the class name the API's
 * `vars` shows. `clean` checks a value from the request (and again when the job runs); `resolve`
 * gives `run` what it works with (an object variable's id becomes the object).
 */
export abstract class ScriptVariable<T = unknown> {
  abstract readonly kind: string;
  readonly required: boolean;

  constructor(readonly options: VariableOptions = {}) {
    this.required = options.required ?? true;
  }

  /** What an empty, optional variable holds. */
  emptyValue(): unknown {
    return null;
  }

  /** The JSON value the job carries, or a VariableError. */
  async clean(input: unknown, ctx: VariableContext): Promise<unknown> {
    const value = EMPTY(input) && this.options.default !== undefined ? this.options.default : input;
    if (EMPTY(value)) {
      if (this.required) throw new VariableError([REQUIRED]);
      return this.emptyValue();
    }
    return this.cleanValue(value, ctx);
  }

  protected abstract cleanValue(value: unknown, ctx: VariableContext): Promise<unknown> | unknown;

  /** The value `run` receives for a cleaned one. */
  async resolve(cleaned: unknown, _ctx: VariableContext): Promise<T> {
    return cleaned as T;
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return pythonStr(value);
  throw new VariableError(['Enter a valid value.']);
}

export interface StringOptions<R extends boolean> extends VariableOptions<R> {
  minLength?: number;
  maxLength?: number;
  /** The value must match it (anywhere, as Django's RegexValidator searches). */
  regex?: string;
}

/** A line of text: optional length bounds and a pattern. */
export class StringVar<R extends boolean = true> extends ScriptVariable<string> {
  readonly kind: string = 'StringVar';
  constructor(readonly opts: StringOptions<R> = {}) {
    super(opts);
  }
  emptyValue(): string {
    return '';
  }
  protected cleanValue(value: unknown): string {
    const s = text(value);
    const { minLength, maxLength, regex } = this.opts;
    const length = [...s].length;
    if (maxLength !== undefined && length > maxLength) throw new VariableError([`Ensure this value has at most ${maxLength} characters (it has ${length}).`]);
    if (minLength !== undefined && length < minLength) throw new VariableError([`Ensure this value has at least ${minLength} characters (it has ${length}).`]);
    if (regex !== undefined && !new RegExp(regex).test(s)) throw new VariableError([`Invalid value. Must match regex: ${regex}`]);
    return s;
  }
}

/** Free text over several lines. */
export class TextVar<R extends boolean = true> extends StringVar<R> {
  readonly kind = 'TextVar';
  constructor(opts: VariableOptions<R> = {}) {
    super(opts);
  }
}

export interface IntegerOptions<R extends boolean> extends VariableOptions<R> {
  min?: number;
  max?: number;
}

/** A whole number, optionally bounded. */
export class IntegerVar<R extends boolean = true> extends ScriptVariable<Maybe<R, number>> {
  readonly kind = 'IntegerVar';
  constructor(readonly opts: IntegerOptions<R> = {}) {
    super(opts);
  }
  protected cleanValue(value: unknown): number {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[-+]?\d+(\.0*)?\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) throw new VariableError(['Enter a whole number.']);
    if (this.opts.max !== undefined && n > this.opts.max) throw new VariableError([`Ensure this value is less than or equal to ${this.opts.max}.`]);
    if (this.opts.min !== undefined && n < this.opts.min) throw new VariableError([`Ensure this value is greater than or equal to ${this.opts.min}.`]);
    return n;
  }
}

/** True or false; never required, as a checkbox left unticked is false. */
export class BooleanVar extends ScriptVariable<boolean> {
  readonly kind = 'BooleanVar';
  constructor(opts: Omit<VariableOptions, 'required'> = {}) {
    super({ ...opts, required: false });
  }
  emptyValue(): boolean {
    return false;
  }
  protected cleanValue(value: unknown): boolean {
    // Django's BooleanField: the strings "false" and "0" are false, anything else by its truth.
    if (typeof value === 'string') return !['false', '0'].includes(value.toLowerCase());
    return Boolean(value);
  }
}

/** Choices as NetBox writes them: `[value, label]` pairs. */
export type Choices = ReadonlyArray<readonly [value: string, label: string]>;

export interface ChoiceOptions<R extends boolean> extends VariableOptions<R> {
  choices: Choices;
}

function choiceOf(choices: Choices, value: unknown): string {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  if (s === null || !choices.some(([v]) => v === s)) throw new VariableError([`Select a valid choice. ${pythonStr(value)} is not one of the available choices.`]);
  return s;
}

/** One of fixed choices: the value of a pair. */
export class ChoiceVar<R extends boolean = true> extends ScriptVariable<string> {
  readonly kind = 'ChoiceVar';
  constructor(readonly opts: ChoiceOptions<R>) {
    super(opts);
  }
  emptyValue(): string {
    return '';
  }
  protected cleanValue(value: unknown): string {
    return choiceOf(this.opts.choices, value);
  }
}

/** Any number of fixed choices. */
export class MultiChoiceVar<R extends boolean = true> extends ScriptVariable<string[]> {
  readonly kind = 'MultiChoiceVar';
  constructor(readonly opts: ChoiceOptions<R>) {
    super(opts);
  }
  emptyValue(): string[] {
    return [];
  }
  protected cleanValue(value: unknown): string[] {
    if (!Array.isArray(value)) throw new VariableError(['Enter a list of values.']);
    return value.map((v) => choiceOf(this.opts.choices, v));
  }
}

export interface ObjectOptions<R extends boolean> extends VariableOptions<R> {
  /** The model's label: `dcim.site`. */
  model: string;
}

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value);
  return null;
}

/** One object, given by its id; `run` gets its full representation, as the REST API shows it. */
export class ObjectVar<R extends boolean = true> extends ScriptVariable<Maybe<R, Representation>> {
  readonly kind: string = 'ObjectVar';
  constructor(readonly opts: ObjectOptions<R>) {
    super(opts);
  }
  protected async cleanValue(value: unknown, ctx: VariableContext): Promise<number> {
    const id = idOf(value);
    if (id === null || !(await ctx.existing(this.opts.model, [id])).has(id)) {
      throw new VariableError(['Select a valid choice. That choice is not one of the available choices.']);
    }
    return id;
  }
  async resolve(cleaned: unknown, ctx: VariableContext): Promise<Maybe<R, Representation>> {
    if (cleaned === null) return null as Maybe<R, Representation>;
    const [object] = await ctx.load(this.opts.model, [cleaned as number]);
    return object as Maybe<R, Representation>;
  }
}

/** Several objects, given by their ids; `run` gets their representations. */
export class MultiObjectVar<R extends boolean = true> extends ScriptVariable<Representation[]> {
  readonly kind = 'MultiObjectVar';
  constructor(readonly opts: ObjectOptions<R>) {
    super(opts);
  }
  emptyValue(): number[] {
    return [];
  }
  protected async cleanValue(value: unknown, ctx: VariableContext): Promise<number[]> {
    if (!Array.isArray(value)) throw new VariableError(['Enter a list of values.']);
    const ids = value.map((v) => {
      const id = idOf(v);
      if (id === null) throw new VariableError([`“${pythonStr(v)}” is not a valid value.`]);
      return id;
    });
    const found = await ctx.existing(this.opts.model, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new VariableError([`Select a valid choice. ${missing} is not one of the available choices.`]);
    return [...new Set(ids)];
  }
  async resolve(cleaned: unknown, ctx: VariableContext): Promise<Representation[]> {
    return ctx.load(this.opts.model, cleaned as number[]);
  }
}

/** An IPv4 or IPv6 address without a mask, as NetBox writes it. */
export class IPAddressVar<R extends boolean = true> extends ScriptVariable<Maybe<R, string>> {
  readonly kind = 'IPAddressVar';
  constructor(opts: VariableOptions<R> = {}) {
    super(opts);
  }
  protected cleanValue(value: unknown): string {
    const s = text(value);
    if (s.includes('/')) throw new VariableError([`Invalid IPv4/IPv6 address format: ${s}`]);
    try {
      return parseInterface(s).address;
    } catch (e) {
      if (e instanceof IpFormatError) throw new VariableError([`Invalid IPv4/IPv6 address format: ${s}`]);
      throw e;
    }
  }
}

function network(value: unknown): IpNetwork {
  const s = text(value);
  if (s.split('/').length !== 2) throw new VariableError(['CIDR mask (e.g. /24) is required.']);
  try {
    return parseInterface(s);
  } catch (e) {
    if (e instanceof IpFormatError) throw new VariableError(['Please specify a valid IPv4 or IPv6 address.']);
    throw e;
  }
}

/** An address with its mask (`192.0.2.1/24`): host bits are kept. */
export class IPAddressWithMaskVar<R extends boolean = true> extends ScriptVariable<Maybe<R, string>> {
  readonly kind = 'IPAddressWithMaskVar';
  constructor(opts: VariableOptions<R> = {}) {
    super(opts);
  }
  protected cleanValue(value: unknown): string {
    return network(value).text;
  }
}

export interface NetworkOptions<R extends boolean> extends VariableOptions<R> {
  minPrefixLength?: number;
  maxPrefixLength?: number;
}

/** A prefix (`192.0.2.0/24`): host bits must be clear, and the length may be bounded. */
export class IPNetworkVar<R extends boolean = true> extends ScriptVariable<Maybe<R, string>> {
  readonly kind = 'IPNetworkVar';
  constructor(readonly opts: NetworkOptions<R> = {}) {
    super(opts);
  }
  protected cleanValue(value: unknown): string {
    const net = network(value);
    const cidr = parsePrefix(net.text);
    if (cidr.text !== net.text) throw new VariableError([`${net.text} is not a valid prefix. Did you mean ${cidr.text}?`]);
    const { minPrefixLength: min, maxPrefixLength: max } = this.opts;
    if (min !== undefined && net.prefixLength < min) throw new VariableError([`The prefix length must be greater than or equal to ${min}.`]);
    if (max !== undefined && net.prefixLength > max) throw new VariableError([`The prefix length must be less than or equal to ${max}.`]);
    return net.text;
  }
}

export type Vars = Record<string, ScriptVariable<any>>;

/** What `run` receives for variables `V`: `ScriptData<typeof vars>`. */
export type ScriptData<V extends Vars> = { [K in keyof V]: V[K] extends ScriptVariable<infer T> ? T : never };

/** Checks data against variables: the values the job carries, or the messages by variable. Other keys are ignored, as a form does. */
export async function cleanData(vars: Vars, data: Record<string, unknown>, ctx: VariableContext): Promise<{ values: Record<string, unknown>; errors: Record<string, string[]> }> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const [name, variable] of Object.entries(vars)) {
    try {
      values[name] = await variable.clean(data[name], ctx);
    } catch (e) {
      if (!(e instanceof VariableError)) throw e;
      errors[name] = e.messages;
    }
  }
  return { values, errors };
}

/** Cleaned values as `run` receives them. */
export async function resolveData(vars: Vars, values: Record<string, unknown>, ctx: VariableContext): Promise<Record<string, unknown>> {
  const resolved: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(vars)) resolved[name] = await variable.resolve(values[name], ctx);
  return resolved;
}
