import { slugify, unique } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { makeUserWithToken } from './helpers/users';

const SETS = '/v4/api/extras/custom-field-choice-sets/';
const FIELDS_V4 = '/v4/api/extras/custom-fields/';
const FIELDS_V3 = '/api/extras/custom-fields/';
const PROFILES = '/v4/api/extras/config-context-profiles/';
const CONTEXTS_V4 = '/v4/api/extras/config-contexts/';
const CONTEXTS_V3 = '/api/extras/config-contexts/';
const TABLES = '/v4/api/extras/table-configs/';
const BOOKMARKS = '/v4/api/extras/bookmarks/';
const TAGGED = '/v4/api/extras/tagged-objects/';
const TENANTS_V4 = '/v4/api/tenancy/tenants/';
const TENANTS_V3 = '/api/tenancy/tenants/';

/** NetBox 4.x's extras models (3.6's choice sets and bookmarks, 4.3's table configs and tagged objects, 4.4's profiles): /v4 only. */
describe("NetBox 4.x's extras models on /v4", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  const ok = async (res: Promise<{ status: number; body: Json }> | { status: number; body: Json }, status = 200): Promise<Json> => {
    const answered = await res;
    expectStatus(answered as never, status);
    return answered.body;
  };
  const get = (url: string) => ok(t.get(url));
  const count = async (url: string) => (await get(url)).count as number;
  const names = async (url: string) => (await get(url)).results.map((o: Json) => o.name);
  const tenant = (prefix: string, fields: Json = {}) => {
    const name = unique(prefix);
    return createOne(t, TENANTS_V3, { name, slug: slugify(name), ...fields });
  };

  /** Each body refused with exactly these errors, and nothing written: the list counts the same after. */
  async function refuses(list: string, cases: Array<[body: Json, errors: Json]>, method: 'post' | 'patch' = 'post', target = list): Promise<void> {
    const before = await count(list);
    for (const [body, errors] of cases) {
      const res = await t[method](target, body);
      expect({ body, status: res.status, errors: res.body }).toEqual({ body, status: 400, errors });
    }
    expect(await count(list)).toBe(before);
  }

  describe('custom field choice sets', () => {
    let tiers: Json;
    let countries: Json;

    beforeAll(async () => {
      tiers = await createOne(t, SETS, {
        name: 'Tiers',
        description: 'Service tiers',
        extra_choices: [['gold', 'Gold'], ['silver', 'Silver'], ['bronze', 'Bronze']],
        choice_colors: { gold: 'yellow' },
      });
      countries = await createOne(t, SETS, { name: 'Countries', base_choices: 'ISO_3166', extra_choices: [['XK', 'XK (Kosovo)']], order_alphabetically: true });
    });

    it('reads a set in 4.6.8’s keys and order, its base set named, its choices counted', async () => {
      const full = await get(`${SETS}${tiers.id}/`);
      expect(Object.keys(full)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'base_choices', 'extra_choices', 'choice_colors', 'order_alphabetically', 'choices_count', 'owner',
        'created', 'last_updated',
      ]);
      expect(full).toMatchObject({
        display: 'Tiers',
        base_choices: null,
        extra_choices: [['gold', 'Gold'], ['silver', 'Silver'], ['bronze', 'Bronze']],
        choice_colors: { gold: 'yellow' },
        order_alphabetically: false,
        choices_count: 3,
      });
      expect(full.url).toMatch(new RegExp(`/v4/api/extras/custom-field-choice-sets/${tiers.id}/$`));
      expect(countries).toMatchObject({ base_choices: { value: 'ISO_3166', label: 'ISO 3166 (Country codes)' }, choices_count: 250 });
      const brief = (await get(`${SETS}?id=${tiers.id}&brief=1`)).results[0];
      expect(brief).toEqual({ id: tiers.id, url: full.url, display: 'Tiers', name: 'Tiers', description: 'Service tiers', choices_count: 3 });
      const airports = await createOne(t, SETS, { name: 'Airports', base_choices: 'IATA', extra_choices: [] });
      expect(airports.choices_count).toBe(9765);
    });

    it("pages through a set's choices, a built-in set's first, searched by value or label", async () => {
      const page = await get(`${SETS}${countries.id}/choices/?limit=3`);
      expect(page.count).toBe(250);
      expect(page.results).toEqual([{ id: 'AD', display: 'AD (Andorra)' }, { id: 'AE', display: 'AE (United Arab Emirates)' }, { id: 'AF', display: 'AF (Afghanistan)' }]);
      expect(page.next).toMatch(/\/v4\/api\/extras\/custom-field-choice-sets\/\d+\/choices\/\?limit=3&offset=3$/);
      expect(page.previous).toBeNull();
      // Ordered alphabetically: the extra choice among the built-in ones.
      expect((await get(`${SETS}${countries.id}/choices/?q=kosovo`)).results).toEqual([{ id: 'XK', display: 'XK (Kosovo)' }]);
      expect((await get(`${SETS}${countries.id}/choices/?q=nl`)).results).toContainEqual({ id: 'NL', display: 'NL (Netherlands)' });
      expect((await get(`${SETS}${tiers.id}/choices/?q=SIL`)).results).toEqual([{ id: 'silver', display: 'Silver' }]);
      expect((await t.get(`${SETS}99999/choices/`)).status).toBe(404);
    });

    it("lists with 4.6's filters", async () => {
      expect(await names(`${SETS}?q=tier`)).toEqual(['Tiers']);
      expect(await names(`${SETS}?base_choices=ISO_3166`)).toEqual(['Countries']);
      expect(await names(`${SETS}?choice=silver&choice=nothing`)).toEqual(['Tiers']);
      // A label is no value.
      expect(await names(`${SETS}?choice=Silver`)).toEqual([]);
      expect(await names(`${SETS}?choice_colors=yellow`)).toEqual(['Tiers']);
      expect(await names(`${SETS}?order_alphabetically=true`)).toEqual(['Countries']);
      expect(await names(`${SETS}?name__ic=ountr`)).toEqual(['Countries']);
      expect((await t.get(`${SETS}?choice_colors=magenta`)).body).toEqual({ choice_colors: ['Select a valid choice. magenta is not one of the available choices.'] });
    });

    it('updates a set, ordering its extra choices by value when asked', async () => {
      const set = await createOne(t, SETS, { name: unique('Sizes'), extra_choices: [['m', 'Medium'], ['l', 'Large'], ['s', 'Small']] });
      const updated = await ok(t.patch(`${SETS}${set.id}/`, { order_alphabetically: true, description: 'by letter' }));
      expect(updated).toMatchObject({ description: 'by letter', extra_choices: [['l', 'Large'], ['m', 'Medium'], ['s', 'Small']] });
      const changes = await get(`/v4/api/core/object-changes/?changed_object_type=extras.customfieldchoiceset&changed_object_id=${set.id}`);
      expect(changes.results.map((c: Json) => c.action.value)).toEqual(['update', 'create']);
      expect(await ok(t.delete(`${SETS}${set.id}/`), 204)).toEqual({});
      expect((await t.get(`${SETS}${set.id}/`)).status).toBe(404);
    });

    it("refuses what NetBox refuses, keyed as its serializer and clean() key it, and writes nothing", async () => {
      await refuses(SETS, [
        [{ name: 'Dup', extra_choices: [['a', 'A'], ['a', 'Again']] }, { __all__: ["Duplicate value 'a' found in extra choices."] }],
        [{ name: 'Empty', extra_choices: [] }, { __all__: ['Must define base or extra choices.'] }],
        [{ name: 'Missing' }, { extra_choices: ['This field is required.'] }],
        [{ name: 'Single', extra_choices: [['a'], ['b', 'B']] }, { extra_choices: { 0: ['Ensure this field has at least 2 elements.'] } }],
        [{ name: 'Flat', extra_choices: ['a'] }, { extra_choices: { 0: ['Expected a list of items but got type "str".'] } }],
        [{ name: 'Long', extra_choices: [['a', 'x'.repeat(101)]] }, { extra_choices: ['Item 1 in the array did not validate: Item 2 in the array did not validate: Ensure this value has at most 100 characters (it has 101).'] }],
        [{ name: 'Magenta', extra_choices: [['a', 'A']], choice_colors: { a: 'magenta' } }, { choice_colors: { a: ['"magenta" is not a valid choice.'] } }],
        [{ name: 'Orphan', extra_choices: [['a', 'A']], choice_colors: { z: 'red', y: 'red' } }, { choice_colors: ['Color mappings must reference an existing choice value. Invalid value(s): y, z.'] }],
        [{ name: 'Locodes', base_choices: 'UN_LOCODE', extra_choices: [] }, { base_choices: ['"UN_LOCODE" is not a valid choice.'] }],
        [{ name: 'Tiers', extra_choices: [['a', 'A']] }, { name: ['custom field choice set with this name already exists.'] }],
      ]);
      await refuses(SETS, [[{ extra_choices: [['gold', 'Gold'], ['gold', 'Gold']] }, { __all__: ["Duplicate value 'gold' found in extra choices."] }]], 'patch', `${SETS}${tiers.id}/`);
      expect((await get(`${SETS}${tiers.id}/`)).extra_choices).toHaveLength(3);
    });

    it('is not there on /api/: no route, no place in its root or schema', async () => {
      expect((await t.get('/api/extras/custom-field-choice-sets/')).status).toBe(404);
      expect((await t.get(`/api/extras/custom-field-choice-sets/${tiers.id}/`)).status).toBe(404);
      expect((await t.get(`/api/extras/custom-field-choice-sets/${tiers.id}/choices/`)).status).toBe(404);
      expect((await t.post('/api/extras/custom-field-choice-sets/', { name: 'x', extra_choices: [['a', 'a']] })).status).toBe(404);
    });
  });

  describe('custom fields of choice sets', () => {
    let tiers: Json;

    beforeAll(async () => {
      tiers = await createOne(t, SETS, { name: 'Levels', extra_choices: [['gold', 'Gold'], ['silver', 'Silver']] });
    });

    it('takes a selection’s choices from its set on /v4, and shows them to /api/ as its list', async () => {
      const field = await createOne(t, FIELDS_V4, { object_types: ['tenancy.tenant'], name: 'level', type: 'select', choice_set: tiers.id, default: 'silver' });
      expect(field.choice_set).toEqual({ id: tiers.id, url: expect.stringMatching(/\/v4\/api\/extras\/custom-field-choice-sets\/\d+\/$/), display: 'Levels', name: 'Levels', description: '', choices_count: 2 });
      expect(field).not.toHaveProperty('choices');
      const old = await get(`${FIELDS_V3}${field.id}/`);
      expect(old.choices).toEqual(['gold', 'silver']);
      expect(old).not.toHaveProperty('choice_set');
      // The values an object takes are the set's, in each generation's words.
      const customer = await tenant('Customer');
      expect(customer.custom_fields.level).toBe('silver');
      expect((await t.patch(`${TENANTS_V4}${customer.id}/`, { custom_fields: { level: 'platinum' } })).body).toEqual({
        custom_fields: ["Invalid value for custom field 'level': Invalid choice (platinum) for choice set Levels."],
      });
      expect((await t.patch(`${TENANTS_V3}${customer.id}/`, { custom_fields: { level: 'platinum' } })).body).toEqual({
        custom_fields: ["Invalid value for custom field 'level': Invalid choice (platinum). Available choices are: gold, silver"],
      });
      expect((await ok(t.patch(`${TENANTS_V4}${customer.id}/`, { custom_fields: { level: 'gold' } }))).custom_fields.level).toBe('gold');
      // A set's new choice is a value at once; one in use may not be taken out.
      await ok(t.patch(`${SETS}${tiers.id}/`, { extra_choices: [['gold', 'Gold'], ['silver', 'Silver'], ['platinum', 'Platinum']] }));
      expect((await ok(t.patch(`${TENANTS_V4}${customer.id}/`, { custom_fields: { level: 'platinum' } }))).custom_fields.level).toBe('platinum');
      expect((await get(`${FIELDS_V3}${field.id}/`)).choices).toEqual(['gold', 'silver', 'platinum']);
      expect((await t.patch(`${SETS}${tiers.id}/`, { extra_choices: [['gold', 'Gold'], ['silver', 'Silver']] })).body).toEqual({
        __all__: ['Cannot remove choice platinum as there are Tenancy | tenant objects which reference it.'],
      });
      // A set in use may not be deleted.
      const deleted = await t.delete(`${SETS}${tiers.id}/`);
      expect(deleted.status).toBe(409);
      expect(deleted.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: Level (${field.id})` });
    });

    it('takes a built-in set’s values, and lists fields by their set', async () => {
      const set = await createOne(t, SETS, { name: 'Country codes', base_choices: 'ISO_3166', extra_choices: [] });
      const field = await createOne(t, FIELDS_V4, { object_types: ['tenancy.tenant'], name: 'countries', type: 'multiselect', choice_set: set.id });
      const customer = await tenant('Exporter', { custom_fields: { countries: ['FR', 'NL'] } });
      expect(customer.custom_fields.countries).toEqual(['FR', 'NL']);
      expect((await t.post(TENANTS_V4, { name: 'Nowhere', slug: 'nowhere', custom_fields: { countries: ['FR', 'ZZ'] } })).body).toEqual({
        custom_fields: ["Invalid value for custom field 'countries': Invalid choice(s) (['FR', 'ZZ']) for choice set Country codes."],
      });
      // 3.5 reads the set's own (extra) choices.
      expect((await get(`${FIELDS_V3}${field.id}/`)).choices).toEqual([]);
      expect(await names(`${FIELDS_V4}?choice_set_id=${set.id}`)).toEqual(['countries']);
      expect(await names(`${FIELDS_V4}?choice_set=Country codes`)).toEqual(['countries']);
      // /api/ has no such filter: it ignores it.
      expect(await count(`${FIELDS_V3}?choice_set_id=${set.id}`)).toBe(await count(FIELDS_V3));
    });

    it("refuses a selection without a set, and a set on other fields, in 4.x's words on /v4 and 3.5's on /api/", async () => {
      await refuses(FIELDS_V4, [
        [{ object_types: ['tenancy.tenant'], name: 'noset', type: 'select' }, { choice_set: ['Selection fields must specify a set of choices.'] }],
        [{ object_types: ['tenancy.tenant'], name: 'textset', type: 'text', choice_set: tiers.id }, { choice_set: ['Choices may be set only on selection fields.'] }],
        [{ object_types: ['tenancy.tenant'], name: 'badset', type: 'select', choice_set: 99999 }, { choice_set: ['Related object not found using the provided numeric ID: 99999'] }],
        [{ object_types: ['tenancy.tenant'], name: 'baddefault', type: 'select', choice_set: tiers.id, default: 'tin' }, { default: ['Invalid default value "tin": Invalid choice (tin) for choice set Levels.'] }],
      ]);
      await refuses(FIELDS_V3, [
        [{ content_types: ['tenancy.tenant'], name: 'nochoices', type: 'select' }, { choices: ['Selection fields must specify at least one choice.'] }],
        [{ content_types: ['tenancy.tenant'], name: 'twice', type: 'select', choices: ['a', 'a'] }, { choices: ["Duplicate value 'a' found in extra choices."] }],
        // 3.5 has no choice sets: its name is ignored, as any unknown field.
        [{ content_types: ['tenancy.tenant'], name: 'v3set', type: 'select', choice_set: tiers.id }, { choices: ['Selection fields must specify at least one choice.'] }],
      ]);
      expect(await count(`${SETS}?q=Choices`)).toBe(0);
    });

    it('keeps a list written through /api/ as the field’s own set, read through /v4', async () => {
      const field = await createOne(t, FIELDS_V3, { content_types: ['tenancy.tenant'], name: 'size', type: 'select', choices: ['s', 'm', 'l'], default: 'm' });
      expect(field.choices).toEqual(['s', 'm', 'l']);
      const v4 = await get(`${FIELDS_V4}${field.id}/`);
      expect(v4.choice_set).toMatchObject({ display: 'size Choices', choices_count: 3 });
      const own = await get(`${SETS}${v4.choice_set.id}/`);
      expect(own).toMatchObject({ name: 'size Choices', base_choices: null, extra_choices: [['s', 's'], ['m', 'm'], ['l', 'l']] });
      // Rewritten through /api/: the same set, now with these values.
      expect((await ok(t.patch(`${FIELDS_V3}${field.id}/`, { choices: ['s', 'm', 'l', 'xl'] }))).choices).toEqual(['s', 'm', 'l', 'xl']);
      expect((await get(`${SETS}${own.id}/`)).extra_choices).toEqual([['s', 's'], ['m', 'm'], ['l', 'l'], ['xl', 'xl']]);
      expect((await get(`${FIELDS_V4}${field.id}/`)).choice_set.id).toBe(own.id);
      // A set another field shares is left as it is: the field gets one of its own.
      const other = await createOne(t, FIELDS_V4, { object_types: ['dcim.site'], name: 'site_size', type: 'select', choice_set: own.id });
      expect((await ok(t.patch(`${FIELDS_V3}${field.id}/`, { choices: ['small', 'large'], default: 'small' }))).choices).toEqual(['small', 'large']);
      const mine = (await get(`${FIELDS_V4}${field.id}/`)).choice_set;
      expect(mine).toMatchObject({ display: 'size Choices (2)', choices_count: 2 });
      expect((await get(`${FIELDS_V4}${other.id}/`)).choice_set.id).toBe(own.id);
      expect((await get(`${SETS}${own.id}/`)).choices_count).toBe(4);
      // A 3.5 write without the list keeps the set.
      await ok(t.patch(`${FIELDS_V3}${field.id}/`, { description: 'T-shirt sizes', default: 'large' }));
      expect((await get(`${FIELDS_V4}${field.id}/`)).choice_set.id).toBe(mine.id);
      // Its change record names the set on /v4 and holds the list on /api/.
      const records = `?changed_object_type=extras.customfield&changed_object_id=${field.id}&ordering=time`;
      const v3Records = (await get(`/api/extras/object-changes/${records}`)).results;
      expect(v3Records[0].postchange_data.choices).toEqual(['s', 'm', 'l']);
      expect(v3Records[0].postchange_data).not.toHaveProperty('choice_set');
      const v4Records = (await get(`/v4/api/core/object-changes/${records}`)).results;
      expect(v4Records[0].postchange_data.choice_set).toBe(own.id);
      expect(v4Records[0].postchange_data).not.toHaveProperty('choices');
    });

    it("reads a field's choices on /graphql/ as 3.5's list, which knows no choice sets", async () => {
      await createOne(t, FIELDS_V4, { object_types: ['dcim.site'], name: 'grade', type: 'select', choice_set: tiers.id });
      const read = await ok(t.post('/graphql/', { query: '{ custom_field_list(name: "grade") { name choices } }' }));
      expect(read).toEqual({ data: { custom_field_list: [{ name: 'grade', choices: ['gold', 'silver', 'platinum'] }] } });
      expect((await ok(t.post('/graphql/', { query: '{ custom_field_list { choice_set { id } } }' }))).errors[0].message).toMatch(/Cannot query field "choice_set"/);
    });

    it('writes nothing, not even its set, when a field from /api/ is refused', async () => {
      const sets = await count(SETS);
      const res = await t.post(FIELDS_V3, [
        { content_types: ['tenancy.tenant'], name: 'first_ok', type: 'select', choices: ['a', 'b'] },
        { content_types: ['tenancy.tenant'], name: 'second_bad', type: 'select', choices: ['a'], default: 'z' },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{}, { default: ['Invalid default value "z": Invalid choice (z). Available choices are: a'] }]);
      expect(await count(SETS)).toBe(sets);
      expect(await count(`${FIELDS_V4}?name=first_ok`)).toBe(0);
    });
  });

  describe('config context profiles', () => {
    let profile: Json;
    const schema = { type: 'object', properties: { ntp: { type: 'array', items: { type: 'string' } } }, required: ['ntp'] };

    beforeAll(async () => {
      const tag = await createOne(t, '/v4/api/extras/tags/', { name: 'Baseline', slug: 'baseline' });
      profile = await createOne(t, PROFILES, { name: 'Timekeeping', description: 'NTP servers', schema, comments: 'every device', tags: [tag.id] });
    });

    it('reads a profile in 4.6.8’s keys and order', async () => {
      const full = await get(`${PROFILES}${profile.id}/`);
      expect(Object.keys(full)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'description', 'schema', 'tags', 'owner', 'comments', 'data_source', 'data_path', 'data_file', 'data_synced',
        'created', 'last_updated',
      ]);
      expect(full).toMatchObject({ display: 'Timekeeping', schema, comments: 'every device', data_source: null, data_file: null });
      expect(full.tags.map((tag: Json) => tag.slug)).toEqual(['baseline']);
      expect((await get(`${PROFILES}?id=${profile.id}&brief=1`)).results[0]).toEqual({ id: profile.id, url: full.url, display: 'Timekeeping', name: 'Timekeeping', description: 'NTP servers' });
      expect(await names(`${PROFILES}?q=every`)).toEqual(['Timekeeping']);
      expect(await names(`${PROFILES}?tag=baseline`)).toEqual(['Timekeeping']);
      expect(await names(`${PROFILES}?description__ic=ntp`)).toEqual(['Timekeeping']);
    });

    it("holds a context's data to its schema, whichever generation writes it", async () => {
      const context = await createOne(t, CONTEXTS_V4, { name: 'NTP', profile: profile.id, data: { ntp: ['pool.ntp.org'] } });
      expect(context.profile).toEqual({ id: profile.id, url: expect.stringMatching(/\/v4\/api\/extras\/config-context-profiles\/\d+\/$/), display: 'Timekeeping', name: 'Timekeeping', description: 'NTP servers' });
      expect(Object.keys(context).slice(4, 7)).toEqual(['name', 'weight', 'profile']);
      const old = await get(`${CONTEXTS_V3}${context.id}/`);
      expect(old).not.toHaveProperty('profile');
      const refused = await t.patch(`${CONTEXTS_V3}${context.id}/`, { data: { ntp: 'pool.ntp.org' } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        __all__: [
          "Data does not conform to profile schema: 'pool.ntp.org' is not of type 'array'\n\nFailed validating 'type' in schema['properties']['ntp']:\n    {'type': 'array', 'items': {'type': 'string'}}\n\nOn instance['ntp']:\n    'pool.ntp.org'",
        ],
      });
      await refuses(CONTEXTS_V4, [
        [{ name: 'No NTP', profile: profile.id, data: { dns: [] } }, { __all__: [expect.stringMatching(/^Data does not conform to profile schema: 'ntp' is a required property\n/)] }],
        [{ name: 'No profile', profile: 99999, data: {} }, { profile: ['Related object not found using the provided numeric ID: 99999'] }],
      ]);
      expect((await get(`${CONTEXTS_V4}${context.id}/`)).data).toEqual({ ntp: ['pool.ntp.org'] });
      // 3.5 writes the data it knows; the profile stays.
      await ok(t.patch(`${CONTEXTS_V3}${context.id}/`, { data: { ntp: ['time.example.com'] }, profile: null }));
      expect((await get(`${CONTEXTS_V4}${context.id}/`)).profile.id).toBe(profile.id);
      expect(await names(`${CONTEXTS_V4}?profile_id=${profile.id}`)).toEqual(['NTP']);
      expect(await names(`${CONTEXTS_V4}?profile=Timekeeping`)).toEqual(['NTP']);
      expect(await count(`${CONTEXTS_V3}?profile_id=${profile.id}`)).toBe(await count(CONTEXTS_V3));
      // A profile in use may not be deleted; free, it may.
      expect((await t.delete(`${PROFILES}${profile.id}/`)).body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: NTP (${context.id})` });
      await ok(t.patch(`${CONTEXTS_V4}${context.id}/`, { profile: null }));
      const spare = await createOne(t, PROFILES, { name: 'Spare' });
      expect(spare.schema).toBeNull();
      await ok(t.delete(`${PROFILES}${spare.id}/`), 204);
    });

    it('updates a profile, and refuses a schema that is none', async () => {
      const updated = await ok(t.patch(`${PROFILES}${profile.id}/`, { schema: { ...schema, required: [] }, description: 'Time' }));
      expect(updated).toMatchObject({ description: 'Time', schema: { required: [] } });
      await refuses(PROFILES, [
        [{ name: 'Listed', schema: [] }, { schema: ['Invalid JSON schema definition'] }],
        [{ name: 'Typo', schema: { type: 'objekt' } }, { schema: ["Invalid JSON schema definition: 'objekt' is not valid under any of the given schemas"] }],
        [{ name: 'Timekeeping' }, { name: ['config context profile with this name already exists.'] }],
      ]);
      expect((await t.post(`${PROFILES}${profile.id}/sync/`)).status).toBe(200);
    });
  });

  describe('table configs', () => {
    let mine: Json;
    let other: { user: Json; key: string };

    beforeAll(async () => {
      other = await makeUserWithToken(t, 'viewer');
      await createOne(t, '/api/users/permissions/', { name: unique('tables'), object_types: ['extras.tableconfig'], actions: ['view', 'add', 'change'], users: [other.user.id] });
      mine = await createOne(t, TABLES, { object_type: 'dcim.site', table: 'SiteTable', name: 'Sites by region', columns: ['name', 'region', 'status'], ordering: ['-name'] });
    });

    it('reads a table config in 4.6.8’s keys and order', async () => {
      const full = await get(`${TABLES}${mine.id}/`);
      expect(Object.keys(full)).toEqual([
        'id', 'url', 'display_url', 'display', 'object_type', 'table', 'name', 'description', 'user', 'weight', 'enabled', 'shared', 'columns', 'ordering',
        'created', 'last_updated',
      ]);
      expect(full).toMatchObject({ object_type: 'dcim.site', table: 'SiteTable', user: null, weight: 1000, enabled: true, shared: true, columns: ['name', 'region', 'status'], ordering: ['-name'] });
      expect((await get(`${TABLES}?id=${mine.id}&brief=1`)).results[0]).toEqual({
        id: mine.id, url: full.url, display: 'Sites by region', name: 'Sites by region', description: '', object_type: 'dcim.site', table: 'SiteTable',
      });
    });

    it("lists with 4.6's filters, and shows another user only the shared ones and their own", async () => {
      const admin = (await get('/v4/api/authentication-check/')).id;
      const hidden = await createOne(t, TABLES, { object_type: 'dcim.device', table: 'DeviceTable', name: 'My devices', columns: ['name'], shared: false, user: admin, weight: 10 });
      const theirs = await createOne(t, TABLES, { object_type: 'dcim.device', table: 'DeviceTable', name: 'Their devices', columns: ['name'], shared: false, user: other.user.id });
      expect(await names(`${TABLES}?object_type=dcim.device`)).toEqual(['My devices', 'Their devices']);
      const deviceType = (await get('/v4/api/core/object-types/?app_label=dcim&model=device')).results[0];
      expect(await names(`${TABLES}?object_type_id=${deviceType.id}`)).toEqual(['My devices', 'Their devices']);
      expect(await names(`${TABLES}?q=devices&user_id=${admin}`)).toEqual(['My devices']);
      expect(await names(`${TABLES}?table=SiteTable`)).toEqual(['Sites by region']);
      expect(await names(`${TABLES}?usable=true`)).toEqual(['My devices', 'Sites by region']);
      expect(await names(`${TABLES}?shared=false&weight=10`)).toEqual(['My devices']);
      // Another user sees the shared one and their own, and cannot reach the admin's private one.
      const seen = (await ok(t.get(TABLES, other.key))).results.map((c: Json) => c.name);
      expect(seen).toEqual(['Sites by region', 'Their devices']);
      expect((await t.get(`${TABLES}${hidden.id}/`, other.key)).status).toBe(404);
      expect((await t.patch(`${TABLES}${hidden.id}/`, { name: 'taken' }, other.key)).status).toBe(404);
      expect((await ok(t.patch(`${TABLES}${theirs.id}/`, { enabled: false }, other.key))).enabled).toBe(false);
    });

    it('updates and deletes a table config, and refuses bad input', async () => {
      const config = await createOne(t, TABLES, { object_type: 'ipam.prefix', table: 'PrefixTable', name: 'Prefixes', columns: ['prefix'] });
      expect((await ok(t.put(`${TABLES}${config.id}/`, { object_type: 'ipam.prefix', table: 'PrefixTable', name: 'Prefixes', columns: ['prefix', 'vrf'], ordering: null }))).columns).toEqual(['prefix', 'vrf']);
      await refuses(TABLES, [
        [{ object_type: 'ipam.prefix', table: 'PrefixTable', name: 'No columns', columns: [] }, { columns: ['This list may not be empty.'] }],
        [{ object_type: 'ipam.prefix', table: 'PrefixTable', name: 'Long', columns: ['ok', 'x'.repeat(101)] }, { columns: { 1: ['Ensure this field has no more than 100 characters.'] } }],
        [{ object_type: 'ipam.nothing', table: 'T', name: 'Nothing', columns: ['a'] }, { object_type: ['Invalid content type: ipam.nothing'] }],
        [{ object_type: 'ipam.prefix', name: 'No table', columns: ['a'], weight: -1 }, { table: ['This field is required.'], weight: ['Ensure this value is greater than or equal to 0.'] }],
      ]);
      await ok(t.delete(`${TABLES}${config.id}/`), 204);
      expect((await t.get(`${TABLES}${config.id}/`)).status).toBe(404);
    });
  });

  describe('bookmarks', () => {
    let site: Json;
    let bookmark: Json;
    let admin: number;

    beforeAll(async () => {
      admin = (await get('/v4/api/authentication-check/')).id;
      site = await createOne(t, '/v4/api/dcim/sites/', { name: 'Bookmarked', slug: 'bookmarked' });
      bookmark = await createOne(t, BOOKMARKS, { object_type: 'dcim.site', object_id: site.id, user: admin });
    });

    it('reads a bookmark in 4.6.8’s keys, the object nested and named', async () => {
      const full = await get(`${BOOKMARKS}${bookmark.id}/`);
      expect(Object.keys(full)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'user', 'created']);
      expect(full).toMatchObject({ display: 'Bookmarked', object_type: 'dcim.site', object_id: site.id, object: { id: site.id, name: 'Bookmarked' }, user: { id: admin } });
      expect(full.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect((await get(`${BOOKMARKS}?id=${bookmark.id}&brief=1`)).results[0]).toEqual({ id: bookmark.id, url: full.url, display: 'Bookmarked', object_id: site.id, object_type: 'dcim.site' });
    });

    it("lists with 4.6's filters, and keeps one bookmark per user and object", async () => {
      const rack = await createOne(t, '/v4/api/dcim/racks/', { name: 'R9', site: site.id });
      const onRack = await createOne(t, BOOKMARKS, { object_type: 'dcim.rack', object_id: rack.id, user: admin });
      const ids = async (query: string) => (await get(`${BOOKMARKS}?${query}`)).results.map((b: Json) => b.id);
      expect(await ids('object_type=dcim.rack')).toEqual([onRack.id]);
      expect(await ids(`object_id=${site.id}&object_type=dcim.site`)).toEqual([bookmark.id]);
      const siteType = (await get('/v4/api/core/object-types/?app_label=dcim&model=site')).results[0];
      expect(await ids(`object_type_id=${siteType.id}`)).toEqual([bookmark.id]);
      expect(await ids(`user_id=${admin}`)).toEqual([bookmark.id, onRack.id]);
      expect(await ids('user=admin')).toEqual([bookmark.id, onRack.id]);
      expect((await t.get(`${BOOKMARKS}?object_type_id=x`)).body).toEqual({ object_type_id: ['Enter a number.'] });
      await refuses(BOOKMARKS, [
        [{ object_type: 'dcim.site', object_id: site.id, user: admin }, { __all__: ['Bookmark with this Object type, Object id and User already exists.'] }],
        [{ object_type: 'extras.tag', object_id: 1, user: admin }, { object_type: ['Invalid content type: extras.tag'] }],
        [{ object_type: 'dcim.site', object_id: 99999, user: admin }, { non_field_errors: ['Invalid object: dcim.site ID 99999'] }],
        [{ object_type: 'dcim.site', object_id: site.id }, { user: ['This field is required.'] }],
      ]);
      // Deleted with the object it keeps.
      await ok(t.delete(`/v4/api/dcim/racks/${rack.id}/`), 204);
      expect((await t.get(`${BOOKMARKS}${onRack.id}/`)).status).toBe(404);
    });

    it('updates and deletes a bookmark', async () => {
      const tenantRow = await tenant('Kept');
      const kept = await createOne(t, BOOKMARKS, { object_type: 'tenancy.tenant', object_id: tenantRow.id, user: admin });
      expect(kept.display).toBe(tenantRow.name);
      const other = await createOne(t, '/v4/api/dcim/sites/', { name: 'Elsewhere', slug: 'elsewhere' });
      const moved = await ok(t.patch(`${BOOKMARKS}${kept.id}/`, { object_type: 'dcim.site', object_id: other.id }));
      expect(moved).toMatchObject({ display: 'Elsewhere', object: { id: other.id } });
      expect((await t.patch(`${BOOKMARKS}${kept.id}/`, { object_id: site.id })).body).toEqual({ __all__: ['Bookmark with this Object type, Object id and User already exists.'] });
      await ok(t.delete(`${BOOKMARKS}${kept.id}/`), 204);
    });
  });

  describe('tagged objects', () => {
    it('lists the tags on objects, read-only, with 4.6’s fields and filters', async () => {
      const red = await createOne(t, '/v4/api/extras/tags/', { name: 'Red', slug: 'red', description: 'hot' });
      const blue = await createOne(t, '/v4/api/extras/tags/', { name: 'Blue', slug: 'blue', weight: 10 });
      const site = await createOne(t, '/v4/api/dcim/sites/', { name: 'Tagged site', slug: 'tagged-site', tags: [red.id, blue.id] });
      const customer = await tenant('Tagged tenant', { tags: [{ slug: 'red' }] });
      const all = (await get(`${TAGGED}?tag_id=${red.id}&tag_id=${blue.id}`)).results;
      // By tag (weight, then name), as NetBox's view orders them.
      expect(all.map((i: Json) => `${i.tag.name}:${i.object_type}:${i.object_id}`)).toEqual([`Blue:dcim.site:${site.id}`, `Red:dcim.site:${site.id}`, `Red:tenancy.tenant:${customer.id}`]);
      const item = all[0];
      expect(Object.keys(item)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'tag']);
      expect(item).toMatchObject({ display: 'Tagged site tagged with Blue', object: { id: site.id, name: 'Tagged site' }, tag: { id: blue.id, slug: 'blue' } });
      expect(await get(`${TAGGED}${item.id}/`)).toEqual(item);
      const pairs = async (query: string) => (await get(`${TAGGED}?${query}`)).results.map((i: Json) => `${i.tag.slug}:${i.object_type}`);
      expect(await pairs('object_type=tenancy.tenant&tag=red')).toEqual(['red:tenancy.tenant']);
      expect(await pairs(`object_id=${customer.id}&object_type=tenancy.tenant`)).toEqual(['red:tenancy.tenant']);
      const tenantType = (await get('/v4/api/core/object-types/?app_label=tenancy&model=tenant')).results[0];
      expect(await pairs(`object_type_id=${tenantType.id}&tag_id=${red.id}`)).toEqual(['red:tenancy.tenant']);
      expect(await pairs('q=hot&object_type=dcim.site')).toEqual(['red:dcim.site']);
      expect((await t.get(`${TAGGED}?tag=nothing`)).body).toEqual({ tag: ['Select a valid choice. nothing is not one of the available choices.'] });
      // Read-only: written through the objects they tag.
      expect((await t.post(TAGGED, { tag: red.id, object_type: 'dcim.site', object_id: site.id })).status).toBe(405);
      expect((await t.delete(`${TAGGED}${item.id}/`)).status).toBe(405);
      await ok(t.patch(`/v4/api/dcim/sites/${site.id}/`, { tags: [] }));
      expect(await pairs(`object_type=dcim.site&tag_id=${red.id}`)).toEqual([]);
    });

    it('costs the same statements whatever the page holds', async () => {
      const tag = await createOne(t, '/v4/api/extras/tags/', { name: 'Paged', slug: 'paged' });
      for (let i = 0; i < 6; i++) await tenant('Paged', { tags: [tag.id] });
      const site = await createOne(t, '/v4/api/dcim/sites/', { name: 'Paged site', slug: 'paged-site', tags: [tag.id] });
      const admin = (await get('/v4/api/authentication-check/')).id;
      await createOne(t, BOOKMARKS, { object_type: 'dcim.site', object_id: site.id, user: admin });
      const few = await pageStatements(t, () => t.get(`${TAGGED}?tag_id=${tag.id}&limit=2`).expect(200));
      const many = await pageStatements(t, () => t.get(`${TAGGED}?tag_id=${tag.id}&limit=7`).expect(200));
      expect(many).toBe(few);
      const bookmarksFew = await pageStatements(t, () => t.get(`${BOOKMARKS}?limit=1`).expect(200));
      const bookmarksMany = await pageStatements(t, () => t.get(`${BOOKMARKS}?limit=50`).expect(200));
      expect(bookmarksMany).toBe(bookmarksFew);
    });
  });

  describe('the 3.5 dialect', () => {
    const paths = ['custom-field-choice-sets', 'config-context-profiles', 'table-configs', 'bookmarks', 'tagged-objects'];

    it('lacks every one: 404, and no place in its root or schema, where /v4 lists and documents them', async () => {
      const v3Root = await get('/api/extras/');
      const v4Root = await get('/v4/api/extras/');
      const v3Schema = JSON.parse((await t.get('/api/schema/?format=json').buffer(true)).text);
      const v4Schema = JSON.parse((await t.get('/v4/api/schema/?format=json').buffer(true)).text);
      for (const path of paths) {
        expect({ path, status: (await t.get(`/api/extras/${path}/`)).status }).toEqual({ path, status: 404 });
        expect({ path, status: (await t.get(`/api/extras/${path}/1/`)).status }).toEqual({ path, status: 404 });
        expect(v3Root).not.toHaveProperty([path]);
        expect(v4Root[path]).toMatch(new RegExp(`/v4/api/extras/${path}/$`));
        expect(v3Schema.paths).not.toHaveProperty([`/api/extras/${path}/`]);
        expect(v4Schema.paths).toHaveProperty([`/v4/api/extras/${path}/`]);
      }
      expect(v4Schema.paths).toHaveProperty(['/v4/api/extras/custom-field-choice-sets/{id}/choices/']);
      expect(v3Schema.paths).not.toHaveProperty(['/api/extras/custom-field-choice-sets/{id}/choices/']);
      expect(v3Schema.components.schemas.CustomField.properties).not.toHaveProperty('choice_set');
      expect(v4Schema.components.schemas.CustomField.properties).toHaveProperty('choice_set');
      expect(v4Schema.components.schemas.CustomField.properties).not.toHaveProperty('choices');
      expect(v3Schema.components.schemas.ConfigContext.properties).not.toHaveProperty('profile');
    });
  });
});
