import { isEmail, isURL } from 'class-validator';
import { pythonStr } from '../util/python-repr';
import type { ModelDef } from './model';

/** A field's validation failure; `messages` become the list under the field's key. */
export class FieldError extends Error {
  constructor(public readonly messages: string[] | Record<string, unknown>) {
    super(Array.isArray(messages) ? messages.join(' ') : 'invalid');
  }
}

export type Driver = 'sqlite' | 'postgres';

export interface FieldOptions {
  label?: string;
  /** Django's `verbose_name` as NetBox writes it (`Asset tag`), where it is not the name with spaces: messages quote it. */
  verboseName?: string;
  helpText?: string;
  nullable?: boolean;
  /** May be omitted on create (stored empty); NetBox's `blank=True`. */
  blank?: boolean;
  default?: unknown | (() => unknown);
  unique?: boolean;
  readOnly?: boolean;
  /** Taken, never shown, whatever a dialect's serializer lists (a password: DRF's write_only). */
  writeOnly?: boolean;
  index?: boolean;
  /** Left out when rows are read (a data file's contents): whoever needs it selects it. */
  deferred?: boolean;
}

export interface ColumnSpec {
  type: string;
  length?: number;
  precision?: number;
  scale?: number;
}

/** What every field kind knows about itself: storage, parsing, rendering, filtering and its schema. */
export abstract class Field<T = unknown> {
  name!: string;
  model!: ModelDef;
  /** Filter lookups beyond exact, as NetBox lists them for this kind of field. */
  abstract readonly lookups: readonly string[];
  abstract readonly optionsType: string;

  constructor(public readonly opts: FieldOptions = {}) {}

  get column(): string {
    return this.name;
  }
  /** False for relations kept in a table of their own (many-to-many). */
  get stored(): boolean {
    return true;
  }
  get nullable(): boolean {
    return !!this.opts.nullable;
  }
  get readOnly(): boolean {
    return !!this.opts.readOnly;
  }
  get required(): boolean {
    return !this.readOnly && !this.opts.blank && !this.nullable && this.opts.default === undefined;
  }
  get label(): string {
    return this.opts.label ?? titleCase(this.name);
  }
  get verboseName(): string {
    return this.opts.verboseName ?? this.opts.label ?? this.name.replace(/_/g, ' ');
  }
  /** The value stored when a create omits the field. */
  defaultValue(): unknown {
    const d = this.opts.default;
    if (typeof d === 'function') return (d as () => unknown)();
    if (d !== undefined) return d;
    return this.nullable ? null : this.emptyValue();
  }
  emptyValue(): unknown {
    return null;
  }

  abstract columnSpec(driver: Driver): ColumnSpec;
  /** A raw database value to its in-memory form. */
  fromDb(raw: unknown): T | null {
    return raw as T | null;
  }
  /** An in-memory value to a query parameter (TypeORM converts inserts itself, not WHERE parameters). */
  toParam(value: T | null, _driver: Driver): unknown {
    return value;
  }
  toApi(value: T | null): unknown {
    return value;
  }
  /** Validates a value from a request body; throws FieldError. */
  parse(input: unknown): T | null {
    if (input === null) {
      if (this.nullable) return null;
      throw new FieldError(['This field may not be null.']);
    }
    return this.parseValue(input);
  }
  protected abstract parseValue(input: unknown): T;
  /** Validates one value of a query-string filter; throws FieldError. */
  parseFilter(raw: string): T {
    return this.parseValue(raw);
  }
  abstract openapi(): Record<string, unknown>;
}

