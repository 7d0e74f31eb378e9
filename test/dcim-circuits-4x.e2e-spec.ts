import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** The routes of the models only 4.x has, by app, as 4.6.8 serves them below /v4/api/. */
const ROUTES: Record<string, string[]> = {
  virtualization: ['virtual-machine-types'],
  circuits: ['circuit-groups', 'circuit-group-assignments'],
};
const ALL_ROUTES = Object.entries(ROUTES).flatMap(([app, routes]) => routes.map((route) => `${app}/${route}`));

/** The keys of NetBox 3.5.9's representations, which /api/ keeps whatever 4.x added to the models. */
const KEYS_35 = {
  circuit: [
    'id', 'url', 'display', 'cid', 'provider', 'provider_account', 'type', 'status', 'tenant', 'install_date', 'termination_date', 'commit_rate', 'description',
    'termination_a', 'termination_z', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
  ],
  virtualmachine: [
    'id', 'url', 'display', 'name', 'status', 'site', 'cluster', 'device', 'role', 'tenant', 'platform', 'primary_ip', 'primary_ip4', 'primary_ip6', 'vcpus', 'memory', 'disk',
    'description', 'comments', 'local_context_data', 'tags', 'custom_fields', 'config_context', 'created', 'last_updated',
  ],
};

/** NetBox 4.6's DCIM, circuits and virtualization models that 3.5 did not have, on /v4 only, and what they add to the models 3.5 had. */
describe("4.x's further DCIM, circuit and virtualization models on /v4", () => {
  let t: TestApp;
  let site: Json;
  let cluster: Json;
  let platform: Json;
  let provider: Json;
  let circuitType: Json;
  let tenant: Json;
  let n = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    site = await createOne(t, '/api/dcim/sites/', { name: 'Bergen', slug: 'bergen' });
    const kvm = await createOne(t, '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    cluster = await createOne(t, '/api/virtualization/clusters/', { name: 'bgo-kvm', type: kvm.id });
    platform = await createOne(t, '/v4/api/dcim/platforms/', { name: 'Linux', slug: 'linux' });
    provider = await createOne(t, '/api/circuits/providers/', { name: 'Telia', slug: 'telia' });
    circuitType = await createOne(t, '/api/circuits/circuit-types/', { name: 'Transit', slug: 'transit' });
    const group = await createOne(t, '/api/tenancy/tenant-groups/', { name: 'Customers', slug: 'customers' });
    tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', group: group.id });
  });
  afterAll(() => t?.close());

  const v4 = (route: string) => `/v4/api/${route}/`;
  const read = async (url: string) => {
    const res = await t.get(url);
    expectStatus(res, 200);
    return res.body;
  };
  const names = async (url: string, key = 'name') => (await read(url)).results.map((o: Json) => o[key]);
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const answer = await res;
    expect(answer.status).toBe(400);
    return answer.body;
  };
  const count = async (route: string) => (await read(`${v4(route)}?limit=1`)).count;
  const changesOf = async (type: string, id: number) =>
    (await read(`/v4/api/core/object-changes/?changed_object_type=${type}&changed_object_id=${id}&ordering=time`)).results.map((c: Json) => c.action.value);
  const unique = (prefix: string) => `${prefix}-${++n}`;
  const circuit = (fields: Json = {}) => createOne(t, '/api/circuits/circuits/', { cid: unique('CID'), provider: provider.id, type: circuitType.id, ...fields });

  describe('generations', () => {
    it('are 4.x only: not found below /api/ nor /v3/api/, nor in 3.5 roots and schema', async () => {
      for (const route of ALL_ROUTES) {
        expect((await t.get(`/api/${route}/`)).status).toBe(404);
        expect((await t.get(`/v3/api/${route}/`)).status).toBe(404);
        expect((await t.get(`/api/${route}/1/`)).status).toBe(404);
        expect((await read(v4(route))).count).toEqual(expect.any(Number));
      }
      const paths = Object.keys((await read('/api/schema/?format=json')).paths);
      for (const [app, routes] of Object.entries(ROUTES)) {
        const root = await read(`/api/${app}/`);
        const root4 = await read(`/v4/api/${app}/`);
        for (const route of routes) {
          expect(root).not.toHaveProperty([route]);
          expect(root4[route]).toMatch(new RegExp(`/v4/api/${app}/${route}/$`));
          expect(paths.filter((p) => p.includes(`/${route}/`))).toEqual([]);
        }
      }
    });

    it('describes them in the /v4 schema, with their filters', async () => {
      const doc = await read('/v4/api/schema/?format=json');
      for (const route of ALL_ROUTES) {
        expect(doc.paths).toHaveProperty([`/v4/api/${route}/`]);
        expect(doc.paths).toHaveProperty([`/v4/api/${route}/{id}/`]);
      }
      expect(doc.paths['/v4/api/virtualization/virtual-machine-types/'].get.operationId).toBe('virtualization_virtual_machine_types_list');
      expect(Object.keys(doc.components.schemas.VirtualMachineType.properties)).toEqual(
        expect.arrayContaining(['name', 'slug', 'default_platform', 'default_vcpus', 'default_memory', 'virtual_machine_count']),
      );
      expect(doc.components.schemas.VirtualMachineWithConfigContext?.properties ?? doc.components.schemas.VirtualMachine.properties).toHaveProperty('virtual_machine_type');
      const params = (path: string) => doc.paths[path].get.parameters.map((p: Json) => p.name);
      expect(params('/v4/api/virtualization/virtual-machines/')).toEqual(expect.arrayContaining(['virtual_machine_type', 'virtual_machine_type_id']));
      expect(params('/v4/api/virtualization/virtual-machine-types/')).toEqual(expect.arrayContaining(['default_platform_id', 'default_platform', 'virtual_machine_count']));
      expect(params('/v4/api/circuits/circuit-group-assignments/')).toEqual(
        expect.arrayContaining(['group_id', 'group', 'member_type', 'member_type_id', 'member_id', 'priority', 'circuit_id', 'circuit', 'provider_id', 'provider']),
      );
      expect(doc.components.schemas.Circuit.properties).toHaveProperty('assignments');
    });
  });

  describe('virtual machine types', () => {
    const types = v4('virtualization/virtual-machine-types');
    const vms = v4('virtualization/virtual-machines');

    it("creates, reads (full and brief), changes and deletes one in NetBox 4.6's shape, counting its machines", async () => {
      const res = await t.post(types, { name: 'Small', slug: 'small', default_platform: platform.id, default_vcpus: 2, default_memory: 4096, description: 'two cores' });
      expectStatus(res, 201);
      const type = res.body;
      expect(Object.keys(type)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'default_platform', 'default_vcpus', 'default_memory', 'description', 'comments', 'tags', 'custom_fields',
        'created', 'last_updated', 'virtual_machine_count',
      ]);
      expect(type).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/virtualization/virtual-machine-types/${type.id}/$`)),
        display_url: expect.stringMatching(new RegExp(`/v4/virtualization/virtual-machine-types/${type.id}/$`)),
        display: 'Small',
        default_platform: { id: platform.id, name: 'Linux', slug: 'linux' },
        default_vcpus: 2,
        default_memory: 4096,
        virtual_machine_count: 0,
      });
      expect(await read(`${types}${type.id}/?brief=1`)).toEqual({ id: type.id, url: type.url, display: 'Small', name: 'Small', slug: 'small', description: 'two cores' });
      const changed = await t.patch(`${types}${type.id}/`, { default_vcpus: '1.5', default_platform: null, comments: 'burstable' });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ default_vcpus: 1.5, default_platform: null, comments: 'burstable' });
      expect(await changesOf('virtualization.virtualmachinetype', type.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${types}${type.id}/`), 204);
      expect((await t.get(`${types}${type.id}/`)).status).toBe(404);
    });

    it("gives a machine created with it the platform, vCPUs and memory it leaves empty, and nothing on later changes", async () => {
      const type = await createOne(t, types, { name: 'Medium', slug: 'medium', default_platform: platform.id, default_vcpus: 4, default_memory: 8192 });
      const res = await t.post(vms, { name: unique('typed'), cluster: cluster.id, virtual_machine_type: type.id, memory: 2048 });
      expectStatus(res, 201);
      expect(res.body).toMatchObject({
        virtual_machine_type: { id: type.id, url: type.url, display: 'Medium', name: 'Medium', slug: 'medium', description: '' },
        platform: { id: platform.id },
        vcpus: 4,
        memory: 2048,
      });
      const keys = Object.keys(res.body);
      expect(keys.slice(keys.indexOf('name'), keys.indexOf('name') + 3)).toEqual(['name', 'virtual_machine_type', 'role']);
      expect((await read(`${types}${type.id}/`)).virtual_machine_count).toBe(1);
      // Only a new machine takes them: one given a type later keeps its own.
      const bare = await createOne(t, vms, { name: unique('untyped'), cluster: cluster.id });
      const typed = await t.patch(`${vms}${bare.id}/`, { virtual_machine_type: type.id });
      expectStatus(typed, 200);
      expect(typed.body).toMatchObject({ virtual_machine_type: { id: type.id }, platform: null, vcpus: null, memory: null });
      // A type in use is protected.
      const inUse = await t.delete(`${types}${type.id}/`);
      expect(inUse.status).toBe(409);
    });

    it('refuses what 4.6 refuses, keyed by field, and writes nothing', async () => {
      await createOne(t, types, { name: 'Large', slug: 'large' });
      const before = await count('virtualization/virtual-machine-types');
      expect(await refused(t.post(types, { name: 'No slug' }))).toEqual({ slug: ['This field is required.'] });
      expect(await refused(t.post(types, { name: 'LARGE', slug: 'large-2' }))).toEqual({ __all__: ['Virtual machine type name must be unique.'] });
      expect(await refused(t.post(types, { name: 'Other', slug: 'large' }))).toEqual({ slug: ['virtual machine type with this slug already exists.'] });
      expect(await refused(t.post(types, { name: 'Bad', slug: 'bad', default_vcpus: 0, default_memory: -1, default_platform: 999999 }))).toEqual({
        default_vcpus: ['Ensure this value is greater than or equal to 0.01.'],
        default_memory: ['Ensure this value is greater than or equal to 0.'],
        default_platform: ['Related object not found using the provided numeric ID: 999999'],
      });
      expect(await refused(t.post(vms, { name: unique('bad'), cluster: cluster.id, virtual_machine_type: { slug: 'nothing' } }))).toEqual({
        virtual_machine_type: ["Related object not found using the provided attributes: {'slug': 'nothing'}"],
      });
      expect(await count('virtualization/virtual-machine-types')).toBe(before);
    });

    it('filters types and machines as 4.6 does', async () => {
      const child = await createOne(t, v4('dcim/platforms'), { name: 'Debian', slug: 'debian', parent: platform.id });
      const a = await createOne(t, types, { name: 'flt-a', slug: 'flt-a', default_platform: child.id, default_vcpus: 8, description: 'compute heavy' });
      const b = await createOne(t, types, { name: 'flt-b', slug: 'flt-b', default_memory: 1024, comments: 'tiny' });
      await createOne(t, vms, { name: unique('flt-vm'), cluster: cluster.id, virtual_machine_type: a.id });
      const found = (query: string) => names(`${types}?name__isw=flt-&${query}`);
      expect(await found(`default_platform_id=${platform.id}`)).toEqual(['flt-a']);
      expect(await found('default_platform=debian')).toEqual(['flt-a']);
      expect(await found('default_vcpus__gte=4')).toEqual(['flt-a']);
      expect(await found('default_memory=1024')).toEqual(['flt-b']);
      expect(await found('virtual_machine_count__gt=0')).toEqual(['flt-a']);
      expect(await found('q=tiny')).toEqual(['flt-b']);
      expect(await found('q=compute')).toEqual(['flt-a']);
      expect(await found('slug=flt-b')).toEqual(['flt-b']);
      const machines = await read(`${vms}?virtual_machine_type=flt-a`);
      expect(machines.results.map((m: Json) => m.virtual_machine_type.id)).toEqual([a.id]);
      expect((await read(`${vms}?virtual_machine_type_id=${b.id}`)).count).toBe(0);
      expect(await refused(t.get(`${vms}?virtual_machine_type=none-such`))).toEqual({ virtual_machine_type: ['Select a valid choice. none-such is not one of the available choices.'] });
      expect(await refused(t.get(`${types}?default_platform=none-such`))).toEqual({ default_platform: ['Select a valid choice. none-such is not one of the available choices.'] });
    });

    it("leaves 3.5's machines as they were: no type shown, taken or filtered by", async () => {
      const type = await createOne(t, types, { name: 'Hidden', slug: 'hidden', default_vcpus: 2 });
      const vm = await createOne(t, vms, { name: unique('seen-by-35'), cluster: cluster.id, virtual_machine_type: type.id });
      const old = await read(`/api/virtualization/virtual-machines/${vm.id}/`);
      expect(Object.keys(old)).toEqual(KEYS_35.virtualmachine);
      // 3.5 writing it back keeps the type it does not see.
      expectStatus(await t.patch(`/api/virtualization/virtual-machines/${vm.id}/`, { virtual_machine_type: null, description: 'from 3.5' }), 200);
      expect((await read(`${vms}${vm.id}/`)).virtual_machine_type).toMatchObject({ id: type.id });
      // Unknown to 3.5, the filter is ignored there.
      expect((await read(`/api/virtualization/virtual-machines/?virtual_machine_type_id=${type.id}&name=${vm.name}`)).count).toBe(1);
      expect((await read(`/api/virtualization/virtual-machines/?virtual_machine_type=none-such&name=${vm.name}`)).count).toBe(1);
    });

    it('costs a fixed number of statements per page', async () => {
      for (let k = 0; k < 6; k++) {
        const type = await createOne(t, types, { name: `paged-${k}`, slug: `paged-${k}`, default_platform: platform.id });
        await createOne(t, vms, { name: unique('paged-vm'), cluster: cluster.id, virtual_machine_type: type.id });
      }
      for (const url of [`${types}?name__isw=paged-`, `${vms}?virtual_machine_type=paged-0&virtual_machine_type=paged-1&virtual_machine_type=paged-2&virtual_machine_type=paged-3&virtual_machine_type=paged-4&virtual_machine_type=paged-5`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const twelve = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBe(6));
        expect(twelve).toBe(two);
      }
    });
  });
  describe('circuit groups and their assignments', () => {
    const groups = v4('circuits/circuit-groups');
    const assignments = v4('circuits/circuit-group-assignments');

    it("creates, reads (full and brief), changes and deletes a group in NetBox 4.6's shape, counting its assignments", async () => {
      const res = await t.post(groups, { name: 'Diverse paths', slug: 'diverse-paths', description: 'redundant pair', tenant: tenant.id });
      expectStatus(res, 201);
      const group = res.body;
      expect(Object.keys(group)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'description', 'tenant', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'circuit_count',
      ]);
      expect(group).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/circuits/circuit-groups/${group.id}/$`)),
        display: 'Diverse paths',
        tenant: { id: tenant.id, name: 'Acme', slug: 'acme' },
        circuit_count: 0,
      });
      expect(await read(`${groups}${group.id}/?brief=1`)).toEqual({ id: group.id, url: group.url, display: 'Diverse paths', name: 'Diverse paths' });
      const changed = await t.patch(`${groups}${group.id}/`, { tenant: null, comments: 'two carriers' });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ tenant: null, comments: 'two carriers' });
      expect(await changesOf('circuits.circuitgroup', group.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${groups}${group.id}/`), 204);
      expect((await t.get(`${groups}${group.id}/`)).status).toBe(404);
    });

    it("assigns circuits to a group with a priority, shown on the circuit as 4.6 nests them there", async () => {
      const group = await createOne(t, groups, { name: 'Ring', slug: 'ring' });
      const [c1, c2] = [await circuit(), await circuit()];
      const res = await t.post(assignments, { group: group.id, member_type: 'circuits.circuit', member_id: c1.id, priority: 'primary' });
      expectStatus(res, 201);
      const a = res.body;
      expect(Object.keys(a)).toEqual(['id', 'url', 'display_url', 'display', 'group', 'member_type', 'member_id', 'member', 'priority', 'tags', 'created', 'last_updated']);
      expect(a).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/circuits/circuit-group-assignments/${a.id}/$`)),
        display: 'Ring (Primary)',
        group: { id: group.id, url: group.url, display: 'Ring', name: 'Ring' },
        member_type: 'circuits.circuit',
        member_id: c1.id,
        member: { id: c1.id, display: c1.cid, cid: c1.cid, provider: expect.objectContaining({ id: provider.id }) },
        priority: { value: 'primary', label: 'Primary' },
      });
      expect(await read(`${assignments}${a.id}/?brief=1`)).toEqual({
        id: a.id, url: a.url, display: 'Ring (Primary)', group: a.group, member_type: 'circuits.circuit', member_id: c1.id, member: a.member, priority: a.priority,
      });
      const b = await createOne(t, assignments, { group: { slug: 'ring' }, member_type: 'circuits.circuit', member_id: c2.id });
      expect(b).toMatchObject({ display: 'Ring', priority: null });
      expect((await read(`${groups}${group.id}/`)).circuit_count).toBe(2);
      const shown = await read(`/v4/api/circuits/circuits/${c1.id}/`);
      expect(Object.keys(shown).slice(-2)).toEqual(['last_updated', 'assignments']);
      expect(shown.assignments).toEqual([{ id: a.id, url: a.url, display: 'Ring (Primary)', group: a.group, priority: { value: 'primary', label: 'Primary' } }]);
      expect((await read(`/v4/api/circuits/circuits/${c2.id}/`)).assignments).toEqual([{ id: b.id, url: b.url, display: 'Ring', group: a.group, priority: null }]);
      expect(Object.keys(await read(`/api/circuits/circuits/${c1.id}/`))).toEqual(KEYS_35.circuit);

      const changed = await t.patch(`${assignments}${b.id}/`, { priority: 'secondary' });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ display: 'Ring (Secondary)', priority: { value: 'secondary' } });
      expect((await read(`/v4/api/circuits/circuit-group-assignments/?group_id=${group.id}`)).results.map((x: Json) => x.display)).toEqual(['Ring (Primary)', 'Ring (Secondary)']);
      const changes = await read(`/v4/api/core/object-changes/?changed_object_type=circuits.circuitgroupassignment&changed_object_id=${b.id}&ordering=time`);
      expect(changes.results.map((c: Json) => [c.action.value, c.object_repr])).toEqual([
        ['create', 'Ring'],
        ['update', 'Ring (Secondary)'],
      ]);
      expectStatus(await t.delete(`${assignments}${b.id}/`), 204);
      expect((await read(`/v4/api/circuits/circuits/${c2.id}/`)).assignments).toEqual([]);
      // A circuit takes its assignments with it; a group too.
      expectStatus(await t.delete(`/v4/api/circuits/circuits/${c1.id}/`), 204);
      expect((await t.get(`${assignments}${a.id}/`)).status).toBe(404);
      const again = await createOne(t, assignments, { group: group.id, member_type: 'circuits.circuit', member_id: c2.id, priority: 'tertiary' });
      expectStatus(await t.delete(`${groups}${group.id}/`), 204);
      expect((await t.get(`${assignments}${again.id}/`)).status).toBe(404);
    });

    it('refuses what 4.6 refuses, keyed by field, and writes nothing', async () => {
      const group = await createOne(t, groups, { name: 'Strict', slug: 'strict' });
      const c = await circuit();
      await createOne(t, assignments, { group: group.id, member_type: 'circuits.circuit', member_id: c.id });
      const before = await count('circuits/circuit-group-assignments');
      expect(await refused(t.post(groups, { name: 'Strict', slug: 'strict' }))).toEqual({
        name: ['circuit group with this name already exists.'],
        slug: ['circuit group with this slug already exists.'],
      });
      expect(await refused(t.post(assignments, {}))).toEqual({ member_type: ['This field is required.'], member_id: ['This field is required.'], group: ['This field is required.'] });
      expect(await refused(t.post(assignments, { group: group.id, member_type: 'dcim.site', member_id: site.id, priority: 'first' }))).toEqual({
        member_type: ['Invalid content type: dcim.site'],
        priority: ['"first" is not a valid choice.'],
      });
      expect(await refused(t.post(assignments, { group: group.id, member_type: 'circuits.circuit', member_id: 999999 }))).toEqual({
        non_field_errors: ['Invalid member: circuits.circuit ID 999999'],
      });
      expect(await refused(t.post(assignments, { group: group.id, member_type: 'circuits.circuit', member_id: c.id, priority: 'primary' }))).toEqual({
        __all__: ['Circuit group assignment with this Member type, Member ID and Group already exists.'],
      });
      const bulk = await t.post(assignments, [
        { group: group.id, member_type: 'circuits.circuit', member_id: (await circuit()).id },
        { group: 999999, member_type: 'circuits.circuit', member_id: c.id },
      ]);
      expectStatus(bulk, 400);
      expect(await count('circuits/circuit-group-assignments')).toBe(before);
    });

    it('filters groups and assignments as 4.6 does', async () => {
      const other = await createOne(t, '/api/circuits/providers/', { name: 'Lumen', slug: 'lumen' });
      const [east, west] = [
        await createOne(t, groups, { name: 'flt-east', slug: 'flt-east', tenant: tenant.id, description: 'eastern ring' }),
        await createOne(t, groups, { name: 'flt-west', slug: 'flt-west' }),
      ];
      const [c1, c2, c3] = [await circuit({ cid: 'FLT-1' }), await circuit({ cid: 'FLT-2' }), await circuit({ cid: 'FLT-3', provider: other.id })];
      const a1 = await createOne(t, assignments, { group: east.id, member_type: 'circuits.circuit', member_id: c1.id, priority: 'primary' });
      const a2 = await createOne(t, assignments, { group: east.id, member_type: 'circuits.circuit', member_id: c2.id, priority: 'secondary' });
      const a3 = await createOne(t, assignments, { group: west.id, member_type: 'circuits.circuit', member_id: c3.id });
      const found = (query: string) => names(`${groups}?name__isw=flt-&${query}`);
      expect(await found('tenant=acme')).toEqual(['flt-east']);
      expect(await found(`tenant_group=customers`)).toEqual(['flt-east']);
      expect(await found('tenant_id=null')).toEqual(['flt-west']);
      expect(await found('q=eastern')).toEqual(['flt-east']);
      expect(await found('slug=flt-west')).toEqual(['flt-west']);
      const ids = async (query: string) => (await read(`${assignments}?group=flt-east&group=flt-west&${query}`)).results.map((x: Json) => x.id);
      expect(await ids('')).toEqual([a1.id, a2.id, a3.id]);
      expect(await ids(`group_id=${west.id}`)).toEqual([a3.id]);
      expect(await ids('priority=secondary')).toEqual([a2.id]);
      expect(await ids('priority__n=primary')).toEqual([a2.id, a3.id]);
      expect(await ids(`circuit_id=${c1.id}&circuit_id=${c3.id}`)).toEqual([a1.id, a3.id]);
      expect(await ids('circuit=FLT-2')).toEqual([a2.id]);
      expect(await ids('circuit=none-such')).toEqual([]);
      expect(await ids(`member_id=${c2.id}`)).toEqual([a2.id]);
      expect(await ids('member_type=circuits.circuit')).toHaveLength(3);
      expect(await ids('member_type=dcim.site')).toEqual([]);
      expect(await ids('provider=lumen')).toEqual([a3.id]);
      expect(await ids(`provider_id=${provider.id}`)).toEqual([a1.id, a2.id]);
      expect(await ids('q=flt-2')).toEqual([a2.id]);
      expect(await ids('q=west')).toEqual([a3.id]);
      const circuitType = (await read('/v4/api/core/object-types/?app_label=circuits&model=circuit')).results[0];
      expect(await ids(`member_type_id=${circuitType.id}`)).toHaveLength(3);
      expect(await refused(t.get(`${assignments}?circuit_id=x`))).toEqual({ circuit_id: ['Enter a whole number.'] });
      expect(await refused(t.get(`${assignments}?group=none-such`))).toEqual({ group: ['Select a valid choice. none-such is not one of the available choices.'] });
      expect(await refused(t.get(`${assignments}?priority=first`))).toEqual({ priority: ['Select a valid choice. first is not one of the available choices.'] });
    });

    it('takes tags on assignments, and tags and custom fields on groups', async () => {
      await createOne(t, '/api/extras/tags/', { name: 'Redundant', slug: 'redundant' });
      const field = await t.post('/v4/api/extras/custom-fields/', { name: 'ring_id', type: 'integer', object_types: ['circuits.circuitgroup'] });
      expectStatus(field, 201);
      const group = await createOne(t, groups, { name: 'Tagged', slug: 'tagged', tags: [{ slug: 'redundant' }], custom_fields: { ring_id: 7 } });
      expect(group).toMatchObject({ tags: [expect.objectContaining({ slug: 'redundant' })], custom_fields: { ring_id: 7 } });
      const a = await createOne(t, assignments, { group: group.id, member_type: 'circuits.circuit', member_id: (await circuit()).id, tags: [{ slug: 'redundant' }] });
      expect(a.tags).toEqual([expect.objectContaining({ slug: 'redundant' })]);
      expect((await read(`${assignments}?tag=redundant`)).results.map((x: Json) => x.id)).toEqual([a.id]);
      expect(await names(`${groups}?cf_ring_id=7`)).toEqual(['Tagged']);
    });

    it('costs a fixed number of statements per page of groups, assignments and circuits', async () => {
      const group = await createOne(t, groups, { name: 'paged', slug: 'paged', tenant: tenant.id });
      for (let k = 0; k < 6; k++) {
        const c = await circuit({ cid: `PAGED-${k}` });
        await createOne(t, assignments, { group: group.id, member_type: 'circuits.circuit', member_id: c.id, priority: 'primary' });
        const g = await createOne(t, groups, { name: `paged-${k}`, slug: `paged-${k}` });
        await createOne(t, assignments, { group: g.id, member_type: 'circuits.circuit', member_id: c.id });
      }
      for (const url of [`${groups}?name__isw=paged`, `${assignments}?circuit=PAGED-0&circuit=PAGED-1&circuit=PAGED-2&circuit=PAGED-3&circuit=PAGED-4&circuit=PAGED-5&limit=6`, `/v4/api/circuits/circuits/?cid__isw=PAGED-`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const more = await pageStatements(t, async () => expect((await read(`${url}&limit=7`)).results.length).toBeGreaterThanOrEqual(6));
        expect(more).toBe(two);
      }
    });
  });
});
