import { pageStatements } from './helpers/queries';
import { TestApp } from './helpers/test-app';

const FIELDS = '/api/extras/custom-fields/';
const TENANTS = '/api/tenancy/tenants/';
const GROUPS = '/api/tenancy/tenant-groups/';

type Json = Record<string, any>;


describe('custom fields', () => {
  let t: TestApp;
  let groups: Json[];
  const fields: Record<string, Json> = {};

  const tenantFields = (overrides: Json = {}) => ({ content_types: ['tenancy.tenant'], ...overrides });
  const names = async (query: string) => (await t.get(`${TENANTS}?${query}&ordering=name`)).body.results?.map((o: Json) => o.name);
  const count = async () => (await t.get(`${TENANTS}?limit=1`)).body.count;

  beforeAll(async () => {
    t = await TestApp.start();
    const res = await t.post(GROUPS, [
      { name: 'Customers', slug: 'customers' },
      { name: 'Partners', slug: 'partners' },
    ]);
    expect(res.status).toBe(201);
    groups = res.body;
    const created = await t.post(FIELDS, [
      tenantFields({ name: 'account', label: 'Account code', validation_regex: '^[A-Z]{3}-\\d+$', filter_logic: 'exact', weight: 10 }),
      tenantFields({ name: 'seats', type: 'integer', default: 10, validation_minimum: 1, validation_maximum: 100 }),
      tenantFields({ name: 'ratio', type: 'decimal' }),
      tenantFields({ name: 'active', type: 'boolean', default: true }),
      tenantFields({ name: 'since', type: 'date' }),
      tenantFields({ name: 'checked', type: 'datetime' }),
      tenantFields({ name: 'portal', type: 'url' }),
      tenantFields({ name: 'extra', type: 'json' }),
      tenantFields({ name: 'tier', type: 'select', choices: ['gold', 'silver', 'bronze'], default: 'bronze' }),
      tenantFields({ name: 'regions', type: 'multiselect', choices: ['eu', 'us', 'apac'] }),
      tenantFields({ name: 'home', type: 'object', object_type: 'tenancy.tenantgroup' }),
      tenantFields({ name: 'peers', type: 'multiobject', object_type: 'tenancy.tenantgroup' }),
      tenantFields({ name: 'notes', type: 'longtext', weight: 200 }),
      { content_types: ['tenancy.tenantgroup'], name: 'group_code' },
    ]);
    expect(created.status).toBe(201);
    for (const f of created.body) fields[f.name] = f;
  });
  afterAll(() => t.close());

  describe('definitions', () => {
    it('reads a custom field with NetBox fields in their order, choices as value and label', async () => {
      const res = await t.get(`${FIELDS}${fields.seats.id}/`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([
        'id', 'url', 'display', 'content_types', 'type', 'object_type', 'data_type', 'name', 'label', 'group_name', 'description',
        'required', 'search_weight', 'filter_logic', 'ui_visibility', 'is_cloneable', 'default', 'weight', 'validation_minimum',
        'validation_maximum', 'validation_regex', 'choices', 'created', 'last_updated',
      ]);
      expect(res.body).toMatchObject({
        display: 'Seats',
        content_types: ['tenancy.tenant'],
        type: { value: 'integer', label: 'Integer' },
        object_type: null,
        data_type: 'integer',
        required: false,
        search_weight: 1000,
        filter_logic: { value: 'loose', label: 'Loose' },
        ui_visibility: { value: 'read-write', label: 'Read/Write' },
        is_cloneable: false,
        default: 10,
        weight: 100,
        validation_minimum: 1,
        validation_maximum: 100,
        validation_regex: '',
        choices: null,
      });
      expect(fields.account.display).toBe('Account code');
      expect(fields.home).toMatchObject({ object_type: 'tenancy.tenantgroup', data_type: 'object' });
      expect(fields.regions.data_type).toBe('array');
      expect(fields.checked.type).toEqual({ value: 'datetime', label: 'Date & time' });
    });

    it('lists by weight then name, briefly as id, url, display and name, and filters by object type', async () => {
      const list = (await t.get(`${FIELDS}?limit=100`)).body.results.map((f: Json) => f.name);
      expect(list).toEqual(['account', 'active', 'checked', 'extra', 'group_code', 'home', 'peers', 'portal', 'ratio', 'regions', 'seats', 'since', 'tier', 'notes']);
      const brief = (await t.get(`${FIELDS}${fields.tier.id}/?brief=1`)).body;
      expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name']);
      expect((await t.get(`${FIELDS}?content_types=tenancy.tenantgroup`)).body.results.map((f: Json) => f.name)).toEqual(['group_code']);
      expect((await t.get(`${FIELDS}?type=select&type=multiselect`)).body.count).toBe(2);
      expect((await t.get(`${FIELDS}?q=account`)).body.results.map((f: Json) => f.name)).toEqual(['account']);
      const [groupType] = (await t.get('/api/extras/content-types/?app_label=tenancy&model=tenantgroup')).body.results;
      expect((await t.get(`${FIELDS}?content_type_id=${groupType.id}`)).body.results.map((f: Json) => f.name)).toEqual(['group_code']);
    });

    it('describes its fields to OPTIONS with the type choices', async () => {
      const res = await t.options(FIELDS);
      const post = res.body.actions.POST;
      expect(Object.keys(post)).toEqual([
        'id', 'url', 'display', 'content_types', 'type', 'object_type', 'data_type', 'name', 'label', 'group_name', 'description',
        'required', 'search_weight', 'filter_logic', 'ui_visibility', 'is_cloneable', 'default', 'weight', 'validation_minimum',
        'validation_maximum', 'validation_regex', 'choices', 'created', 'last_updated',
      ]);
      expect(post.type.choices.map((c: Json) => c.display_name)).toEqual([
        'Text', 'Text (long)', 'Integer', 'Decimal', 'Boolean (true/false)', 'Date', 'Date & time', 'URL', 'JSON', 'Selection',
        'Multiple selection', 'Object', 'Multiple objects',
      ]);
      expect(post.name).toMatchObject({ required: true, max_length: 50 });
      expect(post.data_type.read_only).toBe(true);
    });

    it.each([
      ['a selection without choices', { name: 'x1', type: 'select' }, { choices: ['Selection fields must specify at least one choice.'] }],
      ['a default that is not a choice', { name: 'x2', type: 'select', choices: ['a', 'b'], default: 'c' }, { default: ['Invalid default value "c": Invalid choice (c). Available choices are: a, b'] }],
      ['a default of the wrong type', { name: 'x3', type: 'integer', default: 'ten' }, { default: ['Invalid default value "ten": Value must be an integer.'] }],
      ['bounds on a text field', { name: 'x4', validation_minimum: 3 }, { validation_minimum: ['A minimum value may be set only for numeric fields'] }],
      ['a regex on a number field', { name: 'x5', type: 'integer', validation_regex: '^1' }, { validation_regex: ['Regular expression validation is supported only for text and URL fields'] }],
      ['an invalid regex', { name: 'x6', validation_regex: '([a-z' }, { validation_regex: ['([a-z is not a valid regular expression.'] }],
      ['choices on a text field', { name: 'x7', choices: ['a'] }, { choices: ['Choices may be set only for custom selection fields.'] }],
      ['an object field without object type', { name: 'x8', type: 'object' }, { object_type: ['Object fields must define an object type.'] }],
      ['an object type on a text field', { name: 'x9', object_type: 'tenancy.tenant' }, { object_type: ['Text fields may not define an object type.'] }],
      ['a name with double underscores', { name: 'a__b' }, { name: ['Double underscores are not permitted in custom field names.'] }],
      ['a name with other characters', { name: 'a-b' }, { name: ['Only alphanumeric characters and underscores are allowed.'] }],
      ['a name taken', { name: 'seats' }, { name: ['custom field with this name already exists.'] }],
      ['an unknown object type', { name: 'x10', content_types: ['tenancy.nothing'] }, { content_types: ['Invalid content type: tenancy.nothing'] }],
      ['an object type without custom fields', { name: 'x11', content_types: ['extras.tag'] }, { content_types: ['Invalid content type: extras.tag'] }],
      ['no object types', { name: 'x12', content_types: [] }, { content_types: ['This list may not be empty.'] }],
    ])('refuses %s', async (_what, body, errors) => {
      const res = await t.post(FIELDS, tenantFields(body));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
    });

    it('refuses to change the type of a field', async () => {
      const res = await t.patch(`${FIELDS}${fields.ratio.id}/`, { type: 'integer' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: ['Changing the type of custom fields is not supported.'] });
    });
  });

  describe('values', () => {
    it('fills every default on create, in display order, and only for fields of the object type', async () => {
      const res = await t.post(TENANTS, { name: 'Defaults', slug: 'defaults' });
      expect(res.status).toBe(201);
      // Counts of installed models (site_count...) follow last_updated, as in NetBox.
      expect(Object.keys(res.body).filter((k) => !k.endsWith('_count')).slice(-4)).toEqual(['tags', 'custom_fields', 'created', 'last_updated']);
      expect(res.body.custom_fields).toEqual({
        account: null, active: true, checked: null, extra: null, home: null, peers: null, portal: null, ratio: null, regions: null,
        seats: 10, since: null, tier: 'bronze', notes: null,
      });
      expect(Object.keys(res.body.custom_fields)).toEqual(['account', 'active', 'checked', 'extra', 'home', 'peers', 'portal', 'ratio', 'regions', 'seats', 'since', 'tier', 'notes']);
      const group = (await t.get(`${GROUPS}${groups[0].id}/`)).body;
      expect(group.custom_fields).toEqual({ group_code: null });
    });

    it('stores every type of value and reads objects nested', async () => {
      const res = await t.post(TENANTS, {
        name: 'Full',
        slug: 'full',
        custom_fields: {
          account: 'ACM-1',
          seats: 42,
          ratio: 0.75,
          active: false,
          since: '2023-04-01',
          checked: '2023-04-01 12:30',
          portal: 'https://portal.example.com/',
          extra: { rack: [1, 2], ok: true },
          tier: 'gold',
          regions: ['eu', 'apac'],
          home: groups[0].id,
          peers: [{ slug: 'partners' }, groups[0].id],
          notes: 'Long\ntext',
        },
      });
      expect(res.status).toBe(201);
      const cf = res.body.custom_fields;
      expect(cf).toMatchObject({
        account: 'ACM-1',
        seats: 42,
        ratio: 0.75,
        active: false,
        since: '2023-04-01',
        checked: '2023-04-01T12:30:00',
        portal: 'https://portal.example.com/',
        extra: { rack: [1, 2], ok: true },
        tier: 'gold',
        regions: ['eu', 'apac'],
        notes: 'Long\ntext',
      });
      // The nested form without counts: NetBox reads the object without annotating them.
      expect(Object.keys(cf.home)).toEqual(['id', 'url', 'display', 'name', 'slug', '_depth']);
      expect(cf.home).toMatchObject({ id: groups[0].id, name: 'Customers', url: expect.stringMatching(/\/api\/tenancy\/tenant-groups\/\d+\/$/) });
      expect(cf.peers.map((g: Json) => g.name)).toEqual(['Customers', 'Partners']);
      expect((await t.get(`${TENANTS}${res.body.id}/`)).body.custom_fields).toEqual(cf);
    });

    it('refuses an unknown key with 400 under custom_fields and writes nothing', async () => {
      const before = await count();
      const res = await t.post(TENANTS, { name: 'Unknown', slug: 'unknown', custom_fields: { nope: 1, group_code: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        custom_fields: ["Unknown field name 'nope' in custom field data.", "Unknown field name 'group_code' in custom field data."],
      });
      expect(await count()).toBe(before);
      const notDict = await t.post(TENANTS, { name: 'Unknown', slug: 'unknown', custom_fields: ['seats'] });
      expect(notDict.body).toEqual({
        custom_fields: ['Invalid data format. Custom field data must be passed as a dictionary mapping field names to their values.'],
      });
    });

    it.each([
      ['account', 123, 'Value must be a string.'],
      ['account', 'acm-1', "Value must match regex '^[A-Z]{3}-\\d+$'"],
      ['seats', 'ten', 'Value must be an integer.'],
      ['seats', 4.5, 'Value must be an integer.'],
      ['seats', 0, 'Value must be at least 1'],
      ['seats', 101, 'Value must not exceed 100'],
      ['ratio', 'much', 'Value must be a decimal.'],
      ['active', 'yes', 'Value must be true or false.'],
      ['since', '01/04/2023', 'Date values must be in ISO 8601 format (YYYY-MM-DD).'],
      ['since', '2023-02-30', 'Date values must be in ISO 8601 format (YYYY-MM-DD).'],
      ['checked', 'tomorrow', 'Date and time values must be in ISO 8601 format (YYYY-MM-DD HH:MM:SS).'],
      ['portal', ['x'], 'Value must be a string.'],
      ['tier', 'platinum', 'Invalid choice (platinum). Available choices are: gold, silver, bronze'],
      ['regions', ['eu', 'mars'], 'Invalid choice(s) (eu, mars). Available choices are: eu, us, apac'],
      ['regions', 'eu', 'Invalid choice(s) (eu). Available choices are: eu, us, apac'],
    ])('refuses %s = %j with NetBox’s message and writes nothing', async (name, value, message) => {
      const before = await count();
      const res = await t.post(TENANTS, { name: 'Invalid', slug: 'invalid', custom_fields: { [name]: value } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ custom_fields: [`Invalid value for custom field '${name}': ${message}`] });
      expect(await count()).toBe(before);
    });

    it('refuses objects that do not exist', async () => {
      const one = await t.post(TENANTS, { name: 'Invalid', slug: 'invalid', custom_fields: { home: 999999 } });
      expect(one.status).toBe(400);
      expect(one.body).toEqual({ custom_fields: ['Unknown related object(s): 999999'] });
      const many = await t.post(TENANTS, { name: 'Invalid', slug: 'invalid', custom_fields: { peers: [groups[0].id, { slug: 'nowhere' }] } });
      expect(many.body).toEqual({ custom_fields: [`Unknown related object(s): [${groups[0].id}, {'slug': 'nowhere'}]`] });
      const notList = await t.post(TENANTS, { name: 'Invalid', slug: 'invalid', custom_fields: { peers: 'partners' } });
      expect(notList.body).toEqual({ custom_fields: ['Unknown related object(s): partners'] });
    });

    it('reports every invalid field of a body together', async () => {
      const res = await t.post(TENANTS, { name: 'Invalid', slug: 'invalid', custom_fields: { seats: 500, tier: 'tin' } });
      expect(res.body.custom_fields).toEqual([
        "Invalid value for custom field 'seats': Value must not exceed 100",
        "Invalid value for custom field 'tier': Invalid choice (tin). Available choices are: gold, silver, bronze",
      ]);
    });

    it('merges a partial update into the stored values', async () => {
      const tenant = (await t.post(TENANTS, { name: 'Merge', slug: 'merge', custom_fields: { account: 'MRG-1', seats: 5 } })).body;
      expect(tenant.custom_fields).toMatchObject({ account: 'MRG-1', seats: 5, tier: null, active: null });
      const res = await t.patch(`${TENANTS}${tenant.id}/`, { custom_fields: { seats: 6, tier: 'silver' } });
      expect(res.status).toBe(200);
      expect(res.body.custom_fields).toMatchObject({ account: 'MRG-1', seats: 6, tier: 'silver' });
      const cleared = await t.patch(`${TENANTS}${tenant.id}/`, { custom_fields: { account: null } });
      expect(cleared.body.custom_fields).toMatchObject({ account: null, seats: 6 });
      const other = await t.patch(`${TENANTS}${tenant.id}/`, { description: 'kept values' });
      expect(other.body.custom_fields).toMatchObject({ seats: 6, tier: 'silver' });
      const bad = await t.patch(`${TENANTS}${tenant.id}/`, { description: 'changed', custom_fields: { seats: -1 } });
      expect(bad.status).toBe(400);
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body).toMatchObject({ description: 'kept values', custom_fields: { seats: 6 } });
    });

    it('requires a required field on create, and refuses emptying it', async () => {
      const field = (await t.post(FIELDS, tenantFields({ name: 'owner', required: true }))).body;
      try {
        const missing = await t.post(TENANTS, { name: 'Req', slug: 'req' });
        expect(missing.status).toBe(400);
        expect(missing.body).toEqual({ custom_fields: ["Invalid value for custom field 'owner': Required field cannot be empty."] });
        const partial = await t.post(TENANTS, { name: 'Req', slug: 'req', custom_fields: { seats: 3 } });
        expect(partial.body).toEqual({ custom_fields: ["Missing required custom field 'owner'."] });
        const ok = await t.post(TENANTS, { name: 'Req', slug: 'req', custom_fields: { owner: 'ops' } });
        expect(ok.status).toBe(201);
        expect(ok.body.custom_fields.owner).toBe('ops');
        const emptied = await t.patch(`${TENANTS}${ok.body.id}/`, { custom_fields: { owner: '' } });
        expect(emptied.body).toEqual({ custom_fields: ["Invalid value for custom field 'owner': Required field cannot be empty."] });
      } finally {
        expect((await t.delete(`${FIELDS}${field.id}/`)).status).toBe(204);
      }
    });

    it('refuses an invalid bulk item and creates none', async () => {
      const before = await count();
      const res = await t.post(TENANTS, [
        { name: 'Bulk 1', slug: 'bulk-1', custom_fields: { seats: 2 } },
        { name: 'Bulk 2', slug: 'bulk-2', custom_fields: { seats: 'two' } },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{}, { custom_fields: ["Invalid value for custom field 'seats': Value must be an integer."] }]);
      expect(await count()).toBe(before);
    });

    it('keeps the stored values in change records', async () => {
      const res = await t.post(TENANTS, { name: 'Logged', slug: 'logged', custom_fields: { home: groups[1].id } });
      const [record] = (await t.get(`/api/extras/object-changes/?request_id=${res.headers['x-request-id']}`)).body.results;
      expect(record.postchange_data.custom_fields).toMatchObject({ home: groups[1].id, seats: null });
    });
  });

  describe('filters', () => {
    beforeAll(async () => {
      const res = await t.post(TENANTS, [
        { name: 'F Alpha', slug: 'f-alpha', group: groups[0].id, custom_fields: { account: 'ALP-1', seats: 5, ratio: 1.5, active: true, since: '2022-01-10', checked: '2022-01-10T08:00:00Z', portal: 'https://Alpha.example.com', tier: 'gold', regions: ['eu', 'us'], home: groups[0].id, peers: [groups[0].id], notes: 'North site' } },
        { name: 'F Beta', slug: 'f-beta', custom_fields: { account: 'BET-2', seats: 50, ratio: 2.25, active: false, since: '2023-06-01', tier: 'silver', regions: ['apac'], home: groups[1].id, peers: [groups[0].id, groups[1].id], notes: 'South' } },
        { name: 'F Gamma', slug: 'f-gamma', custom_fields: { account: 'GAM-3', seats: 99, active: null, tier: null, notes: '' } },
      ]);
      expect(res.status).toBe(201);
    });
    const f = (query: string) => names(`slug__isw=f-&${query}`);

    it('matches text loosely by default and exactly when the field says so', async () => {
      expect(await f('cf_portal=alpha')).toEqual(['F Alpha']);
      expect(await f('cf_account=ALP-1')).toEqual(['F Alpha']);
      expect(await f('cf_account=ALP')).toEqual([]);
      expect(await f('cf_account__ic=bet')).toEqual(['F Beta']);
      expect(await f('cf_account__n=ALP-1')).toEqual(['F Beta', 'F Gamma']);
      expect(await f('cf_account__isw=gam&cf_account__iew=3')).toEqual(['F Gamma']);
      expect(await f('cf_notes__empty=true')).toEqual(['F Gamma']);
      expect(await f('cf_notes__empty=false')).toEqual(['F Alpha', 'F Beta']);
      expect(await f('cf_notes__nic=north')).toEqual(['F Beta', 'F Gamma']);
    });

    it('compares numbers, dates and times', async () => {
      expect(await f('cf_seats=5&cf_seats=99')).toEqual(['F Alpha', 'F Gamma']);
      expect(await f('cf_seats__gt=5')).toEqual(['F Beta', 'F Gamma']);
      expect(await f('cf_seats__lte=50&cf_seats__gte=50')).toEqual(['F Beta']);
      expect(await f('cf_ratio__lt=2')).toEqual(['F Alpha']);
      expect(await f('cf_ratio__empty=true')).toEqual(['F Gamma']);
      expect(await f('cf_since__gte=2023-01-01')).toEqual(['F Beta']);
      expect(await f('cf_since=2022-01-10')).toEqual(['F Alpha']);
      expect(await f('cf_checked__lt=2022-01-11T00:00:00Z')).toEqual(['F Alpha']);
    });

    it('matches booleans, choices, objects and list members', async () => {
      expect(await f('cf_active=true')).toEqual(['F Alpha']);
      expect(await f('cf_active=false')).toEqual(['F Beta']);
      expect(await f('cf_tier=gold&cf_tier=silver')).toEqual(['F Alpha', 'F Beta']);
      expect(await f('cf_tier__n=gold')).toEqual(['F Beta', 'F Gamma']);
      expect(await f('cf_regions=us')).toEqual(['F Alpha']);
      expect(await f('cf_regions=us&cf_regions=apac')).toEqual(['F Alpha', 'F Beta']);
      expect(await f(`cf_home=${groups[1].id}`)).toEqual(['F Beta']);
      expect(await f(`cf_peers=${groups[1].id}`)).toEqual(['F Beta']);
      expect(await f(`cf_peers=${groups[0].id}`)).toEqual(['F Alpha', 'F Beta']);
    });

    it('refuses invalid values keyed by the parameter and ignores unknown or unfilterable fields', async () => {
      const bad = await t.get(`${TENANTS}?cf_seats=many&cf_since__gt=soon`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ cf_seats: ['Enter a whole number.'], cf_since__gt: ['Enter a valid date.'] });
      const all = await f('');
      expect(await f('cf_seats=')).toEqual(all);
      expect(await f('cf_nothing=1')).toEqual(all);
      expect(await f('cf_extra=1')).toEqual(all);
      expect(await f('cf_active__gt=1')).toEqual(all);
      expect(await f('cf_group_code=x')).toEqual(all);
    });

    it('ignores a field whose filter logic is disabled', async () => {
      await t.patch(`${FIELDS}${fields.tier.id}/`, { filter_logic: 'disabled' });
      try {
        expect(await f('cf_tier=gold')).toEqual(await f(''));
      } finally {
        await t.patch(`${FIELDS}${fields.tier.id}/`, { filter_logic: 'loose' });
      }
    });
  });

  describe('definitions changing', () => {
    it('gives existing objects the default of a new field, and drops the values of a deleted one', async () => {
      const tenant = (await t.post(TENANTS, { name: 'Lifecycle', slug: 'lifecycle' })).body;
      const field = (await t.post(FIELDS, tenantFields({ name: 'colour', default: 'blue' }))).body;
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields.colour).toBe('blue');
      expect((await t.delete(`${FIELDS}${field.id}/`)).status).toBe(204);
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields).not.toHaveProperty('colour');
      const again = (await t.post(FIELDS, tenantFields({ name: 'colour' }))).body;
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields.colour).toBeNull();
      await t.delete(`${FIELDS}${again.id}/`);
    });

    it('moves values when a field is renamed, and drops them when it leaves an object type', async () => {
      const field = (await t.post(FIELDS, tenantFields({ name: 'badge' }))).body;
      const tenant = (await t.post(TENANTS, { name: 'Renamed', slug: 'renamed', custom_fields: { badge: 'B-7' } })).body;
      await t.patch(`${FIELDS}${field.id}/`, { name: 'badge_no' });
      const read = (await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields;
      expect(read.badge_no).toBe('B-7');
      expect(read).not.toHaveProperty('badge');
      expect(await names('cf_badge_no=b-7')).toEqual(['Renamed']);
      await t.patch(`${FIELDS}${field.id}/`, { content_types: ['tenancy.tenantgroup'] });
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields).not.toHaveProperty('badge_no');
      expect((await t.get(`${GROUPS}${groups[0].id}/`)).body.custom_fields).toEqual({ badge_no: null, group_code: null });
      await t.patch(`${FIELDS}${field.id}/`, { content_types: ['tenancy.tenantgroup', 'tenancy.tenant'] });
      expect((await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields.badge_no).toBeNull();
      await t.delete(`${FIELDS}${field.id}/`);
    });

    it('reads an object that no longer exists as null', async () => {
      const group = (await t.post(GROUPS, { name: 'Gone', slug: 'gone' })).body;
      const tenant = (await t.post(TENANTS, { name: 'Orphan', slug: 'orphan', custom_fields: { home: group.id, peers: [group.id, groups[0].id] } })).body;
      await t.delete(`${GROUPS}${group.id}/`);
      const cf = (await t.get(`${TENANTS}${tenant.id}/`)).body.custom_fields;
      expect(cf.home).toBeNull();
      expect(cf.peers.map((g: Json) => g.id)).toEqual([groups[0].id]);
    });
  });

  it('renders object fields of a page in a fixed number of statements', async () => {
    const small = await pageStatements(t, async () => expect((await t.get(`${TENANTS}?limit=2&slug__isw=f-`)).body.results).toHaveLength(2));
    const large = await pageStatements(t, async () => expect((await t.get(`${TENANTS}?limit=100`)).body.results.length).toBeGreaterThan(5));
    expect(large).toBe(small);
  });
});