export function titleCase(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The largest value of a 32-bit integer column (ids among them). */
export const INT32_MAX = 2_147_483_647;

export const STRING_LOOKUPS = ['n', 'ic', 'nic', 'iew', 'niew', 'isw', 'nisw', 'ie', 'nie', 'empty'] as const;
export const NUMBER_LOOKUPS = ['n', 'lte', 'lt', 'gte', 'gt', 'empty'] as const;

export interface TextOptions extends FieldOptions {
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
  format?: 'email' | 'uri';
  /** Django's TextField, whose filters have no `__empty` lookup (a CharField's have). */
  long?: boolean;
}

export class TextField extends Field<string> {
  readonly lookups: readonly string[];
  readonly optionsType: string = 'string';
  constructor(public readonly opts: TextOptions = {}) {
    super(opts);
    this.lookups = opts.long ? STRING_LOOKUPS.filter((l) => l !== 'empty') : STRING_LOOKUPS;
  }
  emptyValue(): string {
    return '';
  }
  columnSpec(): ColumnSpec {
    return this.opts.max ? { type: 'varchar', length: this.opts.max } : { type: 'text' };
  }
  protected parseValue(input: unknown): string {
    if (typeof input === 'boolean' || !['string', 'number'].includes(typeof input)) throw new FieldError(['Not a valid string.']);
    const value = String(input).trim();
    if (value === '') {
      if (this.opts.blank) return '';
      throw new FieldError(['This field may not be blank.']);
    }
    if (this.opts.max && value.length > this.opts.max) {
      throw new FieldError([`Ensure this field has no more than ${this.opts.max} characters.`]);
    }
    if (this.opts.pattern && !this.opts.pattern.test(value)) {
      throw new FieldError([this.opts.patternMessage ?? 'Enter a valid value.']);
    }
    if (this.opts.format === 'email' && !isEmail(value)) throw new FieldError(['Enter a valid email address.']);
    if (this.opts.format === 'uri' && !isURL(value, { require_protocol: true, require_tld: false })) {
      throw new FieldError(['Enter a valid URL.']);
    }
    return value;
  }
  parseFilter(raw: string): string {
    return raw;
  }
  openapi(): Record<string, unknown> {
    const schema: Record<string, unknown> = { type: 'string' };
    if (this.opts.format) schema.format = this.opts.format;
    if (this.opts.max) schema.maxLength = this.opts.max;
    if (this.opts.pattern) schema.pattern = this.opts.pattern.source;
    if (!this.opts.blank && !this.readOnly) schema.minLength = 1;
    return schema;
  }
}

/**
 * A file below MEDIA_ROOT (Django's FileField, ImageField), stored as its path relative to it
 * (`image-attachments/site_1_rack.png`): how a file is taken on write is each kind's own.
 */
export abstract class FileField extends TextField {}

export class SlugField extends TextField {
  constructor(opts: TextOptions = {}) {
    super({
      max: 100,
      pattern: /^[-a-zA-Z0-9_]+$/,
      patternMessage: 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.',
      ...opts,
    });
  }
  openapi(): Record<string, unknown> {
    return { ...super.openapi(), format: 'slug' };
  }
}

export interface IntegerOptions extends FieldOptions {
  min?: number;
  max?: number;
  /** Stored as a 64-bit integer (a 32-bit ASN does not fit a signed 32-bit column). */
  big?: boolean;
}

export class IntegerField extends Field<number> {
  readonly lookups = NUMBER_LOOKUPS;
  readonly optionsType = 'integer';
  constructor(public readonly opts: IntegerOptions = {}) {
    super(opts);
  }
  columnSpec(): ColumnSpec {
    return { type: this.opts.big ? 'bigint' : 'integer' };
  }
  fromDb(raw: unknown): number | null {
    return raw === null || raw === undefined ? null : Number(raw);
  }
  protected parseValue(input: unknown): number {
    const n = typeof input === 'string' && /^\s*-?\d+(\.0*)?\s*$/.test(input) ? Number(input) : input;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new FieldError(['A valid integer is required.']);
    if (this.opts.min !== undefined && n < this.opts.min) {
      throw new FieldError([`Ensure this value is greater than or equal to ${this.opts.min}.`]);
    }
    if (this.opts.max !== undefined && n > this.opts.max) {
      throw new FieldError([`Ensure this value is less than or equal to ${this.opts.max}.`]);
    }
    return n;
  }
  parseFilter(raw: string): number {
    if (!/^-?\d+$/.test(raw.trim())) throw new FieldError(['Enter a whole number.']);
    const n = Number(raw);
    // Beyond a 32-bit column nothing is stored, and PostgreSQL refuses the comparison (a 500 otherwise).
    if (!this.opts.big && n > INT32_MAX) throw new FieldError([`Ensure this value is less than or equal to ${INT32_MAX}.`]);
    if (!this.opts.big && n < -INT32_MAX - 1) throw new FieldError([`Ensure this value is greater than or equal to ${-INT32_MAX - 1}.`]);
    return n;
  }
  openapi(): Record<string, unknown> {
    const schema: Record<string, unknown> = { type: 'integer' };
    if (this.opts.min !== undefined) schema.minimum = this.opts.min;
    if (this.opts.max !== undefined) schema.maximum = this.opts.max;
    return schema;
  }
}

const TRUE_VALUES = new Set(['true', 'True', 'TRUE', '1', 'yes', 'on', 'y', 't']);
const FALSE_VALUES = new Set(['false', 'False', 'FALSE', '0', 'no', 'off', 'n', 'f']);

export class BooleanField extends Field<boolean> {
  readonly lookups = [] as const;
  readonly optionsType = 'boolean';
  columnSpec(): ColumnSpec {
    return { type: 'boolean' };
  }
  fromDb(raw: unknown): boolean | null {
    return raw === null || raw === undefined ? null : raw === true || raw === 1 || raw === '1' || raw === 't';
  }
  toParam(value: boolean | null, driver: Driver): unknown {
    return driver === 'sqlite' && value !== null ? (value ? 1 : 0) : value;
  }
  protected parseValue(input: unknown): boolean {
    if (input === true || input === 1) return true;
    if (input === false || input === 0) return false;
    if (typeof input === 'string' && TRUE_VALUES.has(input)) return true;
    if (typeof input === 'string' && FALSE_VALUES.has(input)) return false;
    throw new FieldError(['Must be a valid boolean.']);
  }
  parseFilter(raw: string): boolean {
    try {
      return this.parseValue(raw);
    } catch {
      throw new FieldError(['Select a valid choice. ' + raw + ' is not one of the available choices.']);
    }
  }
  openapi(): Record<string, unknown> {
    return { type: 'boolean' };
  }
}

export interface DecimalOptions extends FieldOptions {
  digits: number;
  places: number;
  /** The least value taken (a MinValueValidator: 4.6's default vCPUs). */
  min?: number;
}

export class DecimalField extends Field<number> {
  readonly lookups = NUMBER_LOOKUPS;
  readonly optionsType = 'decimal';
  constructor(public readonly opts: DecimalOptions) {
    super(opts);
  }
  columnSpec(): ColumnSpec {
    return { type: 'decimal', precision: this.opts.digits, scale: this.opts.places };
  }
  fromDb(raw: unknown): number | null {
    return raw === null || raw === undefined ? null : Number(raw);
  }
  protected parseValue(input: unknown): number {
    const n = typeof input === 'string' && input.trim() !== '' ? Number(input) : input;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new FieldError(['A valid number is required.']);
    const [whole, frac = ''] = Math.abs(n).toString().split('.');
    if (frac.length > this.opts.places) {
      throw new FieldError([`Ensure that there are no more than ${this.opts.places} decimal places.`]);
    }
    if (whole.replace(/^0+/, '').length > this.opts.digits - this.opts.places) {
      throw new FieldError([`Ensure that there are no more than ${this.opts.digits - this.opts.places} digits before the decimal point.`]);
    }
    if (this.opts.min !== undefined && n < this.opts.min) throw new FieldError([`Ensure this value is greater than or equal to ${this.opts.min}.`]);
    return n;
  }
  parseFilter(raw: string): number {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new FieldError(['Enter a number.']);
    return n;
  }
  openapi(): Record<string, unknown> {
    return { type: 'number', format: 'double', ...(this.opts.min !== undefined ? { minimum: this.opts.min } : {}) };
  }
}

export interface Choice {
  value: string | number;
  label: string;
}

export interface ChoiceOptions extends FieldOptions {
  /** Values stored as integers but also writable by these names (VLAN status). */
  aliases?: Record<string, string | number>;
  /** Read as the bare value rather than `{value, label}` (a cable's type). */
  flat?: boolean;
}

export class ChoiceField extends Field<string | number> {
  readonly lookups = ['n'] as const;
  readonly optionsType = 'choice';
  private readonly byValue: Map<string, Choice>;
  constructor(
    public readonly choices: readonly Choice[],
    public readonly opts: ChoiceOptions = {},
  ) {
    super(opts);
    this.byValue = new Map(choices.map((c) => [String(c.value), c]));
  }
  get numeric(): boolean {
    return typeof this.choices[0]?.value === 'number';
  }
  emptyValue(): string | number | null {
    return this.numeric ? null : '';
  }
  columnSpec(): ColumnSpec {
    if (this.numeric) return { type: 'integer' };
    return { type: 'varchar', length: Math.max(50, ...this.choices.map((c) => String(c.value).length)) };
  }
  fromDb(raw: unknown): string | number | null {
    if (raw === null || raw === undefined) return null;
    return this.numeric ? Number(raw) : String(raw);
  }
  toApi(value: string | number | null): unknown {
    if (this.opts.flat) return value;
    if (value === null || value === '') return null;
    const choice = this.byValue.get(String(value));
    return { value, label: choice ? choice.label : String(value) };
  }
  protected parseValue(input: unknown): string | number {
    if (typeof input === 'object' && input !== null) {
      throw new FieldError(['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.']);
    }
    if (input === '' && this.opts.blank) return this.emptyValue() ?? '';
    const key = String(input);
    const alias = this.opts.aliases?.[key];
    const choice = this.byValue.get(alias !== undefined ? String(alias) : key);
    if (!choice) throw new FieldError([`"${key}" is not a valid choice.`]);
    return choice.value;
  }
  parseFilter(raw: string): string | number {
    try {
      // A number's blank is no value: stored as null, it is no choice to filter by.
      if (raw === '' && this.numeric) throw new FieldError([]);
      return this.parseValue(raw);
    } catch {
      throw new FieldError([`Select a valid choice. ${raw} is not one of the available choices.`]);
    }
  }
  openapi(): Record<string, unknown> {
    return { enum: this.choices.map((c) => c.value), type: this.numeric ? 'integer' : 'string' };
  }
}

export class JsonField extends Field<unknown> {
  readonly lookups: readonly string[] = [];
  readonly optionsType: string = 'json';
  columnSpec(driver: Driver): ColumnSpec {
    return { type: driver === 'postgres' ? 'jsonb' : 'simple-json' };
  }
  fromDb(raw: unknown): unknown {
    return typeof raw === 'string' ? JSON.parse(raw) : raw ?? null;
  }
  protected parseValue(input: unknown): unknown {
    return input;
  }
  parseFilter(raw: string): unknown {
    return raw;
  }
  openapi(): Record<string, unknown> {
    return { type: 'object', additionalProperties: {} };
  }
}

/** Bytes, such as a data file's contents: stored, never served. */
export class BinaryField extends Field<Buffer> {
  readonly lookups: readonly string[] = [];
  readonly optionsType = 'string';
  columnSpec(driver: Driver): ColumnSpec {
    return { type: driver === 'postgres' ? 'bytea' : 'blob' };
  }
  protected parseValue(input: unknown): Buffer {
    if (Buffer.isBuffer(input)) return input;
    throw new FieldError(['Expected bytes.']);
  }
  openapi(): Record<string, unknown> {
    return { type: 'string', format: 'binary' };
  }
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export class DateField extends Field<string> {
  readonly lookups = NUMBER_LOOKUPS;
  readonly optionsType = 'date';
  columnSpec(): ColumnSpec {
    return { type: 'date' };
  }
  fromDb(raw: unknown): string | null {
    if (raw === null || raw === undefined) return null;
    if (raw instanceof Date) return raw.toISOString().slice(0, 10);
    return String(raw).slice(0, 10);
  }
  protected parseValue(input: unknown): string {
    if (typeof input !== 'string' || !DATE_RE.test(input) || Number.isNaN(Date.parse(input))) {
      throw new FieldError(['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.']);
    }
    return input;
  }
  parseFilter(raw: string): string {
    try {
      return this.parseValue(raw);
    } catch {
      throw new FieldError(['Enter a valid date.']);
    }
  }
  openapi(): Record<string, unknown> {
    return { type: 'string', format: 'date' };
  }
}

const DATETIME_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** NetBox renders timestamps with microseconds; JavaScript keeps milliseconds. */
export function formatTimestamp(d: Date): string {
  const iso = d.toISOString();
  return iso.length === 24 ? `${iso.slice(0, 23)}000Z` : iso;
}

export class DateTimeField extends Field<Date> {
  readonly lookups = NUMBER_LOOKUPS;
  readonly optionsType = 'datetime';
  columnSpec(driver: Driver): ColumnSpec {
    return { type: driver === 'postgres' ? 'timestamp with time zone' : 'datetime' };
  }
  fromDb(raw: unknown): Date | null {
    if (raw === null || raw === undefined) return null;
    if (raw instanceof Date) return raw;
    // SQLite keeps 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
    const text = String(raw);
    const zoneless = text[10] === ' ' && text.length <= 26;
    return new Date(zoneless ? `${text.slice(0, 10)}T${text.slice(11)}Z` : text);
  }
  toParam(value: Date | null, driver: Driver): unknown {
    if (value === null || driver === 'postgres') return value;
    return value.toISOString().replace('T', ' ').replace('Z', '');
  }
  toApi(value: Date | null): unknown {
    return value ? formatTimestamp(value) : null;
  }
  protected parseValue(input: unknown): Date {
    const d = typeof input === 'string' && DATETIME_RE.test(input.trim()) ? new Date(normalizeDateTime(input.trim())) : null;
    if (!d || Number.isNaN(d.getTime())) {
      throw new FieldError(['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].']);
    }
    return d;
  }
  parseFilter(raw: string): Date {
    try {
      return this.parseValue(raw);
    } catch {
      throw new FieldError(['Enter a valid date/time.']);
    }
  }
  openapi(): Record<string, unknown> {
    return { type: 'string', format: 'date-time' };
  }
}

function normalizeDateTime(s: string): string {
  let v = s.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) v += 'T00:00:00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(v)) v += 'Z';
  return v;
}

export interface ContentTypeOptions extends TextOptions {
  /** Object types this field may name; any served model when absent. */
  allowed?: () => string[];
}

/** An object type written and read as `app.model`, such as a generic relation's type. */
export class ContentTypeField extends TextField {
  constructor(public readonly opts: ContentTypeOptions = {}) {
    super({ max: 100, ...opts });
  }
  protected parseValue(input: unknown): string {
    if (typeof input !== 'string' || !/^[a-z0-9_]+\.[a-z0-9_]+$/.test(input)) {
      throw new FieldError(["Invalid value. Specify a content type as '<app_label>.<model_name>'."]);
    }
    const model = registryLookup?.(input);
    const allowed = this.opts.allowed?.();
    if (!model || model.internal || (allowed && !allowed.includes(input))) throw new FieldError([`Invalid content type: ${input}`]);
    return input;
  }
}

/** A list of object types (`["dcim.site", "dcim.device"]`): what a permission, custom field or saved filter applies to. */
export class ContentTypeListField extends JsonField {
  readonly lookups: readonly string[] = ['n'];
  readonly optionsType: string = 'list';
  protected parseValue(input: unknown): unknown {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    if (input.length === 0 && !this.opts.blank) throw new FieldError(['This list may not be empty.']);
    const errors = input.flatMap((item) => {
      const model = typeof item === 'string' ? registryLookup?.(item) : undefined;
      return model && !model.internal ? [] : [`Invalid content type: ${pythonStr(item)}`];
    });
    if (errors.length) throw new FieldError(errors);
    return [...new Set(input as string[])];
  }
  /** Filters match one member of the list. */
  parseFilter(raw: string): unknown {
    return raw;
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: { type: 'string' } };
  }
}

