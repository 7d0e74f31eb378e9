import { TestApp } from './helpers/test-app';
import { Json, createOne, expectStatus } from './helpers/seed';
import { statementsDuring } from './helpers/queries';
import { grant, makeUserWithToken } from './helpers/users';
import { graphqlStreaming } from '../src/graphql/stream';

jest.setTimeout(300_000);

const V4 = '/v4/graphql/';
const V3 = '/graphql/';

function gql(t: TestApp, query: string, opts: { path?: string; token?: string | null; variables?: Json } = {}) {
  const body = opts.variables ? { query, variables: opts.variables } : { query };
  return t.post(opts.path ?? V4, body, opts.token === undefined ? t.token : opts.token);
}

/** The `data` of a query that must succeed. */
async function data(t: TestApp, query: string, opts: { path?: string; token?: string | null; variables?: Json } = {}): Promise<Json> {
  const res = await gql(t, query, opts);
  expectStatus(res, 200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

/** The messages of a query that must fail, answered as GraphQL errors (never a 5xx). */
async function errors(t: TestApp, query: string): Promise<string[]> {
  const res = await gql(t, query);
  expect(res.status).toBeLessThan(500);
  expect(res.body.errors?.length).toBeGreaterThan(0);
  expect(JSON.stringify(res.body.errors)).not.toContain('Internal server error');
  return res.body.errors.map((e: Json) => e.message);
}

/** The names of `<model>_list(filters: ...)`. */
async function named(t: TestApp, list: string, filters: string, field = 'name'): Promise<string[]> {
  const result = await data(t, `{ ${list}(filters: ${filters}) { ${field} } }`);
  return result[list].map((o: Json) => o[field]);
}

async function seedInventory(t: TestApp) {
  const post = (path: string, body: Json) => createOne(t, path, body);
  const tenant = await post('/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
  const dc1 = await post('/api/dcim/sites/', { name: 'DC1', slug: 'dc1', tenant: tenant.id, facility: 'Hall A' });
  const dc2 = await post('/api/dcim/sites/', { name: 'DC2', slug: 'dc2', status: 'planned' });
  const lab = await post('/api/dcim/sites/', { name: 'Lab_x', slug: 'lab', status: 'staging', description: 'Test lab' });
  const maker = await post('/api/dcim/manufacturers/', { name: 'Acme Networks', slug: 'acme-networks' });
  const type = await post('/api/dcim/device-types/', { manufacturer: maker.id, model: 'Switch 48', slug: 'switch-48' });
  const role = await post('/api/dcim/device-roles/', { name: 'Switch', slug: 'switch' });
  const tag = await post('/api/extras/tags/', { name: 'Core', slug: 'core' });
  const device = (name: string, site: Json, fields: Json = {}) => post('/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, status: 'active', ...fields });
  const sw1 = await device('sw1', dc1, { tags: [tag.id] });
  const sw2 = await device('sw2', dc1);
  const rtr1 = await device('rtr1', dc1, { status: 'planned' });
  const sw3 = await device('sw3', dc2);
  const eth0 = await post('/api/dcim/interfaces/', { device: sw1.id, name: 'eth0', type: '1000base-t' });
  await post('/api/dcim/interfaces/', { device: sw1.id, name: 'eth1', type: '1000base-t', enabled: false });
  const group = await post('/api/ipam/vlan-groups/', { name: 'Campus', slug: 'campus' });
  for (const [vid, name] of [
    [10, 'Users'],
    [20, 'Voice'],
    [30, 'Guests'],
    [40, 'Servers'],
  ] as const)
    await post('/api/ipam/vlans/', { vid, name, group: group.id });
  const mac = await post('/v4/api/dcim/mac-addresses/', { mac_address: '00:11:22:33:44:55', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
  return { tenant, dc1, dc2, lab, sw1, sw2, rtr1, sw3, eth0, tag, mac };
}

describe('GraphQL at /v4/graphql/ as NetBox 4.6 speaks it', () => {
  let t: TestApp;
  let seed: Awaited<ReturnType<typeof seedInventory>>;

  beforeAll(async () => {
    t = await TestApp.start();
    seed = await seedInventory(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('queries and types', () => {
    it('reads one object by its ID and lists, with 4.x arguments', async () => {
      const result = await data(t, `{ site(id: "${seed.dc1.id}") { __typename id name tenant { name } } site_list { name } }`);
      expect(result.site).toEqual({ __typename: 'SiteType', id: String(seed.dc1.id), name: 'DC1', tenant: { name: 'Acme' } });
      expect(result.site_list.map((s: Json) => s.name)).toEqual(['DC1', 'DC2', 'Lab_x']);
      expect((await data(t, '{ site(id: 999999) { name } }')).site).toBeNull();
      const schema = await data(t, '{ __schema { queryType { fields { name args { name type { name kind ofType { name } } } } } } }');
      const fields = new Map(schema.__schema.queryType.fields.map((f: Json) => [f.name, f]));
      expect((fields.get('site') as Json).args).toEqual([{ name: 'id', type: { name: null, kind: 'NON_NULL', ofType: { name: 'ID' } } }]);
      expect((fields.get('site_list') as Json).args.map((a: Json) => [a.name, a.type.name])).toEqual([
        ['filters', 'SiteFilter'],
        ['pagination', 'OffsetPaginationInput'],
      ]);
      // 4.6 has no `ordering` argument on its lists, and no 3.5 filter arguments.
      expect((fields.get('device_list') as Json).args.map((a: Json) => a.name)).toEqual(['filters', 'pagination']);
    });

    it('serves 4.x-only models on /v4/graphql/ and not on /graphql/', async () => {
      const result = await data(t, '{ mac_address_list { mac_address assigned_object { ... on InterfaceType { name } } } }');
      expect(result.mac_address_list).toEqual([{ mac_address: '00:11:22:33:44:55', assigned_object: { name: 'eth0' } }]);
      expect((await data(t, `{ mac_address(id: "${seed.mac.id}") { __typename } }`)).mac_address).toEqual({ __typename: 'MACAddressType' });
      const res = await gql(t, '{ mac_address_list { mac_address } }', { path: V3 });
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors[0].message).toContain('Cannot query field "mac_address_list"');
      // Its 3.5 syntax is unchanged there.
      expect((await data(t, '{ site_list(slug: "dc2") { name } }', { path: V3 })).site_list).toEqual([{ name: 'DC2' }]);
    });

    it("names fields as 4.6 does: a device's role, 4.x's fields; 3.5's names on /graphql/", async () => {
      const v4 = await data(t, `{ device(id: "${seed.sw1.id}") { role { slug } } interface(id: "${seed.eth0.id}") { primary_mac_address { mac_address } } }`);
      expect(v4.device).toEqual({ role: { slug: 'switch' } });
      expect(v4.interface).toEqual({ primary_mac_address: null });
      // Fields 4.6's serializers add to a model 3.5 has (a VLAN group's tenant), in its types and filters.
      const group = await data(t, '{ vlan_group_list(filters: {tenant_id: "999999"}) { name } all: vlan_group_list { name tenant { name } } }');
      expect(group).toEqual({ vlan_group_list: [], all: [{ name: 'Campus', tenant: null }] });
      const v3 = await data(t, `{ device(id: ${seed.sw1.id}) { device_role { slug } } }`, { path: V3 });
      expect(v3.device).toEqual({ device_role: { slug: 'switch' } });
      expect((await gql(t, `{ device(id: "${seed.sw1.id}") { device_role { slug } } }`)).body.errors[0].message).toContain('Cannot query field "device_role"');
      expect((await gql(t, `{ device(id: ${seed.sw1.id}) { role { slug } } }`, { path: V3 })).body.errors[0].message).toContain('Cannot query field "role"');
    });

    it('answers GET as POST, and a browser with GraphiQL querying /v4/graphql/', async () => {
      const query = encodeURIComponent('{ site_list(filters: {slug: {exact: "dc2"}}) { name } }');
      const res = await t.get(`${V4}?query=${query}`).set('Accept', 'application/json');
      expectStatus(res, 200);
      expect(res.body).toEqual({ data: { site_list: [{ name: 'DC2' }] } });
      const page = await t.get(V4).set('Accept', 'text/html');
      expectStatus(page, 200);
      expect(page.text).toContain('GraphiQL');
      expect(page.headers['api-version']).toBe('4.6');
    });

    it('reads JSON as the JSON scalar', async () => {
      const schema = await data(t, '{ __type(name: "SiteType") { fields { name type { name } } } }');
      expect(schema.__type.fields.find((f: Json) => f.name === 'custom_fields').type.name).toBe('JSON');
    });
  });

  describe('filters', () => {
    it('takes the string lookups', async () => {
      const sites = (lookup: string) => named(t, 'site_list', `{name: ${lookup}}`);
      expect(await sites('{exact: "DC1"}')).toEqual(['DC1']);
      expect(await sites('{exact: "dc1"}')).toEqual([]);
      expect(await sites('{i_exact: "dc1"}')).toEqual(['DC1']);
      expect(await sites('{contains: "C"}')).toEqual(['DC1', 'DC2']);
      expect(await sites('{contains: "c"}')).toEqual([]);
      expect(await sites('{i_contains: "c"}')).toEqual(['DC1', 'DC2']);
      // A wildcard of LIKE or GLOB is matched as itself.
      expect(await sites('{contains: "_"}')).toEqual(['Lab_x']);
      expect(await sites('{i_contains: "%"}')).toEqual([]);
      expect(await sites('{starts_with: "D"}')).toEqual(['DC1', 'DC2']);
      expect(await sites('{i_starts_with: "l"}')).toEqual(['Lab_x']);
      expect(await sites('{ends_with: "2"}')).toEqual(['DC2']);
      expect(await sites('{i_ends_with: "X"}')).toEqual(['Lab_x']);
      expect(await sites('{in_list: ["DC2", "Lab_x", "nope"]}')).toEqual(['DC2', 'Lab_x']);
      expect(await sites('{regex: "^D.[12]$"}')).toEqual(['DC1', 'DC2']);
      expect(await sites('{regex: "^d"}')).toEqual([]);
      expect(await sites('{i_regex: "^d"}')).toEqual(['DC1', 'DC2']);
      // Blank text is stored as '', not null, as Django stores it.
      expect(await named(t, 'site_list', '{description: {is_null: true}}')).toEqual([]);
      expect(await named(t, 'site_list', '{description: {is_null: false}, facility: {exact: "Hall A"}}')).toEqual(['DC1']);
      expect(await named(t, 'site_list', '{facility: {i_contains: "hall"}}')).toEqual(['DC1']);
    });

    it('takes the id and integer lookups', async () => {
      const { dc1, dc2, lab } = seed;
      expect(await named(t, 'site_list', `{id: {exact: "${dc2.id}"}}`)).toEqual(['DC2']);
      expect(await named(t, 'site_list', `{id: {in_list: ["${dc1.id}", "${lab.id}"]}}`)).toEqual(['DC1', 'Lab_x']);
      expect(await named(t, 'site_list', `{id: {gt: "${dc1.id}"}}`)).toEqual(['DC2', 'Lab_x']);
      expect(await named(t, 'site_list', `{id: {lte: "${dc2.id}"}}`)).toEqual(['DC1', 'DC2']);
      expect(await named(t, 'site_list', `{id: {range: {start: "${dc2.id}", end: "${lab.id}"}}}`)).toEqual(['DC2', 'Lab_x']);
      expect(await named(t, 'site_list', '{id: {is_null: true}}')).toEqual([]);
      const vlans = (lookup: string) => named(t, 'vlan_list', `{vid: ${lookup}}`);
      expect(await vlans('{filter_lookup: {exact: 20}}')).toEqual(['Voice']);
      expect(await vlans('{comparison_lookup: {gte: 30}}')).toEqual(['Guests', 'Servers']);
      expect(await vlans('{comparison_lookup: {lt: 20}}')).toEqual(['Users']);
      expect(await vlans('{range_lookup: {start: 20, end: 30}}')).toEqual(['Voice', 'Guests']);
      expect(await vlans('{filter_lookup: {in_list: [10, 40]}}')).toEqual(['Users', 'Servers']);
    });

    it('takes a choice as its enum, and booleans', async () => {
      expect(await named(t, 'site_list', '{status: {exact: STATUS_PLANNED}}')).toEqual(['DC2']);
      expect(await named(t, 'site_list', '{status: {in_list: [STATUS_PLANNED, STATUS_STAGING]}}')).toEqual(['DC2', 'Lab_x']);
      expect(await named(t, 'device_list', '{status: {exact: STATUS_PLANNED}}')).toEqual(['rtr1']);
      expect(await named(t, 'interface_list', '{enabled: {exact: false}}')).toEqual(['eth1']);
      const type = await data(t, '{ __type(name: "SiteStatusEnum") { enumValues { name } } }');
      expect(type.__type.enumValues.map((v: Json) => v.name)).toContain('STATUS_ACTIVE');
    });

    it('filters by related objects, by their filters, ids and tags', async () => {
      expect(await named(t, 'device_list', '{site: {slug: {exact: "dc2"}}}')).toEqual(['sw3']);
      expect(await named(t, 'device_list', '{site: {tenant: {name: {exact: "Acme"}}}}')).toEqual(['rtr1', 'sw1', 'sw2']);
      expect(await named(t, 'device_list', `{site_id: "${seed.dc2.id}"}`)).toEqual(['sw3']);
      // A device's role under 4.x's name.
      expect(await named(t, 'device_list', '{role: {slug: {exact: "switch"}}, name: {starts_with: "sw"}}')).toEqual(['sw1', 'sw2', 'sw3']);
      expect(await named(t, 'device_list', '{tags: {slug: {exact: "core"}}}')).toEqual(['sw1']);
      expect(await named(t, 'interface_list', '{device: {name: {exact: "sw1"}}, enabled: {exact: true}}')).toEqual(['eth0']);
    });

    it('nests AND, OR and NOT', async () => {
      expect(await named(t, 'site_list', '{status: {exact: STATUS_PLANNED}, OR: {name: {exact: "DC1"}}}')).toEqual(['DC1', 'DC2']);
      expect(await named(t, 'site_list', '{name: {starts_with: "D"}, AND: {name: {ends_with: "1"}}}')).toEqual(['DC1']);
      expect(await named(t, 'site_list', '{NOT: {name: {starts_with: "D"}}}')).toEqual(['Lab_x']);
      // A negated lookup over a column that is null keeps the row, as Django's does.
      expect(await named(t, 'site_list', '{NOT: {tenant: {name: {exact: "Acme"}}}}')).toEqual(['DC2', 'Lab_x']);
      expect(await named(t, 'site_list', '{OR: {name: {exact: "DC2"}, OR: {name: {exact: "Lab_x"}}}}')).toEqual(['DC2', 'Lab_x']);
      expect(await named(t, 'site_list', '{}')).toEqual(['DC1', 'DC2', 'Lab_x']);
    });

    it('refuses bad input as GraphQL errors', async () => {
      expect((await errors(t, '{ site_list(filters: {name: {like: "x"}}) { name } }'))[0]).toContain('"like" is not defined by type "StrFilterLookup"');
      expect((await errors(t, '{ site_list(filters: {nope: {exact: "x"}}) { name } }'))[0]).toContain('"nope" is not defined');
      expect((await errors(t, '{ vlan_list(filters: {vid: {filter_lookup: {exact: "x"}}}) { name } }'))[0]).toContain('Int cannot represent');
      expect((await errors(t, '{ site_list(filters: {status: {exact: "active"}}) { name } }'))[0]).toContain('SiteStatusEnum');
      // One lookup kind of a number's at a time.
      expect((await errors(t, '{ vlan_list(filters: {vid: {filter_lookup: {exact: 1}, range_lookup: {start: 1, end: 2}}}) { name } }'))[0]).toContain('exactly one key');
      expect((await errors(t, '{ site_list(filters: {id: {exact: "abc"}}) { name } }'))[0]).toContain('Invalid filter id');
      expect((await errors(t, '{ device_list(filters: {site_id: "x"}) { name } }'))[0]).toContain('Invalid filter site_id');
      expect((await errors(t, '{ site_list(filters: {name: {regex: "("}}) { name } }'))[0]).toContain('Invalid filter name');
      expect((await errors(t, '{ site(id: "x") { name } }'))[0]).toContain('Invalid id');
    });
  });

  describe('pagination', () => {
    it('pages by offset or by a starting id, within MAX_PAGE_SIZE', async () => {
      const page = async (pagination: string) => (await data(t, `{ vlan_list(pagination: ${pagination}) { name } }`)).vlan_list.map((v: Json) => v.name);
      expect(await page('{offset: 0, limit: 2}')).toEqual(['Users', 'Voice']);
      expect(await page('{offset: 2, limit: 2}')).toEqual(['Guests', 'Servers']);
      expect(await page('{offset: 3}')).toEqual(['Servers']);
      const ids = (await data(t, '{ vlan_list { id } }')).vlan_list.map((v: Json) => Number(v.id));
      expect(await page(`{start: ${ids[1]}, limit: 2}`)).toEqual(['Voice', 'Guests']);
      expect((await errors(t, '{ vlan_list(pagination: {start: 1, offset: 1}) { name } }'))[0]).toBe('Cannot specify both `start` and `offset` in pagination.');
      expect((await errors(t, '{ vlan_list(pagination: {offset: -1}) { name } }'))[0]).toContain('offset');
    });

    it('reads at most MAX_PAGE_SIZE objects', async () => {
      const small = await TestApp.start({ MAX_PAGE_SIZE: '2' });
      try {
        for (const name of ['a', 'b', 'c']) await createOne(small, '/api/dcim/sites/', { name, slug: name });
        const list = async (args: string) => (await data(small, `{ site_list${args} { name } }`)).site_list.map((s: Json) => s.name);
        expect(await list('')).toEqual(['a', 'b']);
        expect(await list('(pagination: {limit: 100})')).toEqual(['a', 'b']);
        expect(await list('(pagination: {offset: 2})')).toEqual(['c']);
      } finally {
        await small.close();
      }
    });
  });

  describe('without MAX_PAGE_SIZE', () => {
    let open: TestApp;
    const chunkSize = graphqlStreaming.chunkSize;
    beforeAll(async () => {
      open = await TestApp.start({ MAX_PAGE_SIZE: '0' });
      for (const name of ['a', 'b', 'c', 'd', 'e']) await createOne(open, '/api/dcim/sites/', { name, slug: name });
    });
    afterAll(async () => {
      graphqlStreaming.chunkSize = chunkSize;
      await open?.close();
    });

    it('reads every object without pagination, a chunk at a time, and as strawberry-django pages with it', async () => {
      const list = async (args: string) => (await data(open, `{ site_list${args} { name } }`)).site_list.map((s: Json) => s.name);
      graphqlStreaming.chunkSize = 2;
      expect(await list('')).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await list('(filters: {name: {regex: "[a-d]"}})')).toEqual(['a', 'b', 'c', 'd']);
      graphqlStreaming.chunkSize = chunkSize;
      expect(await list('(pagination: {offset: 1})')).toEqual(['b', 'c', 'd', 'e']);
      expect(await list('(pagination: {limit: 0})')).toEqual([]);
    });
  });

  describe('permissions and cost', () => {
    it('shows a user without view permission nothing, and a constrained one what the constraint allows', async () => {
      const { user, key } = await makeUserWithToken(t, 'v4viewer');
      expect((await data(t, '{ device_list { name } }', { token: key })).device_list).toEqual([]);
      expect((await data(t, `{ device(id: "${seed.sw1.id}") { name } }`, { token: key })).device).toBeNull();
      await grant(t, { object_types: ['dcim.device'], actions: ['view'], constraints: { name__startswith: 'sw' }, users: [user.id] });
      const result = await data(t, '{ device_list(filters: {status: {exact: STATUS_ACTIVE}}) { name site { name } } }', { token: key });
      // Sites are out of view: read as null.
      expect(result.device_list).toEqual([
        { name: 'sw1', site: null },
        { name: 'sw2', site: null },
        { name: 'sw3', site: null },
      ]);
    });

    it('costs a fixed number of statements for a nested list, whatever its length', async () => {
      const run = async () => {
        const res = await gql(t, '{ site_list(filters: {name: {starts_with: "D"}}) { name tenant { name } devices { name interfaces { name } tags { name } } } }');
        expectStatus(res, 200);
        return res.body.data.site_list;
      };
      await run();
      const before = await statementsDuring(t, run);
      const site = await createOne(t, '/api/dcim/sites/', { name: 'DC3', slug: 'dc3', tenant: seed.tenant.id });
      const type = (await t.get('/api/dcim/device-types/?slug=switch-48')).body.results[0];
      const role = (await t.get('/api/dcim/device-roles/?slug=switch')).body.results[0];
      for (let i = 0; i < 12; i++) {
        const device = await createOne(t, '/api/dcim/devices/', { name: `extra${i}`, device_type: type.id, device_role: role.id, site: site.id, tags: [seed.tag.id] });
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
      }
      const sites = await run();
      expect(sites.find((s: Json) => s.name === 'DC3').devices).toHaveLength(12);
      expect(await statementsDuring(t, run)).toBe(before);
    });

    it('refuses a list deeper or costlier than allowed, counting its pagination limit', async () => {
      const res = await gql(t, '{ site_list(pagination: {limit: 100000}) { devices { interfaces { name } } } }');
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors[0].message).toContain('exceeds the maximum');
    });
  });

  describe('nested lists', () => {
    it('take the related model\'s filters and a page of each parent\'s list', async () => {
      await createOne(t, '/api/dcim/interfaces/', { device: seed.sw2.id, name: 'eth0', type: '1000base-t' });
      await createOne(t, '/api/dcim/interfaces/', { device: seed.sw2.id, name: 'eth1', type: '1000base-t' });
      const result = await data(
        t,
        `{ device_list(filters: {name: {in_list: ["sw1", "sw2"]}}) {
            name
            enabled: interfaces(filters: {enabled: {exact: true}}) { name }
            second: interfaces(pagination: {offset: 1, limit: 1}) { name }
            all: interfaces { name }
            tags(filters: {slug: {exact: "core"}}) { name }
          } }`,
      );
      expect(result.device_list).toEqual([
        { name: 'sw1', enabled: [{ name: 'eth0' }], second: [{ name: 'eth1' }], all: [{ name: 'eth0' }, { name: 'eth1' }], tags: [{ name: 'Core' }] },
        { name: 'sw2', enabled: [{ name: 'eth0' }, { name: 'eth1' }], second: [{ name: 'eth1' }], all: [{ name: 'eth0' }, { name: 'eth1' }], tags: [] },
      ]);
      // A generic relation's list (an interface's MAC addresses) and a page from an id on.
      const eth = await data(t, `{ interface(id: "${seed.eth0.id}") { mac_addresses(filters: {mac_address: {i_starts_with: "00:11"}}) { mac_address } } }`);
      expect(eth.interface.mac_addresses).toEqual([{ mac_address: '00:11:22:33:44:55' }]);
      const site = await data(t, `{ site(id: "${seed.dc1.id}") { devices(pagination: {start: ${seed.sw2.id}, limit: 2}) { name } } }`);
      expect(site.site.devices.map((d: Json) => d.name)).toEqual(['sw2', 'rtr1']);
      const schema = await data(t, '{ __type(name: "DeviceType") { fields { name args { name type { name } } } } }');
      const interfaces = schema.__type.fields.find((f: Json) => f.name === 'interfaces');
      expect(interfaces.args).toEqual([
        { name: 'filters', type: { name: 'InterfaceFilter' } },
        { name: 'pagination', type: { name: 'OffsetPaginationInput' } },
      ]);
      expect((await errors(t, '{ device_list { interfaces(pagination: {offset: -1}) { name } } }'))[0]).toContain('offset');
      expect((await errors(t, '{ device_list { interfaces(filters: {name: {regex: "("}}) { name } } }'))[0]).toContain('Invalid filter name');
    });

    it('reads a filtered, paged nested list of a level\'s parents in a fixed number of statements', async () => {
      const run = async () => {
        const res = await gql(
          t,
          `{ site_list(filters: {name: {starts_with: "DC"}}) { name
              devices(filters: {name: {starts_with: "extra"}}, pagination: {limit: 3}) { name interfaces(filters: {name: {exact: "eth0"}}) { name } }
              other: devices(filters: {status: {exact: STATUS_PLANNED}}) { name }
            } }`,
        );
        expectStatus(res, 200);
        expect(res.body.errors).toBeUndefined();
        return res.body.data.site_list;
      };
      const before = await statementsDuring(t, run);
      const site = await createOne(t, '/api/dcim/sites/', { name: 'DC4', slug: 'dc4' });
      const type = (await t.get('/api/dcim/device-types/?slug=switch-48')).body.results[0];
      const role = (await t.get('/api/dcim/device-roles/?slug=switch')).body.results[0];
      for (let i = 0; i < 5; i++) {
        const device = await createOne(t, '/api/dcim/devices/', { name: `extra-dc4-${i}`, device_type: type.id, device_role: role.id, site: site.id });
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
      }
      const sites = await run();
      const dc4 = sites.find((s: Json) => s.name === 'DC4');
      expect(dc4.devices.map((d: Json) => d.name)).toEqual(['extra-dc4-0', 'extra-dc4-1', 'extra-dc4-2']);
      expect(dc4.devices[0].interfaces).toEqual([{ name: 'eth0' }]);
      expect(sites.find((s: Json) => s.name === 'DC1').other).toEqual([{ name: 'rtr1' }]);
      expect(await statementsDuring(t, run)).toBe(before);
    });

    it('pages each parent\'s list within MAX_PAGE_SIZE', async () => {
      const small = await TestApp.start({ MAX_PAGE_SIZE: '1' });
      try {
        const tenant = await createOne(small, '/api/tenancy/tenants/', { name: 'T', slug: 't' });
        for (const name of ['a', 'b']) await createOne(small, '/api/dcim/sites/', { name, slug: name, tenant: tenant.id });
        const result = await data(small, `{ tenant(id: "${tenant.id}") { sites { name } more: sites(pagination: {limit: 5}) { name } } }`);
        expect(result.tenant).toEqual({ sites: [{ name: 'a' }], more: [{ name: 'a' }] });
      } finally {
        await small.close();
      }
    });
  });

  describe('scalars', () => {
    it('reads timestamps, dates and decimals as 4.6 declares them, choices as their values', async () => {
      const rir = await createOne(t, '/api/ipam/rirs/', { name: 'RFC 1918', slug: 'rfc-1918' });
      const aggregate = await createOne(t, '/api/ipam/aggregates/', { prefix: '10.0.0.0/8', rir: rir.id, date_added: '2024-02-29' });
      const site = await createOne(t, '/api/dcim/sites/', { name: 'Geo', slug: 'geo', latitude: 12.5, longitude: -7.25 });
      const result = await data(t, `{ aggregate(id: "${aggregate.id}") { date_added created last_updated } site(id: "${site.id}") { latitude longitude status } }`);
      expect(result.aggregate).toEqual({ date_added: '2024-02-29', created: aggregate.created, last_updated: aggregate.last_updated });
      expect(result.site).toEqual({ latitude: '12.500000', longitude: '-7.250000', status: 'active' });
      const type = async (name: string) => new Map((await data(t, `{ __type(name: "${name}") { fields { name type { name ofType { name } } } } }`)).__type.fields.map((f: Json) => [f.name, f.type.name ?? f.type.ofType?.name]));
      const aggregateType = await type('AggregateType');
      // `created` is stored as a date (as REST shows it), `last_updated` as a timestamp.
      expect([aggregateType.get('date_added'), aggregateType.get('created'), aggregateType.get('last_updated')]).toEqual(['Date', 'Date', 'DateTime']);
      const siteType = await type('SiteType');
      expect([siteType.get('latitude'), siteType.get('status')]).toEqual(['Decimal', 'String']);
      expect((await type('ASNType')).get('asn')).toBe('BigInt');
      // 3.5's (graphene's) types are unchanged at /graphql/.
      const old = await data(t, `{ site(id: ${site.id}) { latitude created } }`, { path: V3 });
      expect(old.site).toEqual({ latitude: 12.5, created: site.created });
    });

    it('filters dates and timestamps by value and by their parts', async () => {
      const rir = (await t.get('/api/ipam/rirs/?slug=rfc-1918')).body.results[0];
      for (const [prefix, date_added] of [
        ['172.16.0.0/12', '2023-01-01'],
        ['192.168.0.0/16', '2024-12-30'],
        ['100.64.0.0/10', null],
      ])
        await createOne(t, '/api/ipam/aggregates/', { prefix, rir: rir.id, date_added });
      const aggregates = (filters: string) => named(t, 'aggregate_list', filters, 'prefix');
      expect(await aggregates('{date_added: {exact: "2024-02-29"}}')).toEqual(['10.0.0.0/8']);
      expect(await aggregates('{date_added: {gte: "2024-01-01"}}')).toEqual(['10.0.0.0/8', '192.168.0.0/16']);
      expect(await aggregates('{date_added: {range: {start: "2022-06-01", end: "2024-03-01"}}}')).toEqual(['10.0.0.0/8', '172.16.0.0/12']);
      expect(await aggregates('{date_added: {year: {exact: 2024}, month: {gt: 6}}}')).toEqual(['192.168.0.0/16']);
      expect(await aggregates('{date_added: {quarter: {exact: 1}}}')).toEqual(['10.0.0.0/8', '172.16.0.0/12']);
      // 2023-01-01 is a Sunday of ISO week 52 of 2022; 2024-12-30 a Monday of week 1 of 2025.
      expect(await aggregates('{date_added: {week_day: {exact: 1}}}')).toEqual(['172.16.0.0/12']);
      expect(await aggregates('{date_added: {iso_week_day: {exact: 7}}}')).toEqual(['172.16.0.0/12']);
      expect(await aggregates('{date_added: {iso_year: {exact: 2025}, week: {exact: 1}}}')).toEqual(['192.168.0.0/16']);
      expect(await aggregates('{date_added: {week: {exact: 52}}}')).toEqual(['172.16.0.0/12']);
      expect(await aggregates('{date_added: {day: {in_list: [29, 30]}}}')).toEqual(['10.0.0.0/8', '192.168.0.0/16']);
      expect(await aggregates('{date_added: {is_null: true}}')).toEqual(['100.64.0.0/10']);
      const now = new Date();
      const year = now.getUTCFullYear();
      const hour = now.getUTCHours();
      // Within the hour the aggregate was written in, or the next one should the clock have turned since.
      expect(await aggregates(`{last_updated: {year: {exact: ${year}}, hour: {in_list: [${hour}, ${(hour + 23) % 24}]}}, prefix: {exact: "10.0.0.0/8"}}`)).toEqual(['10.0.0.0/8']);
      expect(await aggregates(`{last_updated: {year: {lt: ${year}}}}`)).toEqual([]);
      expect(await aggregates(`{last_updated: {lt: "${year + 1}-01-01T00:00:00Z"}, prefix: {exact: "10.0.0.0/8"}}`)).toEqual(['10.0.0.0/8']);
      expect(await aggregates(`{created: {year: {exact: ${year}}}, prefix: {exact: "10.0.0.0/8"}}`)).toEqual(['10.0.0.0/8']);
      expect((await errors(t, '{ aggregate_list(filters: {date_added: {exact: "29 Feb"}}) { prefix } }'))[0]).toContain('Date cannot represent');
      expect((await errors(t, '{ aggregate_list(filters: {date_added: {exact: "2024-02-30"}}) { prefix } }'))[0]).toContain('Date cannot represent');
      expect((await errors(t, '{ aggregate_list(filters: {date_added: {year: {exact: "x"}}}) { prefix } }'))[0]).toContain('Int cannot represent');
    });
  });

  describe('tree filters', () => {
    it('pick objects related to a node of a tree or to its relatives', async () => {
      const region = (name: string, parent?: Json) => createOne(t, '/api/dcim/regions/', { name, slug: name.toLowerCase(), parent: parent?.id });
      const europe = await region('Europe');
      const germany = await region('Germany', europe);
      const france = await region('France', europe);
      const berlin = await region('Berlin', germany);
      const asia = await region('Asia');
      for (const [name, at] of [
        ['In Europe', europe],
        ['In Germany', germany],
        ['In France', france],
        ['In Berlin', berlin],
        ['In Asia', asia],
      ] as const)
        await createOne(t, '/api/dcim/sites/', { name, slug: name.toLowerCase().replace(' ', '-'), region: at.id });
      const sites = (node: Json, match: string) => named(t, 'site_list', `{region_id: {id: "${node.id}", match_type: ${match}}}`);
      expect(await sites(germany, 'EXACT')).toEqual(['In Germany']);
      expect(await sites(europe, 'DESCENDANTS')).toEqual(['In Berlin', 'In France', 'In Germany']);
      expect(await sites(europe, 'SELF_AND_DESCENDANTS')).toEqual(['In Berlin', 'In Europe', 'In France', 'In Germany']);
      expect(await sites(europe, 'CHILDREN')).toEqual(['In France', 'In Germany']);
      expect(await sites(germany, 'SIBLINGS')).toEqual(['In France']);
      expect(await sites(europe, 'SIBLINGS')).toEqual([]);
      expect(await sites(berlin, 'ANCESTORS')).toEqual(['In Europe', 'In Germany']);
      expect(await sites(berlin, 'PARENT')).toEqual(['In Germany']);
      expect(await sites(asia, 'PARENT')).toEqual([]);
      expect(await sites({ id: 999999 }, 'DESCENDANTS')).toEqual([]);
      // A tree's own parent is a plain id.
      expect(await named(t, 'region_list', `{parent_id: "${europe.id}"}`)).toEqual(['France', 'Germany']);
      expect((await errors(t, '{ site_list(filters: {region_id: {id: "x", match_type: EXACT}}) { name } }'))[0]).toContain('Invalid filter region_id');
      expect((await errors(t, `{ site_list(filters: {region_id: "${europe.id}"}) { name } }`))[0]).toContain('TreeNodeFilter');
    });
  });

  describe('filters over object types, JSON and lists', () => {
    it('filter an object type, or a list of them, by the content type\'s id, app label and model', async () => {
      const macs = (filters: string) => named(t, 'mac_address_list', filters, 'mac_address');
      expect(await macs('{assigned_object_type: {app_label: {exact: "dcim"}, model: {exact: "interface"}}}')).toEqual(['00:11:22:33:44:55']);
      expect(await macs('{assigned_object_type: {model: {exact: "vminterface"}}}')).toEqual([]);
      expect(await macs('{assigned_object_type: {NOT: {model: {exact: "vminterface"}}}}')).toEqual(['00:11:22:33:44:55']);
      await createOne(t, '/api/extras/custom-fields/', { name: 'owner', type: 'text', content_types: ['dcim.site', 'dcim.device'] });
      await createOne(t, '/api/extras/custom-fields/', { name: 'cost', type: 'integer', content_types: ['tenancy.tenant'] });
      const fields = (filters: string) => named(t, 'custom_field_list', filters);
      expect(await fields('{object_types: {model: {exact: "device"}}}')).toEqual(['owner']);
      expect(await fields('{object_types: {app_label: {in_list: ["dcim", "tenancy"]}}}')).toEqual(['cost', 'owner']);
      const type = await data(t, '{ __type(name: "ContentTypeFilter") { inputFields { name } } }');
      expect(type.__type.inputFields.map((f: Json) => f.name)).toEqual(['id', 'app_label', 'model', 'AND', 'OR', 'NOT', 'DISTINCT']);
    });

    it('filter a JSON document by a path and a lookup of the value there', async () => {
      const context = (name: string, data: Json) => createOne(t, '/api/extras/config-contexts/', { name, data });
      await context('ntp-eu', { ntp: { zone: 'eu-west', port: 123, enabled: true, servers: ['a', 'b'] } });
      await context('ntp-us', { ntp: { zone: 'us-east', port: 1123, enabled: false, servers: ['c'] } });
      await context('other', { ntp: { zone: 5 }, motd: 'hello' });
      const contexts = (path: string, lookup: string) => named(t, 'config_context_list', `{data: {path: "${path}", lookup: ${lookup}}}`);
      expect(await contexts('ntp__zone', '{string_lookup: {exact: "eu-west"}}')).toEqual(['ntp-eu']);
      expect(await contexts('ntp__zone', '{string_lookup: {i_starts_with: "US"}}')).toEqual(['ntp-us']);
      expect(await contexts('ntp__zone', '{string_lookup: {in_: ["eu-west", "us-east"]}}')).toEqual(['ntp-eu', 'ntp-us']);
      // A number is no string: its text matches no string lookup.
      expect(await contexts('ntp__zone', '{string_lookup: {exact: "5"}}')).toEqual([]);
      expect(await contexts('ntp__port', '{int_comparison_lookup: {gt: 200}}')).toEqual(['ntp-us']);
      expect(await contexts('ntp__port', '{int_range_lookup: {start: 100, end: 200}}')).toEqual(['ntp-eu']);
      expect(await contexts('ntp__port', '{float_comparison_lookup: {lte: 123.5}}')).toEqual(['ntp-eu']);
      expect(await contexts('ntp__enabled', '{boolean_lookup: {exact: false}}')).toEqual(['ntp-us']);
      expect(await contexts('ntp__servers__1', '{string_lookup: {exact: "b"}}')).toEqual(['ntp-eu']);
      expect(await contexts('motd', '{string_lookup: {isnull: true}}')).toEqual(['ntp-eu', 'ntp-us']);
      expect(await contexts('motd', '{string_lookup: {isnull: false}}')).toEqual(['other']);
      // An invalid path is no filter, as NetBox skips it.
      expect(await contexts('ntp____zone', '{string_lookup: {exact: "x"}}')).toEqual(['ntp-eu', 'ntp-us', 'other']);
      expect((await errors(t, '{ config_context_list(filters: {data: {path: "ntp", lookup: {string_lookup: {exact: "x"}, boolean_lookup: {exact: true}}}}) { name } }'))[0]).toContain('exactly one key');
      expect((await errors(t, '{ config_context_list(filters: {data: {path: "ntp__zone", lookup: {string_lookup: {regex: "("}}}}) { name } }'))[0]).toContain('Invalid filter data');
      // Custom field data under its stored name, as 4.6 filters it.
      await createOne(t, '/api/dcim/sites/', { name: 'Owned', slug: 'owned', custom_fields: { owner: 'NOC' } });
      expect(await named(t, 'site_list', '{custom_field_data: {path: "owner", lookup: {string_lookup: {exact: "NOC"}}}}')).toEqual(['Owned']);
    });

    it('filter a list by what it holds, and a list of ranges by a value in one', async () => {
      await createOne(t, '/api/ipam/services/', { device: seed.sw1.id, name: 'Web', protocol: 'tcp', ports: [80, 443] });
      await createOne(t, '/api/ipam/services/', { device: seed.sw1.id, name: 'SSH', protocol: 'tcp', ports: [22] });
      const services = (lookup: string) => named(t, 'service_list', `{ports: ${lookup}}`);
      expect(await services('{contains: [443]}')).toEqual(['Web']);
      expect(await services('{contains: [80, 22]}')).toEqual([]);
      expect(await services('{contained_by: [22, 80, 443, 8080]}')).toEqual(['SSH', 'Web']);
      expect(await services('{contained_by: [80]}')).toEqual([]);
      expect(await services('{overlap: [22, 8080]}')).toEqual(['SSH']);
      expect(await services('{length: 2}')).toEqual(['Web']);
      expect((await errors(t, '{ service_list(filters: {ports: {length: 1, contains: [22]}}) { name } }'))[0]).toContain('exactly one key');
      await createOne(t, '/v4/api/ipam/vlan-groups/', { name: 'Hundreds', slug: 'hundreds', vid_ranges: [[100, 199], [300, 310]] });
      const groups = (vid: number) => named(t, 'vlan_group_list', `{vid_ranges: {contains: ${vid}}}`);
      expect(await groups(150)).toEqual(['Campus', 'Hundreds']);
      expect(await groups(310)).toEqual(['Campus', 'Hundreds']);
      expect(await groups(250)).toEqual(['Campus']);
    });
  });
});
