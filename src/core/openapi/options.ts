import { ChoiceField, Field, ForeignKeyField, IntegerField, SlugField, TextField } from '../model/fields';
import { ModelDef, registry } from '../model/model';
import { keysFor } from '../serialize/serializer';
import type { Dialect } from '../dialect/dialect';

type Info = Record<string, unknown>;

/** How deep `children` of nested objects go (a nested form inside a nested form, as NetBox's nested serializers nest). */
const MAX_NESTING = 2;

/** DRF's label for a serializer field that maps no model field: `tenant_count` → `Tenant count`, `_depth` → ` depth`. */
function fieldLabel(name: string): string {
  if (name === 'id') return 'ID';
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function readOnly(type: string, label: string): Info {
  return { type, required: false, read_only: true, label };
}

/** DRF's type names (SimpleMetadata.label_lookup) for our field kinds. */
function typeOf(field: Field<any>): string {
  // A flat one is DRF's PrimaryKeyRelatedField, a plain field.
  if (field instanceof ForeignKeyField) return field.opts.flat ? 'field' : 'nested object';
  if (field instanceof SlugField) return 'slug';
  if (field instanceof TextField && field.opts.format === 'email') return 'email';
  if (field instanceof TextField && field.opts.format === 'uri') return 'url';
  return field.optionsType;
}

/** NetBox's NestedTagSerializer, for `tags` when no tag model is installed. */
const NESTED_TAG: Record<string, Info> = {
  id: readOnly('integer', 'ID'),
  url: readOnly('field', 'Url'),
  display: readOnly('field', 'Display'),
  name: { type: 'string', required: true, read_only: false, label: 'Name', max_length: 100 },
  slug: { type: 'slug', required: true, read_only: false, label: 'Slug', max_length: 100 },
  color: { type: 'string', required: false, read_only: false, label: 'Color', max_length: 6 },
};

/** The fields of a representation, keyed by the dialect's names. */
function fieldsInfo(model: ModelDef, mode: 'full' | 'brief', dialect: Dialect | undefined, depth: number): Record<string, Info> {
  return Object.fromEntries(keysFor(model, mode, dialect).map((k) => [dialect?.nameOf(model, k) ?? k, fieldInfo(model, k, dialect, depth)]));
}

/** One field as DRF's SimpleMetadata describes it: type, required, read_only, label, limits, children, choices. */
function fieldInfo(model: ModelDef, key: string, dialect: Dialect | undefined, depth: number): Info {
  const spoken = dialect?.nameOf(model, key) ?? key;
  switch (key) {
    case 'id':
    case 'url':
    case 'display':
      return readOnly(key === 'id' ? 'integer' : 'field', fieldLabel(key));
    case 'tags': {
      // NestedTagSerializer(many=True, required=False): a ListSerializer ('field') whose child is the nested serializer.
      const tag = registry.get('extras.tag');
      const child: Info = { type: 'nested object', required: false, read_only: false };
      if (depth < MAX_NESTING) child.children = tag ? fieldsInfo(tag, 'brief', dialect, depth + 1) : NESTED_TAG;
      return { type: 'field', required: false, read_only: false, label: 'Tags', child };
    }
    case 'custom_fields':
      return { type: 'field', required: false, read_only: false, label: 'Custom fields' };
  }
  if (key in model.counts) return readOnly('integer', fieldLabel(spoken));
  const field: Field<any> | undefined = model.storedFields[key];
  // Keys computed by the serializer (config_context, assigned_object...): DRF's read-only method fields.
  if (!field) return readOnly('field', fieldLabel(spoken));
  // A field the dialect shows but does not take (4.2's interface mac_address) is read-only there.
  const taken = !dialect || dialect.takes(model, key);
  const info: Info = {
    type: typeOf(field),
    required: field.required && taken,
    read_only: field.readOnly || !taken,
    label: field.opts.label ?? fieldLabel(spoken),
  };
  if (field.opts.helpText) info.help_text = field.opts.helpText;
  if (field instanceof TextField && field.opts.max) info.max_length = field.opts.max;
  if (field instanceof IntegerField) {
    if (field.opts.min !== undefined) info.min_value = field.opts.min;
    if (field.opts.max !== undefined) info.max_value = field.opts.max;
  }
  if (field instanceof ForeignKeyField && field.installed && !field.opts.flat && depth < MAX_NESTING) info.children = fieldsInfo(field.target, 'brief', dialect, depth + 1);
  if (field instanceof ChoiceField && !info.read_only) {
    info.choices = (dialect?.choicesOf(model, key) ?? field.choices).map((c) => ({ value: c.value, display_name: c.label }));
  }
  return info;
}

/** The fields of the full representation in a dialect (the stored names when absent), as OPTIONS describes each action's body. */
export function actionFields(model: ModelDef, dialect?: Dialect): Record<string, Info> {
  return fieldsInfo(model, 'full', dialect, 0);
}

/**
 * The body of OPTIONS, as NetBox's BulkOperationMetadata answers it: a list path describes POST and PUT
 * (bulk update), a detail path PUT. `methods`, when given, narrows the actions to those the caller may use
 * (NetBox leaves out an action the user lacks permission for, and PUT when the object does not exist);
 * with none left, `actions` is omitted. `dialect` names the fields as the request's dialect does.
 */
export function optionsMetadata(model: ModelDef, detail: boolean, methods?: readonly string[], dialect?: Dialect): object {
  const wanted = model.readOnlyApi ? [] : (detail ? ['PUT'] : ['POST', 'PUT']).filter((m) => !methods || methods.includes(m));
  const body: Record<string, unknown> = {
    name: `${model.title} ${detail ? 'Instance' : 'List'}`,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json'],
  };
  if (wanted.length) {
    const fields = actionFields(model, dialect);
    body.actions = Object.fromEntries(wanted.map((m) => [m, fields]));
  }
  return body;
}