/**
 * A list of choices kept as JSON (NetBox's ArrayField of a choice: an event rule's event types). Errors are DRF's
 * ListField's, each item's under its position; an empty list is Django's blank value.
 */
export class ChoiceListField extends JsonField {
  readonly lookups: readonly string[] = [];
  readonly optionsType: string = 'list';
  private readonly item: ChoiceField;
  constructor(
    readonly choices: readonly Choice[],
    opts: FieldOptions = {},
  ) {
    super(opts);
    this.item = new ChoiceField(choices, { flat: true });
  }
  emptyValue(): string[] {
    return [];
  }
  protected parseValue(input: unknown): string[] {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    if (input.length === 0 && !this.opts.blank) throw new FieldError(['This field cannot be blank.']);
    const errors: Record<string, string[]> = {};
    const values = input.map((item, position) => {
      try {
        return String(this.item.parse(item));
      } catch (e) {
        if (!(e instanceof FieldError) || !Array.isArray(e.messages)) throw e;
        errors[position] = e.messages;
        return '';
      }
    });
    if (Object.keys(errors).length) throw new FieldError(errors);
    return [...new Set(values)];
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: this.item.openapi() };
  }
}

export interface IntegerListOptions extends FieldOptions {
  min?: number;
  max?: number;
}

/**
 * A list of integers kept as JSON (NetBox's ArrayField of integers: a service's ports). Errors are
 * DRF's ListField's, each item's under its position; an empty list is Django's blank value.
 */
