import * as yaml from 'js-yaml';
import { defineDialect } from '../dialect/dialect';
import { choice, foreignKey, integer, slug, text } from '../model/fields';
import { ModelDef, defineModel } from '../model/model';
import { buildOpenApiDocument, documentRoute } from './openapi';
import { optionsMetadata } from './options';

type Json = Record<string, any>;

const Group = defineModel({
  app: 'testapp',
  name: 'widgetgroup',
  plural: 'widget-groups',
  verboseName: 'widget group',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    parent: foreignKey('testapp.widgetgroup', { nullable: true }),
    description: text({ max: 200, blank: true }),
  },
  counts: {
    widget_count: { model: 'testapp.widget', field: 'group' },
    // Its model is not installed: the count is left out everywhere.
    gadget_count: { model: 'otherapp.gadget', field: 'group' },
  },
  brief: ['id', 'url', 'display', 'name', 'slug', 'widget_count', '_depth'],
  search: ['name'],
});

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'planned', label: 'Planned' },
];

const Widget = defineModel({
  app: 'testapp',
  name: 'widget',
  plural: 'widgets',
  fields: {
    name: text({ max: 64 }),
    slug: slug({ max: 100 }),
    group: foreignKey('testapp.widgetgroup', { nullable: true, onDelete: 'SET NULL' }),
    status: choice(STATUSES, { default: 'active' }),
    size: integer({ min: 1, max: 4094, helpText: 'Size in units' }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'comments'],
  filterset: { fields: ['id', 'name', 'slug', 'status', 'size'], related: ['group_id', 'group'] },
});

const models: ModelDef[] = [Group, Widget];

describe('OPTIONS metadata', () => {
  const list = optionsMetadata(Widget, false) as Json;
  const detail = optionsMetadata(Widget, true) as Json;
  const post = list.actions.POST;

  it('names the view and what it renders and parses', () => {
    expect(list).toEqual(
      expect.objectContaining({ name: 'Widget List', description: '', renders: ['application/json', 'text/html'], parses: ['application/json'] }),
    );
    expect(detail.name).toBe('Widget Instance');
    expect((optionsMetadata(Group, false) as Json).name).toBe('Widget Group List');
  });

  it('describes POST and PUT on a list path, PUT only on a detail path', () => {
    expect(Object.keys(list.actions)).toEqual(['POST', 'PUT']);
    expect(Object.keys(detail.actions)).toEqual(['PUT']);
    expect(detail.actions.PUT).toEqual(post);
  });

  it('narrows the actions to the methods given, and omits actions when none is left', () => {
    expect(Object.keys((optionsMetadata(Widget, false, ['POST']) as Json).actions)).toEqual(['POST']);
    expect(optionsMetadata(Widget, true, ['POST'])).not.toHaveProperty('actions');
  });

  it('lists every field of the full representation, in order', () => {
    expect(Object.keys(post)).toEqual(Widget.full);
    expect(Object.keys(post)).toEqual([
      'id', 'url', 'display', 'name', 'slug', 'group', 'status', 'size', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    ]);
  });

  it('marks generated fields read-only and not required', () => {
    expect(post.id).toEqual({ type: 'integer', required: false, read_only: true, label: 'ID' });
    expect(post.url).toEqual({ type: 'field', required: false, read_only: true, label: 'Url' });
    expect(post.display).toEqual({ type: 'field', required: false, read_only: true, label: 'Display' });
    expect(post.created).toEqual({ type: 'date', required: false, read_only: true, label: 'Created' });
    expect(post.last_updated).toEqual({ type: 'datetime', required: false, read_only: true, label: 'Last updated' });
  });

  it('gives types, required, max_length and bounds as DRF does', () => {
    expect(post.name).toEqual({ type: 'string', required: true, read_only: false, label: 'Name', max_length: 64 });
    expect(post.slug).toEqual({ type: 'slug', required: true, read_only: false, label: 'Slug', max_length: 100 });
    expect(post.comments).toEqual({ type: 'string', required: false, read_only: false, label: 'Comments' });
    expect(post.size).toEqual({
      type: 'integer', required: true, read_only: false, label: 'Size', help_text: 'Size in units', min_value: 1, max_value: 4094,
    });
  });

  it('lists the choices of a choice field with their display names', () => {
    expect(post.status).toEqual({
      type: 'choice',
      required: false,
      read_only: false,
      label: 'Status',
      choices: [
        { value: 'active', display_name: 'Active' },
        { value: 'planned', display_name: 'Planned' },
      ],
    });
  });

  it('describes a related object as a nested object with the fields of its brief form', () => {
    expect(post.group).toEqual(expect.objectContaining({ type: 'nested object', required: false, read_only: false, label: 'Group' }));
    expect(Object.keys(post.group.children)).toEqual(['id', 'url', 'display', 'name', 'slug', 'widget_count', '_depth']);
    expect(post.group.children._depth).toEqual({ type: 'integer', required: false, read_only: true, label: ' depth' });
  });

  it('describes tags as a list of nested tags and custom fields as a field', () => {
    expect(post.tags).toEqual(expect.objectContaining({ type: 'field', required: false, read_only: false, label: 'Tags' }));
    expect(post.tags.child).toEqual(expect.objectContaining({ type: 'nested object', required: false, read_only: false }));
    expect(Object.keys(post.tags.child.children)).toEqual(['id', 'url', 'display', 'name', 'slug', 'color']);
    expect(post.custom_fields).toEqual({ type: 'field', required: false, read_only: false, label: 'Custom fields' });
  });

  it('includes counts and tree depth only for installed models', () => {
    const fields = (optionsMetadata(Group, false) as Json).actions.POST;
    expect(fields.widget_count).toEqual({ type: 'integer', required: false, read_only: true, label: 'Widget count' });
    expect(fields).not.toHaveProperty('gadget_count');
    expect(fields._depth).toEqual(expect.objectContaining({ type: 'integer', read_only: true }));
    expect(fields.parent.children).not.toHaveProperty('gadget_count');
  });
});

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument(models, { version: '3.5.0' }) as Json;
  const schemas = doc.components.schemas;

  it('is an OpenAPI 3.0 document with token authentication', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('3.5.0');
    expect(doc.components.securitySchemes.tokenAuth).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }));
    expect(doc.security).toEqual([{ tokenAuth: [] }]);
    expect(buildOpenApiDocument(models, { version: '1', title: 'Mine' }).info).toEqual(expect.objectContaining({ title: 'Mine' }));
  });

  it('includes the routes an app documents beside its models\' paths, and only those of served models', () => {
    documentRoute('/api/testapp/widgets/{id}/spin/', { post: { operationId: 'testapp_widgets_spin', responses: { '200': { description: '' } } } });
    documentRoute('/api/elsewhere/things/{id}/spin/', { post: { operationId: 'elsewhere_spin', responses: { '200': { description: '' } } } });
    const paths = (buildOpenApiDocument(models, { version: '1' }) as Json).paths;
    expect(paths['/api/testapp/widgets/{id}/spin/'].post.operationId).toBe('testapp_widgets_spin');
    expect(paths['/api/elsewhere/things/{id}/spin/']).toBeUndefined();
  });

  it('includes a standalone route (of no model) in the dialects that do not lack it', () => {
    documentRoute('/api/testapp/queues/', { get: { operationId: 'testapp_queues_list', responses: { '200': { description: '' } } } }, { standalone: true });
    const lacking = defineDialect({ version: '9.8', release: '9.8.0', base: '/v98', lacksRoutes: ['testapp/queues'] });
    expect((buildOpenApiDocument(models, { version: '1' }) as Json).paths['/api/testapp/queues/'].get.operationId).toBe('testapp_queues_list');
    expect((buildOpenApiDocument(models, { version: '1', dialect: lacking, base: '/v98' }) as Json).paths).not.toHaveProperty(['/v98/api/testapp/queues/']);
  });

  it('has list and detail paths with every method', () => {
    for (const model of models) {
      expect(Object.keys(doc.paths[model.path]).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
      expect(Object.keys(doc.paths[`${model.path}{id}/`]).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    }
    expect(doc.paths['/api/testapp/widgets/']).toBeDefined();
    expect(doc.paths['/api/testapp/widget-groups/{id}/']).toBeDefined();
    expect(doc.paths['/api/status/'].get).toBeDefined();
  });

  it('names operations as NetBox does', () => {
    const list = doc.paths['/api/testapp/widget-groups/'];
    const detail = doc.paths['/api/testapp/widget-groups/{id}/'];
    expect([list.get, list.post, list.put, list.patch, list.delete].map((o: Json) => o.operationId)).toEqual([
      'testapp_widget_groups_list',
      'testapp_widget_groups_create',
      'testapp_widget_groups_bulk_update',
      'testapp_widget_groups_bulk_partial_update',
      'testapp_widget_groups_bulk_destroy',
    ]);
    expect([detail.get, detail.put, detail.patch, detail.delete].map((o: Json) => o.operationId)).toEqual([
      'testapp_widget_groups_retrieve',
      'testapp_widget_groups_update',
      'testapp_widget_groups_partial_update',
      'testapp_widget_groups_destroy',
    ]);
    expect(list.get.tags).toEqual(['testapp']);
    expect(detail.get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true, schema: { type: 'integer' } })]);
  });

  it('references the model components from its operations', () => {
    const list = doc.paths['/api/testapp/widgets/'];
    const detail = doc.paths['/api/testapp/widgets/{id}/'];
    expect(list.get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PaginatedWidgetList' });
    expect(JSON.stringify(list.post.requestBody)).toContain('#/components/schemas/WritableWidgetRequest');
    expect(detail.get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Widget' });
    expect(detail.put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WritableWidgetRequest' });
    expect(list.delete.responses).toHaveProperty('204');
    // A bulk delete names the objects by id.
    expect(list.delete.requestBody.content['application/json'].schema.items).toEqual(expect.objectContaining({ required: ['id'] }));
  });

  it('has the read, nested, writable and paginated components of each model', () => {
    for (const name of ['Widget', 'WidgetGroup']) {
      for (const component of [name, `Nested${name}`, `Writable${name}Request`, `Paginated${name}List`]) expect(schemas).toHaveProperty(component);
    }
    expect(Object.keys(schemas.PaginatedWidgetList.properties)).toEqual(['count', 'next', 'previous', 'results']);
    expect(schemas.PaginatedWidgetList.properties.results.items).toEqual({ $ref: '#/components/schemas/Widget' });
  });

  it('reads the full representation: related objects nested, choices as value and label, generated fields read-only', () => {
    const widget = schemas.Widget;
    expect(Object.keys(widget.properties)).toEqual(Widget.full);
    expect(widget.properties.id).toEqual(expect.objectContaining({ type: 'integer', readOnly: true }));
    expect(widget.properties.url).toEqual(expect.objectContaining({ format: 'uri', readOnly: true }));
    expect(JSON.stringify(widget.properties.group)).toContain('#/components/schemas/NestedWidgetGroup');
    expect(widget.properties.group.nullable).toBe(true);
    expect(widget.properties.status.type).toBe('object');
    expect(widget.properties.status.properties.value.enum).toEqual(['active', 'planned']);
    expect(widget.properties.status.properties.label.enum).toEqual(['Active', 'Planned']);
    expect(widget.properties.created.readOnly).toBe(true);
    expect(widget.properties.tags).toEqual({ type: 'array', items: { $ref: '#/components/schemas/NestedTag' } });
    expect(schemas.WidgetGroup.properties.widget_count).toEqual({ type: 'integer', readOnly: true });
    expect(schemas.WidgetGroup.properties).not.toHaveProperty('gadget_count');
  });

  it('gives the nested component the keys of the brief form', () => {
    expect(Object.keys(schemas.NestedWidget.properties)).toEqual(Widget.brief);
    expect(Object.keys(schemas.NestedWidgetGroup.properties)).toEqual(['id', 'url', 'display', 'name', 'slug', 'widget_count', '_depth']);
  });

  it('writes only writable fields, requiring those without a default', () => {
    const writable = schemas.WritableWidgetRequest;
    expect(Object.keys(writable.properties)).toEqual(['name', 'slug', 'group', 'status', 'size', 'comments', 'tags', 'custom_fields']);
    expect(writable.required).toEqual(['name', 'slug', 'size']);
    expect(schemas.WritableWidgetGroupRequest.required).toEqual(['name', 'slug']);
    // Related objects by id or by attributes; choices as the bare value.
    expect(writable.properties.group.oneOf).toEqual(expect.arrayContaining([{ type: 'integer' }, expect.objectContaining({ type: 'object' })]));
    expect(writable.properties.group.nullable).toBe(true);
    expect(writable.properties.status).toEqual(expect.objectContaining({ type: 'string', enum: ['active', 'planned'] }));
    expect(writable.properties.size).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 4094 }));
    expect(writable.properties.name).toEqual(expect.objectContaining({ type: 'string', maxLength: 64 }));
    for (const key of ['id', 'url', 'display', 'created', 'last_updated']) expect(writable.properties).not.toHaveProperty(key);
  });

  it('takes pagination, ordering, brief and a filter per field and lookup on a list', () => {
    const params: Json[] = doc.paths['/api/testapp/widgets/'].get.parameters;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    for (const name of ['limit', 'offset', 'ordering', 'brief', 'q', 'created', 'last_updated']) expect(byName).toHaveProperty(name);
    for (const lookup of ['', '__n', '__lte', '__lt', '__gte', '__gt']) expect(byName).toHaveProperty(`id${lookup}`);
    for (const lookup of ['', '__n', '__ic', '__nic', '__iew', '__niew', '__isw', '__nisw', '__ie', '__nie', '__empty']) {
      expect(byName).toHaveProperty(`name${lookup}`);
    }
    for (const name of ['group_id', 'group', 'group__n', 'group_id__n', 'status', 'status__n', 'size__gte']) expect(byName).toHaveProperty(name);
    expect(byName).not.toHaveProperty('name__gte');
    // What its filter set leaves out is no filter.
    expect(byName).not.toHaveProperty('comments');
    // A model declaring no filter set filters by id (and its base's filters) alone.
    const groupFilters = (doc.paths['/api/testapp/widget-groups/'].get.parameters as Json[]).map((p) => p.name);
    expect(groupFilters).toEqual(expect.arrayContaining(['id', 'id__n', 'q', 'created']));
    expect(groupFilters).not.toContain('name');
    expect(groupFilters).not.toContain('parent_id');
    expect(byName.id.schema).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(byName.group_id.schema.items.type).toBe('integer');
    expect(byName.status.schema.items.enum).toEqual(['active', 'planned']);
    expect(byName.name__empty.schema).toEqual({ type: 'boolean' });
    expect(byName.limit.schema).toEqual({ type: 'integer' });
    for (const p of params) expect(p.in).toBe('query');
  });

  it('resolves every reference to a component', () => {
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.add(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(0);
    for (const r of refs) {
      expect(r).toMatch(/^#\/components\/schemas\//);
      expect(schemas).toHaveProperty([r.split('/').pop()!]);
    }
  });

  it('dumps to YAML and back unchanged', () => {
    expect(yaml.load(yaml.dump(doc, { noRefs: true }))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe('in a dialect other than the stored names', () => {
  /** Widgets moved app, `size` renamed `width`, no `status` filter, and a serializer that lists no `slug`. */
  const dialect = defineDialect({
    version: '9.9',
    release: '9.9.1',
    base: '/v9',
    displayUrl: true,
    briefDescription: true,
    writeOnly: ['changelog_message'],
    paths: { 'newapp/widgets': 'testapp/widgets' },
    models: { 'testapp.widget': { rename: { size: 'width' }, filters: { status: null } } },
    serializers: {
      'testapp.widget': {
        fields: ['id', 'url', 'display_url', 'display', 'name', 'group', 'status', 'width', 'comments', 'tags', 'custom_fields'],
        brief: ['id', 'url', 'display', 'name'],
      },
    },
  });
  documentRoute('/api/testapp/widgets/{id}/spin/', { post: { operationId: 'testapp_widgets_spin', responses: { '200': { description: '' } } } });
  const doc = buildOpenApiDocument(models, { version: '3.5.0', dialect, base: '/v9' }) as Json;
  const schemas = doc.components.schemas;

  it("puts the paths under the base, at the dialect's routes, named after them", () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/v9/api/'))).toEqual([]);
    expect(doc.paths['/v9/api/newapp/widgets/'].get.operationId).toBe('newapp_widgets_list');
    expect(doc.paths['/v9/api/newapp/widgets/{id}/'].get.tags).toEqual(['newapp']);
    expect(doc.paths['/v9/api/newapp/widgets/{id}/spin/']).toBeDefined();
    expect(doc.paths['/v9/api/testapp/widget-groups/']).toBeDefined();
    expect(doc.paths['/v9/api/status/']).toBeDefined();
    expect(doc.paths).not.toHaveProperty(['/v9/api/testapp/widgets/']);
  });

  it("advertises the dialect's release", () => {
    expect(doc.info.version).toBe('9.9.1');
  });

  it("reads the dialect's keys in its order, display_url a read-only URI", () => {
    expect(Object.keys(schemas.Widget.properties)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'group', 'status', 'width', 'comments', 'tags', 'custom_fields']);
    expect(schemas.Widget.properties.display_url).toEqual({ type: 'string', format: 'uri', readOnly: true });
    expect(schemas.Widget.properties.width).toEqual(expect.objectContaining({ type: 'integer', description: 'Size in units' }));
    expect(schemas.Widget.required).toEqual(['id', 'url', 'display', 'name', 'width']);
    // A model the dialect lists nothing for shows its stored keys, and its brief form adds `description`.
    expect(Object.keys(schemas.NestedWidgetGroup.properties)).toEqual(['id', 'url', 'display', 'name', 'slug', 'widget_count', '_depth', 'description']);
  });

  it('takes what the dialect shows by its names, and its write-only fields', () => {
    const writable = schemas.WritableWidgetRequest;
    expect(Object.keys(writable.properties)).toEqual(['name', 'group', 'status', 'width', 'comments', 'tags', 'custom_fields', 'changelog_message']);
    expect(writable.required).toEqual(['name', 'width']);
    expect(writable.properties.changelog_message).toEqual({ type: 'string' });
  });

  it("names the filters as the dialect does, leaving out those it lacks", () => {
    const names = (doc.paths['/v9/api/newapp/widgets/'].get.parameters as Json[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['width', 'width__gte', 'name', 'group_id']));
    for (const name of ['size', 'size__gte', 'status', 'status__n']) expect(names).not.toContain(name);
  });

  it("describes OPTIONS' fields by the dialect's names, labelled after them", () => {
    const post = (optionsMetadata(Widget, false, undefined, dialect) as Json).actions.POST;
    expect(Object.keys(post)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'group', 'status', 'width', 'comments', 'tags', 'custom_fields']);
    expect(post.width).toEqual(expect.objectContaining({ type: 'integer', label: 'Width', required: true }));
    expect(post.display_url).toEqual({ type: 'field', required: false, read_only: true, label: 'Display url' });
    expect(Object.keys(post.group.children)).toEqual(['id', 'url', 'display', 'name', 'slug', 'widget_count', '_depth', 'description']);
  });
});
