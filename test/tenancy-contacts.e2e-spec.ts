import { pageStatements } from './helpers/queries';
import { Json, bulkCreate, createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/tenancy/${plural}/`;
const detail = (plural: string, id: number) => `/api/tenancy/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('tenancy contacts', () => {
  let t: TestApp;
  let noc: Json;
  let emea: Json;
  let ops: Json;
  let alice: Json;
  let bob: Json;
  let site: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const names = async (path: string, query: string) => (await t.get(`${path}?${query}&limit=0`)).body.results.map((o: Json) => o.name);

  beforeAll(async () => {
    t = await TestApp.start();
    noc = await make('contact-groups', { name: 'NOC', slug: 'noc' });
    emea = await make('contact-groups', { name: 'EMEA', slug: 'emea', parent: noc.id });
    ops = await make('contact-roles', { name: 'Operations', slug: 'ops' });
    alice = await make('contacts', { name: 'Alice', group: emea.id, email: 'alice@example.com', phone: '+31 20 123', link: 'https://example.com/alice' });
    bob = await make('contacts', { name: 'Bob' });
    site = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
  });
  afterAll(() => t.close());

  it('keeps contact groups as a tree with cumulative counts, and contacts in NetBox\'s form', async () => {
    expect(Object.keys(emea)).toEqual(['id', 'url', 'display', 'name', 'slug', 'parent', 'description', ...TIMES, 'contact_count', '_depth']);
    expect(emea).toMatchObject({ _depth: 1, parent: { id: noc.id, name: 'NOC', _depth: 0 } });
    expect((await t.get(detail('contact-groups', noc.id))).body.contact_count).toBe(1);
    expect(Object.keys(alice)).toEqual([
      'id', 'url', 'display', 'group', 'name', 'title', 'phone', 'email', 'address', 'link', 'description', 'comments', ...TIMES,
    ]);
    expect((await t.get(`${detail('contacts', alice.id)}?brief=1`)).body).toEqual({ id: alice.id, url: alice.url, display: 'Alice', name: 'Alice' });
    expect((await t.post(api('contacts'), { name: 'x', email: 'not-an-email' })).body).toEqual({ email: ['Enter a valid email address.'] });
    expect((await t.post(api('contacts'), { name: 'Alice', group: emea.id })).body).toEqual({ __all__: ['Contact with this Group and Name already exists.'] });
    expect((await t.post(api('contact-groups'), { name: 'EMEA', slug: 'emea-2', parent: noc.id })).body).toEqual({
      __all__: ['Contact group with this Parent and Name already exists.'],
    });
    expect(await names(api('contacts'), `group_id=${noc.id}`)).toEqual(['Alice']);
    expect(await names(api('contacts'), 'group=emea')).toEqual(['Alice']);
    expect(await names(api('contacts'), 'q=example.com')).toEqual(['Alice']);
    expect(await names(api('contacts'), 'email__ic=ALICE')).toEqual(['Alice']);
  });

  it('assigns contacts to objects, labelled and nested as NetBox, once per contact and role', async () => {
    const a = await make('contact-assignments', { content_type: 'dcim.site', object_id: site.id, contact: alice.id, role: ops.id, priority: 'primary' });
    expect(Object.keys(a)).toEqual(['id', 'url', 'display', 'content_type', 'object_id', 'object', 'contact', 'role', 'priority', 'created', 'last_updated']);
    expect(a).toMatchObject({
      display: 'Alice (Primary) -> Amsterdam',
      content_type: 'dcim.site',
      object: { id: site.id, name: 'Amsterdam', slug: 'ams' },
      contact: { id: alice.id, name: 'Alice' },
      role: { id: ops.id, slug: 'ops' },
      priority: { value: 'primary', label: 'Primary' },
    });
    expect((await t.get(`${detail('contact-assignments', a.id)}?brief=1`)).body).toEqual({
      id: a.id, url: a.url, display: 'Alice (Primary) -> Amsterdam', contact: a.contact, role: a.role, priority: a.priority,
    });
    const b = await make('contact-assignments', { content_type: 'dcim.site', object_id: site.id, contact: bob.id, role: ops.id });
    expect(b).toMatchObject({ display: 'Bob -> Amsterdam', priority: null });
    expect((await t.post(api('contact-assignments'), { content_type: 'dcim.site', object_id: site.id, contact: alice.id, role: ops.id })).body).toEqual({
      __all__: ['Contact assignment with this Content type, Object id, Contact and Role already exists.'],
    });
    expect((await t.post(api('contact-assignments'), { content_type: 'ipam.prefix', object_id: 1, contact: alice.id, role: ops.id })).body).toEqual({
      content_type: ['Invalid content type: ipam.prefix'],
    });
    expect((await t.post(api('contact-assignments'), { content_type: 'dcim.site', object_id: 9999, contact: alice.id, role: ops.id })).body).toEqual({
      non_field_errors: ['Invalid object: dcim.site ID 9999'],
    });
    expect((await t.post(api('contact-assignments'), { content_type: 'dcim.site', object_id: site.id, contact: alice.id, role: ops.id, priority: 'first' })).body).toEqual({
      priority: ['"first" is not a valid choice.'],
    });
    // A contact in use cannot go.
    expect((await t.delete(detail('contacts', bob.id))).status).toBe(409);
    const ids = async (query: string) => (await t.get(`${api('contact-assignments')}?${query}`)).body.results.map((x: Json) => x.id);
    expect(await ids('content_type=dcim.site&priority=primary')).toEqual([a.id]);
    expect(await ids(`contact_id=${bob.id}`)).toEqual([b.id]);
    // Ordered by priority, the blank one first, as NetBox orders them.
    expect(await ids(`object_id=${site.id}&role=ops`)).toEqual([b.id, a.id]);
    expect((await t.get(`${api('contact-assignments')}?content_type_id=x`)).status).toBe(400);
  });

  it('filters contact-capable objects by contact, role and group, and drops assignments with their object', async () => {
    const other = await createOne(t, '/api/dcim/sites/', { name: 'Rotterdam', slug: 'rtm' });
    const sites = (query: string) => names('/api/dcim/sites/', query);
    expect(await sites(`contact=${alice.id}`)).toEqual(['Amsterdam']);
    expect(await sites(`contact_role=${ops.id}`)).toEqual(['Amsterdam']);
    expect(await sites(`contact_group=${noc.id}`)).toEqual(['Amsterdam']);
    expect(await sites(`contact__n=${alice.id}`)).toEqual(['Rotterdam']);
    expect((await t.get(`/api/dcim/sites/?contact=alice`)).body).toEqual({ contact: ['“alice” is not a valid value.'] });
    const temp = await make('contact-assignments', { content_type: 'dcim.site', object_id: other.id, contact: alice.id, role: ops.id });
    expect((await t.delete(`/api/dcim/sites/${other.id}/`)).status).toBe(204);
    expect((await t.get(detail('contact-assignments', temp.id))).status).toBe(404);
  });

  it('lists a page of many assignments in a fixed number of statements', async () => {
    const tenants = await bulkCreate(t, api('tenants'), Array.from({ length: 40 }, (_, i) => ({ name: `T${i}`, slug: `t${i}` })));
    await bulkCreate(t, api('contact-assignments'), tenants.map((x) => ({ content_type: 'tenancy.tenant', object_id: x.id, contact: bob.id, role: ops.id, priority: 'secondary' })));
    const small = await pageStatements(t, () => t.get(`${api('contact-assignments')}?content_type=tenancy.tenant&limit=2`));
    const all = await pageStatements(t, () => t.get(`${api('contact-assignments')}?content_type=tenancy.tenant&limit=40`));
    expect(all).toBe(small);
  });
});