export class IntegerListField extends JsonField {
  readonly optionsType: string = 'list';
  private readonly item: IntegerField;
  constructor(public readonly opts: IntegerListOptions = {}) {
    super(opts);
    this.item = new IntegerField({ min: opts.min, max: opts.max });
  }
  emptyValue(): number[] {
    return [];
  }
  protected parseValue(input: unknown): number[] {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    if (input.length === 0 && !this.opts.blank) throw new FieldError(['This field cannot be blank.']);
    const errors: Record<string, string[]> = {};
    const values = input.map((item, position) => {
      try {
        return this.item.parse(item) as number;
      } catch (e) {
        if (!(e instanceof FieldError) || !Array.isArray(e.messages)) throw e;
        errors[position] = e.messages;
        return 0;
      }
    });
    if (Object.keys(errors).length) throw new FieldError(errors);
    return values;
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: this.item.openapi() };
  }
}

export interface TextListOptions extends FieldOptions {
  /** Each item's most characters. */
  max?: number;
  /** Refuses an empty list as DRF's ListField over a field that may not be blank does (`allow_empty=False`). */
  nonEmpty?: boolean;
}

/**
 * A list of strings kept as JSON (NetBox's ArrayField of CharFields: a table config's columns). Errors are DRF's
 * ListField's, each item's under its position.
 */
export class TextListField extends JsonField {
  readonly optionsType: string = 'list';
  private readonly item: TextField;
  constructor(public readonly opts: TextListOptions = {}) {
    super(opts);
    this.item = new TextField({ max: opts.max });
  }
  emptyValue(): string[] {
    return [];
  }
  protected parseValue(input: unknown): string[] {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    if (input.length === 0 && this.opts.nonEmpty) throw new FieldError(['This list may not be empty.']);
    const errors: Record<string, string[]> = {};
    const values = input.map((item, position) => {
      try {
        return this.item.parse(item) as string;
      } catch (e) {
        if (!(e instanceof FieldError) || !Array.isArray(e.messages)) throw e;
        errors[position] = e.messages;
        return '';
      }
    });
    if (Object.keys(errors).length) throw new FieldError(errors);
    return values;
  }
  openapi(): Record<string, unknown> {
    return { type: 'array', items: this.item.openapi() };
  }
}

export type OnDelete = 'CASCADE' | 'SET NULL' | 'PROTECT';
export type ModelRef = string | (() => ModelDef);

export interface ForeignKeyOptions extends FieldOptions {
  onDelete?: OnDelete;
  /** Read as the bare id rather than the nested object (a journal entry's `created_by`). */
  flat?: boolean;
  /** The key under which the target's full form lists the objects pointing at it, nested (a plugin's records on an IP address). */
  reverse?: string;
}

/** A many-to-one relation: stored as `<name>_id`, read as the target's nested form. */
export class ForeignKeyField extends Field<number> {
  readonly lookups = ['n'] as const;
  readonly optionsType = 'field';
  constructor(
    private readonly ref: ModelRef,
    public readonly opts: ForeignKeyOptions = {},
  ) {
    super(opts);
  }
  get column(): string {
    return `${this.name}_id`;
  }
  /**
   * Whether the target model is installed. A relation to a model of an app still to come
   * (a device's primary IP before IPAM) has no column yet, reads as null and is not written.
   */
  get installed(): boolean {
    return isInstalled(this);
  }
  get stored(): boolean {
    return this.installed;
  }
  get readOnly(): boolean {
    return !!this.opts.readOnly || !this.installed;
  }
  get onDelete(): OnDelete {
    return this.opts.onDelete ?? (this.nullable ? 'SET NULL' : 'CASCADE');
  }
  get target(): ModelDef {
    return resolveModelRef(this.ref);
  }
  columnSpec(): ColumnSpec {
    return { type: 'integer' };
  }
  fromDb(raw: unknown): number | null {
    return raw === null || raw === undefined ? null : Number(raw);
  }
  /** Ids only; attribute objects are resolved against the database by the writer. */
  protected parseValue(input: unknown): number {
    if (typeof input === 'number' && Number.isInteger(input)) return input;
    if (typeof input === 'string' && /^\d+$/.test(input)) return Number(input);
    throw new FieldError([
      `Related objects must be referenced by numeric ID or by dictionary of attributes. Received an unrecognized value: ${pythonStr(input)}`,
    ]);
  }
  parseFilter(raw: string): number {
    if (!/^\d+$/.test(raw)) throw new FieldError([`“${raw}” is not a valid value.`]);
    // An id beyond what an id column holds names no object (and PostgreSQL refuses the comparison).
    if (Number(raw) > INT32_MAX) throw new FieldError([`Select a valid choice. ${raw} is not one of the available choices.`]);
    return Number(raw);
  }
  openapi(): Record<string, unknown> {
    // DRF's PrimaryKeyRelatedField: the id, read and written.
    if (this.opts.flat) return { type: 'integer' };
    if (!this.installed) return { type: 'object', additionalProperties: {}, nullable: true };
    return { $ref: `#/components/schemas/Nested${this.target.className}` };
  }
}

export interface ManyToManyOptions extends FieldOptions {
  /** The filter's base name (`group` for a user's `groups`): `<name>_id` and `<name>`. */
  filterName?: string;
}

/**
 * A many-to-many relation, kept in a through table `<table>_<name>`. Read as a list of the
 * target's nested form, written as a list of ids or attribute dictionaries that replaces the set.
 */
export class ManyToManyField extends Field<number[]> {
  readonly lookups = ['n'] as const;
  readonly optionsType = 'field';
  declare readonly opts: ManyToManyOptions;
  constructor(
    private readonly ref: ModelRef,
    opts: ManyToManyOptions = {},
  ) {
    // An empty set is always allowed.
    super({ blank: true, ...opts });
  }
  get stored(): boolean {
    return false;
  }
  get target(): ModelDef {
    return resolveModelRef(this.ref);
  }
  /**
   * Whether the target model is installed. A relation to a model of an app still to come
   * (a config context's sites) has no table yet and reads as an empty list.
   */
  get installed(): boolean {
    return isInstalled(this);
  }
  /** Whether the relation keeps its through table itself: the other side of another's (`ReverseManyToManyField`) does not. */
  get ownsTable(): boolean {
    return true;
  }
  get throughTable(): string {
    return `${this.model.table}_${this.name}`;
  }
  /** Column of the through table that points at the owning object. */
  get sourceColumn(): string {
    return `${this.model.name}_id`;
  }
  get targetColumn(): string {
    return this.target === this.model ? `to_${this.target.name}_id` : `${this.target.name}_id`;
  }
  get filterName(): string {
    return this.opts.filterName ?? this.name;
  }
  emptyValue(): number[] {
    return [];
  }
  columnSpec(): ColumnSpec {
    return { type: 'integer' };
  }
  protected parseValue(input: unknown): number[] {
    if (!Array.isArray(input)) throw new FieldError([`Expected a list of items but got type "${pythonType(input)}".`]);
    return input as number[];
  }
  openapi(): Record<string, unknown> {
    if (!this.installed) return { type: 'array', items: { type: 'object', additionalProperties: {} } };
    return { type: 'array', items: { $ref: `#/components/schemas/Nested${this.target.className}` } };
  }
}

/**
 * The other side of a many-to-many relation another model declares (an ASN's `sites`, the sites' `asns`): read and
 * written as that relation's set seen from here, in its through table. Change records leave it out, as Django
 * serializes only a model's own relations.
 */
export class ReverseManyToManyField extends ManyToManyField {
  constructor(
    /** The model that declares the relation: the objects this side lists. */
    owner: ModelRef,
    /** The relation's name there. */
    readonly relation: string,
    opts: ManyToManyOptions = {},
  ) {
    super(owner, opts);
  }
  /** The relation as its model declares it. */
  get forward(): ManyToManyField {
    const field = this.target.fields[this.relation];
    if (!(field instanceof ManyToManyField) || !field.ownsTable) throw new Error(`${this.target.label}.${this.relation} is no many-to-many relation`);
    return field;
  }
  get ownsTable(): boolean {
    return false;
  }
  get throughTable(): string {
    return this.forward.throughTable;
  }
  get sourceColumn(): string {
    return this.forward.targetColumn;
  }
  get targetColumn(): string {
    return this.forward.sourceColumn;
  }
}

/**
 * A read-only reference to an object of any model, stored as a type label (`app.model`) and an id
 * in two other fields; read as that object's nested form, or null once it is gone.
 */
export class GenericRelationField extends Field<null> {
  readonly lookups = [] as const;
  readonly optionsType = 'field';
  constructor(
    readonly typeField: string,
    readonly idField: string,
    /** Objects holding this reference are deleted with the object they name (journal entries). */
    readonly cascade = false,
    /** Django's related name: what the object named lists these as in GraphQL (`contacts`, `changelog`); the model's plural otherwise. */
    readonly relatedName?: string,
    /** A write naming no object is refused under this key, as a missing related object is (an event rule's action); else as a whole. */
    readonly missingKey?: string,
  ) {
    super({ readOnly: true, nullable: true });
  }
  get stored(): boolean {
    return false;
  }
  columnSpec(): ColumnSpec {
    return { type: 'integer' };
  }
  protected parseValue(): null {
    return null;
  }
  openapi(): Record<string, unknown> {
    return { type: 'object', additionalProperties: {}, nullable: true, readOnly: true };
  }
}

/**
 * A value written with an object but kept elsewhere (a cable's terminations): parsed like any field,
 * handed to the model's rules as `input`, never a column. It reads as whatever the model's
 * `augment` puts there.
 */
export class InputField extends Field<unknown> {
  readonly lookups = [] as const;
  readonly optionsType = 'field';
  constructor(
    private readonly parser: (input: unknown) => unknown,
    private readonly schema: Record<string, unknown>,
    opts: FieldOptions = {},
  ) {
    super({ blank: true, ...opts });
  }
  get stored(): boolean {
    return false;
  }
  columnSpec(): ColumnSpec {
    return { type: 'integer' };
  }
  toApi(): unknown {
    return null;
  }
  protected parseValue(input: unknown): unknown {
    return this.parser(input);
  }
  openapi(): Record<string, unknown> {
    return this.schema;
  }
}

/**
 * A value computed in SQL with each row, never a column of its own: what a related object holds (an interface's
 * `mac_address`, its primary MAC address's). It parses, renders and filters as the field `kind` gives; writable where
 * not read-only, for the model's rules to store (they find it in `input`).
 */
export class ComputedField<T = unknown> extends Field<T> {
  constructor(
    private readonly kind: () => Field<T>,
    /** The value for the row aliased `alias`. */
    readonly sql: (alias: string) => string,
    opts: FieldOptions = {},
  ) {
    super({ readOnly: true, nullable: true, blank: true, ...opts });
  }
  /** The field whose kind of value this one holds. */
  get valueField(): Field<T> {
    return this.kind();
  }
  get lookups(): readonly string[] {
    return this.kind().lookups;
  }
  get optionsType(): string {
    return this.kind().optionsType;
  }
  get stored(): boolean {
    return false;
  }
  columnSpec(driver: Driver): ColumnSpec {
    return this.kind().columnSpec(driver);
  }
  fromDb(raw: unknown): T | null {
    return this.kind().fromDb(raw);
  }
  toParam(value: T | null, driver: Driver): unknown {
    return this.kind().toParam(value, driver);
  }
  toApi(value: T | null): unknown {
    return this.kind().toApi(value);
  }
  parse(input: unknown): T | null {
    if (input === null || (input === '' && this.opts.blank)) return null;
    return this.kind().parse(input);
  }
  protected parseValue(input: unknown): T {
    return this.kind().parse(input) as T;
  }
  parseFilter(raw: string): T {
    return this.kind().parseFilter(raw);
  }
  openapi(): Record<string, unknown> {
    const { minLength, ...schema } = this.kind().openapi();
    return this.opts.blank || minLength === undefined ? schema : { ...schema, minLength };
  }
}

/** Python's name for a JSON value's type, as DRF's messages print it. */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'dict';
}

/** Once a relation's target is installed it stays so: remembered, since lists ask on every query. */
const installedRelations = new WeakSet<Field<any>>();
function isInstalled(field: Field<any> & { readonly target: ModelDef }): boolean {
  if (installedRelations.has(field)) return true;
  try {
    if (field.target) installedRelations.add(field);
  } catch {
    return false;
  }
  return installedRelations.has(field);
}

let registryLookup: ((label: string) => ModelDef | undefined) | null = null;
export function setModelLookup(fn: (label: string) => ModelDef | undefined): void {
  registryLookup = fn;
}
export function resolveModelRef(ref: ModelRef): ModelDef {
  if (typeof ref === 'function') return ref();
  const model = registryLookup?.(ref);
  if (!model) throw new Error(`Unknown model "${ref}"`);
  return model;
}

export const text = (opts?: TextOptions) => new TextField(opts);
export const slug = (opts?: TextOptions) => new SlugField(opts);
export const integer = (opts?: IntegerOptions) => new IntegerField(opts);
export const boolean = (opts?: FieldOptions) => new BooleanField(opts);
export const decimal = (opts: DecimalOptions) => new DecimalField(opts);
export const choice = (choices: readonly Choice[], opts?: ChoiceOptions) => new ChoiceField(choices, opts);
export const json = (opts?: FieldOptions) => new JsonField(opts);
export const binary = (opts?: FieldOptions) => new BinaryField(opts);
export const integers = (opts?: IntegerListOptions) => new IntegerListField(opts);
export const texts = (opts?: TextListOptions) => new TextListField(opts);
export const choiceList = (choices: readonly Choice[], opts?: FieldOptions) => new ChoiceListField(choices, opts);
export const date = (opts?: FieldOptions) => new DateField(opts);
export const datetime = (opts?: FieldOptions) => new DateTimeField(opts);
export const foreignKey = (ref: ModelRef, opts?: ForeignKeyOptions) => new ForeignKeyField(ref, opts);
export const manyToMany = (ref: ModelRef, opts?: ManyToManyOptions) => new ManyToManyField(ref, opts);
/** The other side of `owner`'s many-to-many relation `relation` (see ReverseManyToManyField). */
export const reverseManyToMany = (owner: ModelRef, relation: string, opts?: ManyToManyOptions) => new ReverseManyToManyField(owner, relation, opts);
export const genericRelation = (typeField: string, idField: string, opts: { cascade?: boolean; relatedName?: string; missingKey?: string } = {}) =>
  new GenericRelationField(typeField, idField, !!opts.cascade, opts.relatedName, opts.missingKey);
export const input = (parser: (value: unknown) => unknown, schema: Record<string, unknown>, opts?: FieldOptions) => new InputField(parser, schema, opts);
export const contentType = (opts?: ContentTypeOptions) => new ContentTypeField(opts);
export const contentTypes = (opts?: FieldOptions) => new ContentTypeListField(opts);
/**
 * The value of `attribute` of the object the foreign key `fk` names, null without one, read with the row in the same
 * statement: an interface's `mac_address` is its primary MAC address's.
 */
export function relatedValue(fk: string, attribute: string, opts?: FieldOptions): ComputedField {
  const field: ComputedField = new ComputedField(
    () => (field.model.fields[fk] as ForeignKeyField).target.storedFields[attribute],
    (alias) => {
      const relation = field.model.fields[fk] as ForeignKeyField;
      const target = relation.target;
      return `(SELECT r."${target.storedFields[attribute].column}" FROM "${target.table}" r WHERE r.id = ${alias}."${relation.column}")`;
    },
    opts,
  );
  return field;
}
