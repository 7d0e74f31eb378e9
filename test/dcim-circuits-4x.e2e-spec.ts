import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** The routes of the models only 4.x has, by app, as 4.6.8 serves them below /v4/api/. */
const ROUTES: Record<string, string[]> = {
  virtualization: ['virtual-machine-types'],
  dcim: ['rack-groups', 'rack-types', 'module-type-profiles', 'cable-bundles'],
  circuits: ['circuit-groups', 'circuit-group-assignments', 'virtual-circuit-types', 'virtual-circuits', 'virtual-circuit-terminations'],
};
const ALL_ROUTES = Object.entries(ROUTES).flatMap(([app, routes]) => routes.map((route) => `${app}/${route}`));

/** The keys of NetBox 3.5.9's representations, which /api/ keeps whatever 4.x added to the models. */
const KEYS_35 = {
  cable: [
    'id', 'url', 'display', 'type', 'a_terminations', 'b_terminations', 'status', 'tenant', 'label', 'color', 'length', 'length_unit', 'description', 'comments', 'tags',
    'custom_fields', 'created', 'last_updated',
  ],
  moduletype: ['id', 'url', 'display', 'manufacturer', 'model', 'part_number', 'weight', 'weight_unit', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated'],
  rack: [
    'id', 'url', 'display', 'name', 'facility_id', 'site', 'location', 'tenant', 'status', 'role', 'serial', 'asset_tag', 'type', 'width', 'u_height', 'weight', 'max_weight',
    'weight_unit', 'desc_units', 'outer_width', 'outer_depth', 'outer_unit', 'mounting_depth', 'description', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
    'device_count', 'powerfeed_count',
  ],
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
      expect(params('/v4/api/circuits/virtual-circuit-terminations/')).toEqual(
        expect.arrayContaining(['virtual_circuit_id', 'role', 'interface_id', 'provider_id', 'provider', 'provider_account_id', 'provider_account', 'provider_network_id']),
      );
      expect(params('/v4/api/dcim/interfaces/')).toEqual(expect.arrayContaining(['virtual_circuit_id', 'virtual_circuit_termination_id']));
      expect(params('/v4/api/dcim/racks/')).toEqual(expect.arrayContaining(['group', 'group_id', 'rack_type', 'rack_type_id', 'manufacturer', 'manufacturer_id']));
      expect(params('/v4/api/dcim/rack-types/')).toEqual(expect.arrayContaining(['manufacturer_id', 'form_factor', 'width', 'rack_count', 'outer_height']));
      expect(params('/v4/api/ipam/vlan-groups/')).toContain('rack_group');
      expect(doc.components.schemas.Rack.properties).toHaveProperty('rack_type');
      expect(doc.components.schemas.Rack.properties).toHaveProperty('group');
      expect(Object.keys(doc.components.schemas.ModuleType.properties)).toEqual(expect.arrayContaining(['profile', 'attributes']));
      expect(params('/v4/api/dcim/module-types/')).toEqual(expect.arrayContaining(['profile', 'profile_id']));
      expect(params('/v4/api/dcim/modules/')).toEqual(expect.arrayContaining(['profile', 'profile_id']));
      expect(params('/v4/api/dcim/cables/')).toEqual(expect.arrayContaining(['bundle', 'bundle_id']));
      expect(doc.components.schemas.Cable.properties).toHaveProperty('bundle');
      const v3 = await read('/api/schema/?format=json');
      expect(v3.paths['/api/dcim/interfaces/'].get.parameters.map((p: Json) => p.name)).not.toContain('virtual_circuit_id');
      expect(v3.paths['/api/dcim/racks/'].get.parameters.map((p: Json) => p.name)).not.toEqual(expect.arrayContaining(['rack_type']));
      expect(v3.components.schemas.Rack.properties).not.toHaveProperty('rack_type');
      expect(v3.components.schemas.Cable.properties).not.toHaveProperty('bundle');
      expect(v3.paths['/api/dcim/cables/'].get.parameters.map((p: Json) => p.name)).not.toContain('bundle_id');
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
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'default_platform', 'default_vcpus', 'default_memory', 'description', 'owner', 'comments', 'tags', 'custom_fields',
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
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'description', 'tenant', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'circuit_count',
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
      const objectType = (await read('/v4/api/core/object-types/?app_label=circuits&model=circuit')).results[0];
      expect(await ids(`member_type_id=${objectType.id}`)).toHaveLength(3);
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
  describe('virtual circuits, their types and terminations', () => {
    const types = v4('circuits/virtual-circuit-types');
    const vcs = v4('circuits/virtual-circuits');
    const terms = v4('circuits/virtual-circuit-terminations');
    let network: Json;
    let vcType: Json;
    let device: Json;

    beforeAll(async () => {
      network = await createOne(t, '/api/circuits/provider-networks/', { provider: provider.id, name: 'Telia MPLS' });
      vcType = await createOne(t, types, { name: 'EVPL', slug: 'evpl' });
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
      const dtype = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'MX204', slug: 'mx204' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'PE', slug: 'pe' });
      device = await createOne(t, '/api/dcim/devices/', { name: 'pe1', device_type: dtype.id, device_role: role.id, site: site.id });
    });

    const iface = (type = 'virtual') => createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('xe-0/0/0.'), type });
    const vc = (fields: Json = {}) => createOne(t, vcs, { cid: unique('VC'), provider_network: network.id, type: vcType.id, ...fields });

    it("creates, reads and deletes a virtual circuit type in 4.6's shape, counting its circuits", async () => {
      const res = await t.post(types, { name: 'E-LAN', slug: 'e-lan', color: 'aa1409', description: 'multipoint' });
      expectStatus(res, 201);
      expect(Object.keys(res.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'name', 'slug', 'color', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'virtual_circuit_count',
      ]);
      expect(res.body).toMatchObject({ display: 'E-LAN', color: 'aa1409', virtual_circuit_count: 0 });
      expect(await read(`${types}${res.body.id}/?brief=1`)).toEqual({
        id: res.body.id, url: res.body.url, display: 'E-LAN', name: 'E-LAN', slug: 'e-lan', description: 'multipoint', virtual_circuit_count: 0,
      });
      await vc({ type: res.body.id });
      expect((await read(`${types}${res.body.id}/`)).virtual_circuit_count).toBe(1);
      expect((await t.delete(`${types}${res.body.id}/`)).status).toBe(409);
      expect(await refused(t.post(types, { name: 'Bad', slug: 'bad', color: 'red' }))).toEqual({ color: ['Enter a valid hexadecimal RGB color code.'] });
      expect(await names(`${types}?color=aa1409`)).toEqual(['E-LAN']);
      expect(await names(`${types}?q=multi`)).toEqual(['E-LAN']);
    });

    it("creates, reads (full and brief), changes and deletes a virtual circuit in 4.6's shape", async () => {
      const account = await createOne(t, '/api/circuits/provider-accounts/', { provider: provider.id, account: '1234', name: 'Main' });
      const res = await t.post(vcs, { cid: 'VC-100', provider_network: network.id, provider_account: account.id, type: vcType.id, tenant: tenant.id, description: 'to Oslo' });
      expectStatus(res, 201);
      const c = res.body;
      expect(Object.keys(c)).toEqual([
        'id', 'url', 'display_url', 'display', 'cid', 'provider_network', 'provider_account', 'type', 'status', 'tenant', 'description', 'owner', 'comments', 'tags', 'custom_fields',
        'created', 'last_updated',
      ]);
      expect(c).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/circuits/virtual-circuits/${c.id}/$`)),
        display: 'VC-100',
        provider_network: { id: network.id, name: 'Telia MPLS' },
        provider_account: { id: account.id, account: '1234', name: 'Main' },
        type: { id: vcType.id, name: 'EVPL', slug: 'evpl' },
        status: { value: 'active', label: 'Active' },
        tenant: { id: tenant.id },
      });
      expect(await read(`${vcs}${c.id}/?brief=1`)).toEqual({ id: c.id, url: c.url, display: 'VC-100', provider_network: c.provider_network, cid: 'VC-100', description: 'to Oslo' });
      const changed = await t.patch(`${vcs}${c.id}/`, { status: 'planned', provider_account: null });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ status: { value: 'planned' }, provider_account: null });
      expect(await changesOf('circuits.virtualcircuit', c.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${vcs}${c.id}/`), 204);
      expect((await t.get(`${vcs}${c.id}/`)).status).toBe(404);
    });

    it('refuses what 4.6 refuses for a virtual circuit, keyed by field, and writes nothing', async () => {
      const other = await createOne(t, '/api/circuits/providers/', { name: 'Zayo', slug: 'zayo' });
      const foreign = await createOne(t, '/api/circuits/provider-accounts/', { provider: other.id, account: '99' });
      await vc({ cid: 'VC-TAKEN' });
      const before = await count('circuits/virtual-circuits');
      expect(await refused(t.post(vcs, { cid: 'x' }))).toEqual({ provider_network: ['This field is required.'], type: ['This field is required.'] });
      expect(await refused(t.post(vcs, { cid: 'VC-X', provider_network: network.id, type: vcType.id, provider_account: foreign.id }))).toEqual({
        provider_account: ['The assigned account must belong to the provider of the assigned network.'],
      });
      expect(await refused(t.post(vcs, { cid: 'VC-TAKEN', provider_network: network.id, type: vcType.id, status: 'up' }))).toEqual({ status: ['"up" is not a valid choice.'] });
      expect(await refused(t.post(vcs, { cid: 'VC-TAKEN', provider_network: network.id, type: vcType.id }))).toEqual({
        __all__: ['Virtual circuit with this Provider network and Circuit ID already exists.'],
      });
      expect(await count('circuits/virtual-circuits')).toBe(before);
    });

    it("terminates a virtual circuit at virtual interfaces as peers, hubs or spokes, in 4.6's shape", async () => {
      const c = await vc({ cid: 'VC-HUB' });
      const [a, b] = [await iface(), await iface('lag')];
      const res = await t.post(terms, { virtual_circuit: c.id, role: 'hub', interface: a.id, description: 'head end' });
      expectStatus(res, 201);
      const term = res.body;
      expect(Object.keys(term)).toEqual(['id', 'url', 'display_url', 'display', 'virtual_circuit', 'role', 'interface', 'description', 'tags', 'custom_fields', 'created', 'last_updated']);
      expect(term).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/circuits/virtual-circuit-terminations/${term.id}/$`)),
        display: 'VC-HUB: Hub termination',
        virtual_circuit: { id: c.id, cid: 'VC-HUB', display: 'VC-HUB' },
        role: { value: 'hub', label: 'Hub' },
        interface: { id: a.id, name: a.name, device: expect.objectContaining({ id: device.id, name: 'pe1' }) },
        description: 'head end',
      });
      expect(await read(`${terms}${term.id}/?brief=1`)).toEqual({
        id: term.id, url: term.url, display: 'VC-HUB: Hub termination', virtual_circuit: term.virtual_circuit, role: term.role, interface: term.interface, description: 'head end',
      });
      // The role is a peer's unless given.
      const spoke = await createOne(t, terms, { virtual_circuit: c.id, interface: b.id });
      expect(spoke).toMatchObject({ display: 'VC-HUB: Peer termination', role: { value: 'peer' } });
      const changed = await t.patch(`${terms}${spoke.id}/`, { role: 'spoke' });
      expectStatus(changed, 200);
      expect(changed.body.display).toBe('VC-HUB: Spoke termination');
      // A hub's interface reaches the spokes, a spoke's the hubs, on /v4; 3.5 has no virtual circuits to reach.
      const hubIface = await read(`/v4/api/dcim/interfaces/${a.id}/`);
      expect(hubIface).toMatchObject({ connected_endpoints_type: 'circuits.virtualcircuittermination', connected_endpoints_reachable: false });
      expect(hubIface.connected_endpoints).toEqual([
        { id: spoke.id, url: spoke.url, display: 'VC-HUB: Spoke termination', virtual_circuit: term.virtual_circuit, role: { value: 'spoke', label: 'Spoke' }, interface: expect.objectContaining({ id: b.id }), description: '' },
      ]);
      expect((await read(`/v4/api/dcim/interfaces/${b.id}/`)).connected_endpoints.map((x: Json) => x.id)).toEqual([term.id]);
      expect((await read(`/api/dcim/interfaces/${a.id}/`)).connected_endpoints).toBeNull();
      const changes = await read(`/v4/api/core/object-changes/?changed_object_type=circuits.virtualcircuittermination&related_object_type=circuits.virtualcircuit&related_object_id=${c.id}&ordering=time`);
      expect(changes.results.map((x: Json) => [x.action.value, x.object_repr])).toEqual([
        ['create', 'VC-HUB: Hub termination'],
        ['create', 'VC-HUB: Peer termination'],
        ['update', 'VC-HUB: Spoke termination'],
      ]);
      // An interface takes its termination with it; a virtual circuit its terminations.
      expectStatus(await t.delete(`/api/dcim/interfaces/${b.id}/`), 204);
      expect((await t.get(`${terms}${spoke.id}/`)).status).toBe(404);
      expectStatus(await t.delete(`${vcs}${c.id}/`), 204);
      expect((await t.get(`${terms}${term.id}/`)).status).toBe(404);
    });

    it('refuses a physical interface, an interface that already terminates one, and what 4.6 refuses, writing nothing', async () => {
      const c = await vc();
      const [virtual, physical] = [await iface(), await iface('1000base-t')];
      await createOne(t, terms, { virtual_circuit: c.id, interface: virtual.id });
      const before = await count('circuits/virtual-circuit-terminations');
      expect(await refused(t.post(terms, { virtual_circuit: c.id, interface: physical.id }))).toEqual({ __all__: ['Virtual circuits may be terminated only to virtual interfaces.'] });
      expect(await refused(t.post(terms, { virtual_circuit: c.id, interface: virtual.id }))).toEqual({ interface: ['virtual circuit termination with this interface already exists.'] });
      expect(await refused(t.post(terms, { role: 'leaf' }))).toEqual({
        virtual_circuit: ['This field is required.'],
        role: ['"leaf" is not a valid choice.'],
        interface: ['This field is required.'],
      });
      expect(await refused(t.post(terms, { virtual_circuit: c.id, interface: 999999 }))).toEqual({ interface: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await count('circuits/virtual-circuit-terminations')).toBe(before);
    });

    it('filters virtual circuits, their terminations and interfaces as 4.6 does', async () => {
      const zayo = await createOne(t, '/api/circuits/providers/', { name: 'Zayo Group', slug: 'zayo-group' });
      const zayoNet = await createOne(t, '/api/circuits/provider-networks/', { provider: zayo.id, name: 'Zayo Wave' });
      const account = await createOne(t, '/api/circuits/provider-accounts/', { provider: zayo.id, account: 'ZA-1' });
      const c1 = await vc({ cid: 'FLT-VC-1', tenant: tenant.id, comments: 'leased wave' });
      const c2 = await vc({ cid: 'FLT-VC-2', provider_network: zayoNet.id, provider_account: account.id, status: 'offline' });
      const found = (query: string) => names(`${vcs}?cid__isw=FLT-VC&${query}`, 'cid');
      expect(await found(`provider_id=${zayo.id}`)).toEqual(['FLT-VC-2']);
      expect(await found('provider=telia')).toEqual(['FLT-VC-1']);
      expect(await found(`provider_network_id=${zayoNet.id}`)).toEqual(['FLT-VC-2']);
      expect(await found(`provider_account_id=${account.id}`)).toEqual(['FLT-VC-2']);
      expect(await found('provider_account=ZA-1')).toEqual(['FLT-VC-2']);
      expect(await found('type=evpl')).toEqual(['FLT-VC-1', 'FLT-VC-2']);
      expect(await found('status=offline')).toEqual(['FLT-VC-2']);
      expect(await found('tenant=acme')).toEqual(['FLT-VC-1']);
      expect(await found('tenant_group=customers')).toEqual(['FLT-VC-1']);
      expect(await found('q=wave')).toEqual(['FLT-VC-1']);
      expect(await refused(t.get(`${vcs}?provider=none-such`))).toEqual({ provider: ['Select a valid choice. none-such is not one of the available choices.'] });

      const [i1, i2, i3] = [await iface(), await iface('bridge'), await iface()];
      const t1 = await createOne(t, terms, { virtual_circuit: c1.id, role: 'hub', interface: i1.id, description: 'first' });
      const t2 = await createOne(t, terms, { virtual_circuit: c1.id, role: 'spoke', interface: i2.id });
      const t3 = await createOne(t, terms, { virtual_circuit: c2.id, interface: i3.id });
      const ids = async (query: string) => (await read(`${terms}?virtual_circuit_id=${c1.id}&virtual_circuit_id=${c2.id}&${query}`)).results.map((x: Json) => x.id);
      // Ordered by virtual circuit, then role, then id.
      expect(await ids('')).toEqual([t1.id, t2.id, t3.id]);
      expect(await ids('role=spoke')).toEqual([t2.id]);
      expect(await ids('role__n=hub')).toEqual([t2.id, t3.id]);
      expect(await ids(`interface_id=${i3.id}`)).toEqual([t3.id]);
      expect(await ids(`provider_id=${zayo.id}`)).toEqual([t3.id]);
      expect(await ids('provider=telia')).toEqual([t1.id, t2.id]);
      expect(await ids(`provider_account_id=${account.id}`)).toEqual([t3.id]);
      expect(await ids('provider_account=ZA-1')).toEqual([t3.id]);
      expect(await ids(`provider_network_id=${network.id}`)).toEqual([t1.id, t2.id]);
      expect(await ids('q=FLT-VC-2')).toEqual([t3.id]);
      expect(await ids('q=first')).toEqual([t1.id]);
      expect(await ids('description=first')).toEqual([t1.id]);
      expect(await refused(t.get(`${terms}?role=leaf`))).toEqual({ role: ['Select a valid choice. leaf is not one of the available choices.'] });
      expect(await refused(t.get(`${terms}?interface_id=999999`))).toEqual({ interface_id: ['Select a valid choice. 999999 is not one of the available choices.'] });

      const interfaces = async (url: string) => (await read(url)).results.map((x: Json) => x.id);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_circuit_id=${c1.id}`)).toEqual([i1.id, i2.id]);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_circuit_termination_id=${t3.id}`)).toEqual([i3.id]);
      expect(await interfaces(`/v4/api/dcim/interfaces/?device_id=${device.id}&virtual_circuit_id__n=${c1.id}`)).not.toContain(i1.id);
      expect(await refused(t.get(`/v4/api/dcim/interfaces/?virtual_circuit_id=999999`))).toEqual({ virtual_circuit_id: ['Select a valid choice. 999999 is not one of the available choices.'] });
      // 3.5 has no such filters: ignored.
      expect((await read(`/api/dcim/interfaces/?device_id=${device.id}&virtual_circuit_id=${c1.id}`)).count).toBeGreaterThan(2);
    });

    it('takes a virtual circuit into a circuit group, found by the assignment filters', async () => {
      const group = await createOne(t, v4('circuits/circuit-groups'), { name: 'Mixed', slug: 'mixed' });
      const [physical, virtual] = [await circuit({ cid: 'MIX-1' }), await vc({ cid: 'MIX-V' })];
      const a1 = await createOne(t, v4('circuits/circuit-group-assignments'), { group: group.id, member_type: 'circuits.circuit', member_id: physical.id });
      const a2 = await createOne(t, v4('circuits/circuit-group-assignments'), { group: group.id, member_type: 'circuits.virtualcircuit', member_id: virtual.id, priority: 'secondary' });
      expect(a2).toMatchObject({ member_type: 'circuits.virtualcircuit', member: { id: virtual.id, cid: 'MIX-V', display: 'MIX-V' }, display: 'Mixed (Secondary)' });
      const ids = async (query: string) => (await read(`${v4('circuits/circuit-group-assignments')}?group=mixed&${query}`)).results.map((x: Json) => x.id);
      expect(await ids('')).toEqual([a1.id, a2.id]);
      expect(await ids(`virtual_circuit_id=${virtual.id}`)).toEqual([a2.id]);
      expect(await ids('virtual_circuit=MIX-V')).toEqual([a2.id]);
      expect(await ids('member_type=circuits.virtualcircuit')).toEqual([a2.id]);
      expect(await ids('provider=telia')).toEqual([a1.id, a2.id]);
      expect(await ids('q=mix-v')).toEqual([a2.id]);
      expect((await read(`${v4('circuits/circuit-groups')}${group.id}/`)).circuit_count).toBe(2);
      expectStatus(await t.delete(`${vcs}${virtual.id}/`), 204);
      expect(await ids('')).toEqual([a1.id]);
    });

    it('takes contacts, tags and custom fields', async () => {
      const role = await createOne(t, '/api/tenancy/contact-roles/', { name: 'NOC', slug: 'noc' });
      const alice = await createOne(t, '/api/tenancy/contacts/', { name: 'Alice' });
      await createOne(t, '/api/extras/tags/', { name: 'Wave', slug: 'wave' });
      const field = await t.post('/v4/api/extras/custom-fields/', { name: 'vlan_tag', type: 'integer', object_types: ['circuits.virtualcircuit', 'circuits.virtualcircuittermination'] });
      expectStatus(field, 201);
      const c = await vc({ cid: 'VC-FEATURED', tags: [{ slug: 'wave' }], custom_fields: { vlan_tag: 100 } });
      expect(c).toMatchObject({ tags: [expect.objectContaining({ slug: 'wave' })], custom_fields: { vlan_tag: 100 } });
      expect(await names(`${vcs}?cf_vlan_tag=100`, 'cid')).toEqual(['VC-FEATURED']);
      expect(await names(`${vcs}?tag=wave`, 'cid')).toEqual(['VC-FEATURED']);
      const term = await createOne(t, terms, { virtual_circuit: c.id, interface: (await iface()).id, custom_fields: { vlan_tag: 200 } });
      expect(term.custom_fields).toEqual({ vlan_tag: 200 });
      const assignment = await t.post('/v4/api/tenancy/contact-assignments/', { object_type: 'circuits.virtualcircuit', object_id: c.id, contact: alice.id, role: role.id });
      expectStatus(assignment, 201);
      expect(assignment.body.object).toMatchObject({ id: c.id, cid: 'VC-FEATURED' });
    });

    it('costs a fixed number of statements per page', async () => {
      for (let k = 0; k < 6; k++) {
        const c = await vc({ cid: `PAGED-VC-${k}`, tenant: tenant.id });
        await createOne(t, terms, { virtual_circuit: c.id, role: 'hub', interface: (await iface()).id });
        await createOne(t, terms, { virtual_circuit: c.id, role: 'spoke', interface: (await iface()).id });
      }
      for (const url of [`${vcs}?cid__isw=PAGED-VC-`, `${terms}?q=PAGED-VC-`, `/v4/api/dcim/interfaces/?device_id=${device.id}&type=virtual`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const twelve = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBeGreaterThanOrEqual(6));
        expect(twelve).toBe(two);
      }
    });
  });
  describe('rack groups and rack types', () => {
    const groups = v4('dcim/rack-groups');
    const types = v4('dcim/rack-types');
    const racks = v4('dcim/racks');
    let maker: Json;

    beforeAll(async () => {
      maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'APC', slug: 'apc' });
    });

    it("creates, reads (full and brief), changes and deletes a rack group in 4.6's shape, counting its racks", async () => {
      const res = await t.post(groups, { name: 'Row A', slug: 'row-a', description: 'cold aisle' });
      expectStatus(res, 201);
      const group = res.body;
      expect(Object.keys(group)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'slug', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'rack_count']);
      expect(group).toMatchObject({ url: expect.stringMatching(new RegExp(`/v4/api/dcim/rack-groups/${group.id}/$`)), display: 'Row A', rack_count: 0 });
      expect(await read(`${groups}${group.id}/?brief=1`)).toEqual({ id: group.id, url: group.url, display: 'Row A', name: 'Row A', slug: 'row-a', description: 'cold aisle', rack_count: 0 });
      const rack = await createOne(t, racks, { name: unique('R'), site: site.id, group: group.id });
      expect(rack.group).toEqual({ id: group.id, url: group.url, display: 'Row A', name: 'Row A', slug: 'row-a', description: 'cold aisle' });
      expect((await read(`${groups}${group.id}/`)).rack_count).toBe(1);
      expect(Object.keys(await read(`/api/dcim/racks/${rack.id}/`))).toEqual(KEYS_35.rack);
      // A group holding racks is protected.
      expect((await t.delete(`${groups}${group.id}/`)).status).toBe(409);
      expectStatus(await t.patch(`${racks}${rack.id}/`, { group: null }), 200);
      expect(await changesOf('dcim.rackgroup', group.id)).toEqual(['create']);
      expectStatus(await t.delete(`${groups}${group.id}/`), 204);
      expect(await refused(t.post(groups, { name: 'Row B' }))).toEqual({ slug: ['This field is required.'] });
    });

    it('filters groups, racks and reservations by group, and scopes VLAN groups to one, on /v4 only', async () => {
      const [a, b] = [await createOne(t, groups, { name: 'flt-a', slug: 'flt-a', description: 'first row' }), await createOne(t, groups, { name: 'flt-b', slug: 'flt-b' })];
      expect(await names(`${groups}?name__isw=flt-&q=first`)).toEqual(['flt-a']);
      expect(await names(`${groups}?name__isw=flt-&slug=flt-b`)).toEqual(['flt-b']);
      await createOne(t, racks, { name: 'GRP-1', site: site.id, group: a.id });
      const r2 = await createOne(t, racks, { name: 'GRP-2', site: site.id, group: b.id });
      expect(await names(`${racks}?name__isw=GRP-&group=flt-a`)).toEqual(['GRP-1']);
      expect(await names(`${racks}?name__isw=GRP-&group_id=${b.id}`)).toEqual(['GRP-2']);
      expect(await refused(t.get(`${racks}?group=none-such`))).toEqual({ group: ['Select a valid choice. none-such is not one of the available choices.'] });
      expect(await names(`/api/dcim/racks/?name__isw=GRP-&group=none-such`)).toEqual(['GRP-1', 'GRP-2']);
      const me = (await read('/api/users/users/?username=admin')).results[0] ?? (await read('/api/users/users/?limit=1')).results[0];
      const reservation = await createOne(t, '/api/dcim/rack-reservations/', { rack: r2.id, units: [1, 2], user: me.id, description: 'held' });
      expect((await read(`/v4/api/dcim/rack-reservations/?group_id=${b.id}`)).results.map((x: Json) => x.id)).toEqual([reservation.id]);
      expect((await read(`/v4/api/dcim/rack-reservations/?group=flt-a`)).count).toBe(0);
      const vlans = await createOne(t, '/v4/api/ipam/vlan-groups/', { name: 'Row VLANs', slug: 'row-vlans', scope_type: 'dcim.rackgroup', scope_id: a.id });
      expect(vlans).toMatchObject({ scope_type: 'dcim.rackgroup', scope_id: a.id, scope: { id: a.id, name: 'flt-a' } });
      expect((await read(`/v4/api/ipam/vlan-groups/?rack_group=${a.id}`)).results.map((g: Json) => g.id)).toEqual([vlans.id]);
      expect((await read(`/v4/api/ipam/vlan-groups/?rack_group=${b.id}`)).count).toBe(0);
    });

    it("creates, reads (full and brief), changes and deletes a rack type in 4.6's shape", async () => {
      const res = await t.post(types, {
        manufacturer: maker.id, model: 'NetShelter SX', slug: 'netshelter-sx', form_factor: '4-post-cabinet', width: 19, u_height: 45, starting_unit: 1, desc_units: false,
        outer_width: 600, outer_height: 2100, outer_depth: 1200, outer_unit: 'mm', weight: 150, max_weight: 1000, weight_unit: 'kg', mounting_depth: 900, description: '45U',
      });
      expectStatus(res, 201);
      const type = res.body;
      expect(Object.keys(type)).toEqual([
        'id', 'url', 'display_url', 'display', 'manufacturer', 'model', 'slug', 'description', 'form_factor', 'width', 'u_height', 'starting_unit', 'desc_units', 'outer_width',
        'outer_height', 'outer_depth', 'outer_unit', 'weight', 'max_weight', 'weight_unit', 'mounting_depth', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated',
        'rack_count',
      ]);
      expect(type).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/dcim/rack-types/${type.id}/$`)),
        display: 'NetShelter SX',
        manufacturer: { id: maker.id, name: 'APC', slug: 'apc' },
        form_factor: { value: '4-post-cabinet', label: '4-post cabinet' },
        width: { value: 19, label: '19 inches' },
        u_height: 45,
        outer_unit: { value: 'mm', label: 'Millimeters' },
        weight: 150,
        weight_unit: { value: 'kg', label: 'Kilograms' },
        rack_count: 0,
      });
      expect(await read(`${types}${type.id}/?brief=1`)).toEqual({
        id: type.id, url: type.url, display: 'NetShelter SX', manufacturer: type.manufacturer, model: 'NetShelter SX', slug: 'netshelter-sx', description: '45U', rack_count: 0,
      });
      // Without an outer dimension, the unit goes.
      const changed = await t.patch(`${types}${type.id}/`, { outer_width: null, outer_height: null, outer_depth: null, comments: 'discontinued' });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ outer_width: null, outer_unit: null, comments: 'discontinued' });
      expect(await changesOf('dcim.racktype', type.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${types}${type.id}/`), 204);
      expect((await t.get(`${types}${type.id}/`)).status).toBe(404);
    });

    it('gives a rack its physical attributes, and keeps them in step with the type', async () => {
      const type = await createOne(t, types, { manufacturer: maker.id, model: 'AR3100', slug: 'ar3100', form_factor: '4-post-cabinet', u_height: 42, outer_width: 600, outer_unit: 'mm', max_weight: 900, weight_unit: 'kg' });
      const res = await t.post(racks, { name: unique('TYPED'), site: site.id, rack_type: type.id, u_height: 10, form_factor: 'wall-frame' });
      expectStatus(res, 201);
      const rack = res.body;
      expect(rack).toMatchObject({
        rack_type: { id: type.id, url: type.url, display: 'AR3100', manufacturer: expect.objectContaining({ id: maker.id }), model: 'AR3100', slug: 'ar3100', description: '' },
        form_factor: { value: '4-post-cabinet' },
        u_height: 42,
        outer_width: 600,
        outer_unit: { value: 'mm' },
        max_weight: 900,
        weight_unit: { value: 'kg' },
      });
      const keys = Object.keys(rack);
      expect(keys.slice(keys.indexOf('asset_tag'), keys.indexOf('asset_tag') + 3)).toEqual(['asset_tag', 'rack_type', 'form_factor']);
      expect(keys.slice(keys.indexOf('location'), keys.indexOf('location') + 3)).toEqual(['location', 'group', 'tenant']);
      expect((await read(`${types}${type.id}/`)).rack_count).toBe(1);
      // 3.5 sees the attributes, not the type; what it writes of them the type overrides.
      const old = await read(`/api/dcim/racks/${rack.id}/`);
      expect(Object.keys(old)).toEqual(KEYS_35.rack);
      expect(old).toMatchObject({ type: { value: '4-post-cabinet' }, u_height: 42 });
      expectStatus(await t.patch(`/api/dcim/racks/${rack.id}/`, { u_height: 20, description: 'from 3.5' }), 200);
      expect(await read(`${racks}${rack.id}/`)).toMatchObject({ u_height: 42, description: 'from 3.5', rack_type: { id: type.id } });
      // A change of the type reaches its racks, each with a change record.
      expectStatus(await t.patch(`${types}${type.id}/`, { u_height: 48, desc_units: true }), 200);
      expect(await read(`${racks}${rack.id}/`)).toMatchObject({ u_height: 48, desc_units: true });
      const changes = await read(`/v4/api/core/object-changes/?changed_object_type=dcim.rack&changed_object_id=${rack.id}&ordering=time`);
      expect(changes.results.at(-1)).toMatchObject({ action: { value: 'update' }, prechange_data: expect.objectContaining({ u_height: 42 }), postchange_data: expect.objectContaining({ u_height: 48 }) });
      // Without a type, the rack keeps what it took and is its own again.
      const freed = await t.patch(`${racks}${rack.id}/`, { rack_type: null, u_height: 40 });
      expectStatus(freed, 200);
      expect(freed.body).toMatchObject({ rack_type: null, u_height: 40, form_factor: { value: '4-post-cabinet' } });
      // A type in use is protected.
      expectStatus(await t.patch(`${racks}${rack.id}/`, { rack_type: type.id }), 200);
      expect((await t.delete(`${types}${type.id}/`)).status).toBe(409);
    });

    it('keeps mounted devices inside the rack: a type or a height that would leave one out is refused', async () => {
      const small = await createOne(t, types, { manufacturer: maker.id, model: 'Wall 6U', slug: 'wall-6u', form_factor: 'wall-cabinet', u_height: 6 });
      const rack = await createOne(t, racks, { name: unique('MOUNTED'), site: site.id, u_height: 42 });
      const dtype = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: '2U box', slug: '2u-box', u_height: 2 });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Box', slug: 'box' });
      await createOne(t, '/api/dcim/devices/', { name: unique('box'), device_type: dtype.id, device_role: role.id, site: site.id, rack: rack.id, position: 10, face: 'front' });
      expect(await refused(t.patch(`${racks}${rack.id}/`, { rack_type: small.id }))).toEqual({ rack_type: ['Rack must be at least 11U tall to house currently installed devices.'] });
      expect(await refused(t.patch(`${racks}${rack.id}/`, { u_height: 8 }))).toEqual({ u_height: ['Rack must be at least 11U tall to house currently installed devices.'] });
      expect(await refused(t.patch(`${racks}${rack.id}/`, { starting_unit: 12 }))).toEqual({ starting_unit: ['Rack unit numbering must begin at 10 or less to house currently installed devices.'] });
      expect(await read(`${racks}${rack.id}/`)).toMatchObject({ rack_type: null, u_height: 42, starting_unit: 1 });
      expectStatus(await t.patch(`${racks}${rack.id}/`, { u_height: 11 }), 200);
    });

    it('refuses what 4.6 refuses for a rack type, keyed by field, and writes nothing', async () => {
      await createOne(t, types, { manufacturer: maker.id, model: 'Taken', slug: 'taken', form_factor: '2-post-frame' });
      const before = await count('dcim/rack-types');
      expect(await refused(t.post(types, { model: 'X' }))).toEqual({ manufacturer: ['This field is required.'], slug: ['This field is required.'] });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'No form', slug: 'no-form' }))).toEqual({ form_factor: ['This field cannot be blank.'] });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Null form', slug: 'null-form', form_factor: null }))).toEqual({ form_factor: ['This field cannot be null.'] });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Odd', slug: 'odd', form_factor: 'shelf', width: 17, u_height: 101 }))).toEqual({
        form_factor: ['"shelf" is not a valid choice.'],
        width: ['"17" is not a valid choice.'],
        u_height: ['Ensure this value is less than or equal to 100.'],
      });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Deep', slug: 'deep', form_factor: '2-post-frame', outer_depth: 800 }))).toEqual({
        __all__: ['Must specify a unit when setting an outer dimension'],
      });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Heavy', slug: 'heavy', form_factor: '2-post-frame', max_weight: 800 }))).toEqual({
        __all__: ['Must specify a unit when setting a maximum weight'],
      });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Taken', slug: 'taken-2', form_factor: '2-post-frame' }))).toEqual({
        __all__: ['Rack type with this Manufacturer and Model already exists.'],
      });
      expect(await refused(t.post(types, { manufacturer: maker.id, model: 'Other', slug: 'taken', form_factor: '2-post-frame' }))).toEqual({ slug: ['rack type with this slug already exists.'] });
      expect(await refused(t.post(racks, { name: unique('R'), site: site.id, rack_type: { slug: 'nothing' } }))).toEqual({ rack_type: ["Related object not found using the provided attributes: {'slug': 'nothing'}"] });
      expect(await count('dcim/rack-types')).toBe(before);
    });

    it('filters rack types, and racks by type and manufacturer, as 4.6 does', async () => {
      const vertiv = await createOne(t, '/api/dcim/manufacturers/', { name: 'Vertiv', slug: 'vertiv' });
      const a = await createOne(t, types, { manufacturer: vertiv.id, model: 'flt-VR', slug: 'flt-vr', form_factor: '4-post-frame', width: 23, u_height: 48, description: 'wide' });
      const b = await createOne(t, types, { manufacturer: maker.id, model: 'flt-AR', slug: 'flt-ar', form_factor: 'wall-frame', outer_height: 500, outer_unit: 'in', comments: 'compact' });
      await createOne(t, racks, { name: 'TYPE-1', site: site.id, rack_type: a.id });
      const found = (query: string) => names(`${types}?model__isw=flt-&${query}`, 'model');
      expect(await found(`manufacturer_id=${vertiv.id}`)).toEqual(['flt-VR']);
      expect(await found('manufacturer=apc')).toEqual(['flt-AR']);
      expect(await found('form_factor=wall-frame')).toEqual(['flt-AR']);
      expect(await found('width=23')).toEqual(['flt-VR']);
      expect(await found('u_height__gte=45')).toEqual(['flt-VR']);
      expect(await found('outer_height=500&outer_unit=in')).toEqual(['flt-AR']);
      expect(await found('rack_count=1')).toEqual(['flt-VR']);
      expect(await found('q=compact')).toEqual(['flt-AR']);
      expect(await found('q=wide')).toEqual(['flt-VR']);
      expect(await refused(t.get(`${types}?form_factor=shelf`))).toEqual({ form_factor: ['Select a valid choice. shelf is not one of the available choices.'] });
      expect(await names(`${racks}?rack_type=flt-vr`)).toEqual(['TYPE-1']);
      expect(await names(`${racks}?rack_type_id=${a.id}`)).toEqual(['TYPE-1']);
      expect(await names(`${racks}?manufacturer=vertiv`)).toEqual(['TYPE-1']);
      expect(await names(`${racks}?manufacturer_id=${vertiv.id}`)).toEqual(['TYPE-1']);
      expect(await names(`${racks}?rack_type_id=${b.id}`)).toEqual([]);
      expect(await refused(t.get(`${racks}?rack_type=none-such`))).toEqual({ rack_type: ['Select a valid choice. none-such is not one of the available choices.'] });
    });

    it('costs a fixed number of statements per page', async () => {
      const group = await createOne(t, groups, { name: 'paged', slug: 'paged' });
      for (let k = 0; k < 6; k++) {
        const type = await createOne(t, types, { manufacturer: maker.id, model: `paged-${k}`, slug: `paged-${k}`, form_factor: '2-post-frame' });
        await createOne(t, racks, { name: `PAGED-${k}`, site: site.id, rack_type: type.id, group: group.id });
      }
      for (const url of [`${types}?model__isw=paged-`, `${racks}?group=paged`, `${groups}?slug=paged`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const more = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBeGreaterThanOrEqual(1));
        expect(more).toBe(two);
      }
    });
  });
  describe('module type profiles', () => {
    const profiles = v4('dcim/module-type-profiles');
    const moduleTypes = v4('dcim/module-types');
    const SFP_SCHEMA = {
      properties: { speed: { type: 'integer', title: 'Speed (Gbps)', minimum: 1 }, reach: { type: 'string', enum: ['sr', 'lr', 'er'] }, coherent: { type: 'boolean' } },
      required: ['speed'],
    };
    let maker: Json;

    beforeAll(async () => {
      maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Finisar', slug: 'finisar' });
    });

    it("creates, reads (full and brief), changes and deletes a profile in 4.6's shape", async () => {
      const res = await t.post(profiles, { name: 'Transceiver', description: 'optics', schema: SFP_SCHEMA, comments: 'pluggables' });
      expectStatus(res, 201);
      const profile = res.body;
      expect(Object.keys(profile)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'schema', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated']);
      expect(profile).toMatchObject({ url: expect.stringMatching(new RegExp(`/v4/api/dcim/module-type-profiles/${profile.id}/$`)), display: 'Transceiver', schema: SFP_SCHEMA });
      expect(await read(`${profiles}${profile.id}/?brief=1`)).toEqual({ id: profile.id, url: profile.url, display: 'Transceiver', name: 'Transceiver', description: 'optics' });
      const changed = await t.patch(`${profiles}${profile.id}/`, { schema: null });
      expectStatus(changed, 200);
      expect(changed.body.schema).toBeNull();
      expect(await changesOf('dcim.moduletypeprofile', profile.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${profiles}${profile.id}/`), 204);
      expect((await t.get(`${profiles}${profile.id}/`)).status).toBe(404);
    });

    it('refuses a schema that is none, keyed by field, and what else 4.6 refuses, writing nothing', async () => {
      await createOne(t, profiles, { name: 'Taken' });
      const before = await count('dcim/module-type-profiles');
      expect(await refused(t.post(profiles, { name: 'List', schema: ['speed'] }))).toEqual({ schema: ['Invalid JSON schema definition'] });
      const bad = await refused(t.post(profiles, { name: 'Typo', schema: { properties: { speed: { type: 'integr' } } } }));
      expect(Object.keys(bad)).toEqual(['schema']);
      expect(bad.schema[0]).toMatch(/^Invalid JSON schema definition: 'integr' /);
      expect(await refused(t.post(profiles, { name: 'Taken' }))).toEqual({ name: ['module type profile with this name already exists.'] });
      expect(await refused(t.post(profiles, {}))).toEqual({ name: ['This field is required.'] });
      expect(await count('dcim/module-type-profiles')).toBe(before);
    });

    it("holds a module type's attributes to its profile's schema, merging an update's into those it has", async () => {
      const profile = await createOne(t, profiles, { name: 'Optic', schema: SFP_SCHEMA });
      const res = await t.post(moduleTypes, { manufacturer: maker.id, model: 'FTLX8574', profile: profile.id, attributes: { speed: 10, reach: 'sr' } });
      expectStatus(res, 201);
      const type = res.body;
      expect(Object.keys(type).slice(0, 15)).toEqual([
        'id', 'url', 'display_url', 'display', 'profile', 'manufacturer', 'model', 'part_number', 'airflow', 'weight', 'weight_unit', 'description', 'attributes', 'owner', 'comments',
      ]);
      expect(type).toMatchObject({ profile: { id: profile.id, url: profile.url, display: 'Optic', name: 'Optic', description: '' }, attributes: { speed: 10, reach: 'sr' } });
      expect(await read(`${moduleTypes}${type.id}/?brief=1`)).toMatchObject({ profile: type.profile, model: 'FTLX8574' });
      // An update's attributes join those the type has.
      const merged = await t.patch(`${moduleTypes}${type.id}/`, { attributes: { coherent: false } });
      expectStatus(merged, 200);
      expect(merged.body.attributes).toEqual({ speed: 10, reach: 'sr', coherent: false });
      expect(Object.keys(await read(`/api/dcim/module-types/${type.id}/`))).toEqual(KEYS_35.moduletype);

      const before = await read(`${moduleTypes}${type.id}/`);
      expect(await refused(t.patch(`${moduleTypes}${type.id}/`, { attributes: { speed: 'fast' } }))).toEqual({
        // jsonschema's whole str(), as NetBox formats it into its message.
        __all__: [
          "Invalid schema: 'fast' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['speed']:\n    {'type': 'integer', 'title': 'Speed (Gbps)', 'minimum': 1}\n\nOn instance['speed']:\n    'fast'",
        ],
      });
      expect(await refused(t.patch(`${moduleTypes}${type.id}/`, { attributes: { reach: 'zr' } }))).toEqual({ __all__: [expect.stringMatching(/^Invalid schema: 'zr' is not one of \['sr', 'lr', 'er'\]\n\nFailed validating 'enum' in schema\['properties'\]\['reach'\]:\n/)] });
      expect(await refused(t.post(moduleTypes, { manufacturer: maker.id, model: 'No speed', profile: profile.id, attributes: { reach: 'lr' } }))).toEqual({
        __all__: [expect.stringMatching(/^Invalid schema: 'speed' is a required property\n\nFailed validating 'required' in schema:\n/)],
      });
      expect(await refused(t.post(moduleTypes, { manufacturer: maker.id, model: 'Slow', profile: profile.id, attributes: { speed: 0 } }))).toEqual({
        __all__: [expect.stringMatching(/^Invalid schema: 0 is less than the minimum of 1\n\nFailed validating 'minimum' in schema\['properties'\]\['speed'\]:\n/)],
      });
      expect(await refused(t.post(moduleTypes, { manufacturer: maker.id, model: 'Nowhere', profile: 999999 }))).toEqual({ profile: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await read(`${moduleTypes}${type.id}/`)).toEqual(before);

      // Without a profile, or with one without a schema, a type holds no attributes.
      const loose = await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'Loose', attributes: { speed: 1 } });
      expect(loose).toMatchObject({ profile: null, attributes: null });
      const schemaless = await createOne(t, profiles, { name: 'Schemaless' });
      expect((await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'Free', profile: schemaless.id, attributes: { any: 'thing' } })).attributes).toBeNull();
      const dropped = await t.patch(`${moduleTypes}${type.id}/`, { profile: null });
      expectStatus(dropped, 200);
      expect(dropped.body).toMatchObject({ profile: null, attributes: null });
      // A profile in use is protected.
      await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'Held', profile: profile.id, attributes: { speed: 100 } });
      expect((await t.delete(`${profiles}${profile.id}/`)).status).toBe(409);
    });

    it('filters profiles, module types and modules by profile, as 4.6 does', async () => {
      const [a, b] = [await createOne(t, profiles, { name: 'flt-psu', description: 'power supplies' }), await createOne(t, profiles, { name: 'flt-fan', comments: 'cooling' })];
      expect(await names(`${profiles}?name__isw=flt-&q=power`)).toEqual(['flt-psu']);
      expect(await names(`${profiles}?name__isw=flt-&q=cooling`)).toEqual(['flt-fan']);
      expect(await names(`${profiles}?description=power supplies`)).toEqual(['flt-psu']);
      const psu = await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'flt-PSU-1100', profile: a.id });
      await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'flt-FAN-1', profile: b.id });
      const types = (query: string) => names(`${moduleTypes}?model__isw=flt-&${query}`, 'model');
      expect(await types('profile=flt-psu')).toEqual(['flt-PSU-1100']);
      expect(await types(`profile_id=${b.id}`)).toEqual(['flt-FAN-1']);
      expect(await types('profile_id=null')).toEqual([]);
      expect(await refused(t.get(`${moduleTypes}?profile=none-such`))).toEqual({ profile: ['Select a valid choice. none-such is not one of the available choices.'] });
      // 3.5 has no such filter: ignored.
      expect((await read('/api/dcim/module-types/?model__isw=flt-&profile=none-such')).count).toBe(2);

      // 4.3's attribute filters: `attr_<key>[__<lookup>]`, the value read as JSON where it parses.
      const optic = await createOne(t, profiles, { name: 'flt-optic', schema: SFP_SCHEMA });
      await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'flt-SR', profile: optic.id, attributes: { speed: 10, reach: 'sr', coherent: false } });
      await createOne(t, moduleTypes, { manufacturer: maker.id, model: 'flt-ZR', profile: optic.id, attributes: { speed: 400, reach: 'er', coherent: true } });
      expect(await types('attr_speed=10')).toEqual(['flt-SR']);
      expect(await types('attr_speed__gte=100')).toEqual(['flt-ZR']);
      expect(await types('attr_speed__lt=100')).toEqual(['flt-SR']);
      expect(await types('attr_reach=er')).toEqual(['flt-ZR']);
      expect(await types('attr_reach__icontains=S')).toEqual(['flt-SR']);
      expect(await types('attr_coherent=true')).toEqual(['flt-ZR']);
      expect(await types('attr_speed="10"')).toEqual([]);
      expect(await types('attr_missing__isnull=false')).toEqual([]);
      expect(await types('attr_speed__isnull=false&profile=flt-optic')).toEqual(['flt-SR', 'flt-ZR']);
      expect((await read('/api/dcim/module-types/?model__isw=flt-&attr_speed=10')).count).toBe(4);

      const site2 = await createOne(t, '/api/dcim/sites/', { name: 'Module site', slug: 'module-site' });
      const dtype = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Chassis', slug: 'chassis' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Chassis', slug: 'chassis' });
      const device = await createOne(t, '/api/dcim/devices/', { name: 'ch1', device_type: dtype.id, device_role: role.id, site: site2.id });
      const bay = await createOne(t, '/api/dcim/module-bays/', { device: device.id, name: 'PSU0' });
      const module = await createOne(t, '/api/dcim/modules/', { device: device.id, module_bay: bay.id, module_type: psu.id });
      expect((await read(`/v4/api/dcim/modules/?profile=flt-psu`)).results.map((m: Json) => m.id)).toEqual([module.id]);
      expect((await read(`/v4/api/dcim/modules/?profile_id=${b.id}`)).count).toBe(0);
    });
  });
  describe('cable bundles', () => {
    const bundles = v4('dcim/cable-bundles');
    const cables = v4('dcim/cables');
    let device: Json;

    beforeAll(async () => {
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Cisco', slug: 'cisco' });
      const dtype = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'C9300', slug: 'c9300' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Access', slug: 'access' });
      device = await createOne(t, '/api/dcim/devices/', { name: 'sw1', device_type: dtype.id, device_role: role.id, site: site.id });
    });

    const cable = async (fields: Json = {}) => {
      const [a, b] = [
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('Gi1/0/'), type: '1000base-t' }),
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('Gi1/0/'), type: '1000base-t' }),
      ];
      return createOne(t, cables, { a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }], b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }], ...fields });
    };

    it("creates, reads (full and brief), changes and deletes a bundle in 4.6's shape, counting its cables", async () => {
      const res = await t.post(bundles, { name: 'Trunk 1', description: 'riser', comments: 'north shaft' });
      expectStatus(res, 201);
      const bundle = res.body;
      expect(Object.keys(bundle)).toEqual(['id', 'url', 'display_url', 'display', 'name', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', 'cable_count']);
      expect(bundle).toMatchObject({ url: expect.stringMatching(new RegExp(`/v4/api/dcim/cable-bundles/${bundle.id}/$`)), display: 'Trunk 1', cable_count: 0 });
      expect(await read(`${bundles}${bundle.id}/?brief=1`)).toEqual({ id: bundle.id, url: bundle.url, display: 'Trunk 1', name: 'Trunk 1', description: 'riser' });
      const changed = await t.patch(`${bundles}${bundle.id}/`, { description: 'riser A' });
      expectStatus(changed, 200);
      expect(await changesOf('dcim.cablebundle', bundle.id)).toEqual(['create', 'update']);
      expectStatus(await t.delete(`${bundles}${bundle.id}/`), 204);
      expect((await t.get(`${bundles}${bundle.id}/`)).status).toBe(404);
      expect(await refused(t.post(bundles, {}))).toEqual({ name: ['This field is required.'] });
      await createOne(t, bundles, { name: 'Taken' });
      expect(await refused(t.post(bundles, { name: 'Taken' }))).toEqual({ name: ['cable bundle with this name already exists.'] });
      expect(await refused(t.post(bundles, { name: 'Long', description: 'x'.repeat(201) }))).toEqual({ description: ['Ensure this field has no more than 200 characters.'] });
    });

    it("puts cables in a bundle on /v4, which 3.5 neither shows nor takes, and frees them when it goes", async () => {
      const bundle = await createOne(t, bundles, { name: 'Loom', description: 'rack 4' });
      const c = await cable({ bundle: bundle.id, label: 'L-1' });
      const keys = Object.keys(c);
      expect(keys.slice(keys.indexOf('tenant'), keys.indexOf('tenant') + 3)).toEqual(['tenant', 'bundle', 'label']);
      expect(c.bundle).toEqual({ id: bundle.id, url: bundle.url, display: 'Loom', name: 'Loom', description: 'rack 4' });
      expect((await read(`${bundles}${bundle.id}/`)).cable_count).toBe(1);
      expect(Object.keys(await read(`/api/dcim/cables/${c.id}/`))).toEqual(KEYS_35.cable);
      expectStatus(await t.patch(`/api/dcim/cables/${c.id}/`, { bundle: null, label: 'L-1a' }), 200);
      expect(await read(`${cables}${c.id}/`)).toMatchObject({ label: 'L-1a', bundle: { id: bundle.id } });
      const other = await cable({ bundle: { name: 'Loom' } });
      expect(other.bundle).toMatchObject({ id: bundle.id });
      expect(await refused(t.post(cables, { ...(await cableBody()), bundle: 999999 }))).toEqual({ bundle: ['Related object not found using the provided numeric ID: 999999'] });
      // Deleting a bundle leaves its cables unbundled.
      expectStatus(await t.delete(`${bundles}${bundle.id}/`), 204);
      expect((await read(`${cables}${c.id}/`)).bundle).toBeNull();
    });

    const cableBody = async () => {
      const [a, b] = [
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('Te1/0/'), type: '10gbase-x-sfpp' }),
        await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('Te1/0/'), type: '10gbase-x-sfpp' }),
      ];
      return { a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }], b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }] };
    };

    it('filters bundles, and cables by bundle on /v4 only', async () => {
      const [a, b] = [await createOne(t, bundles, { name: 'flt-east', description: 'east riser' }), await createOne(t, bundles, { name: 'flt-west', comments: 'west wall' })];
      expect(await names(`${bundles}?name__isw=flt-&q=riser`)).toEqual(['flt-east']);
      expect(await names(`${bundles}?name__isw=flt-&q=wall`)).toEqual(['flt-west']);
      expect(await names(`${bundles}?name=flt-west`)).toEqual(['flt-west']);
      const [c1, c2] = [await cable({ bundle: a.id }), await cable({ bundle: b.id })];
      const ids = async (url: string) => (await read(url)).results.map((x: Json) => x.id);
      expect(await ids(`${cables}?bundle=flt-east`)).toEqual([c1.id]);
      expect(await ids(`${cables}?bundle_id=${b.id}`)).toEqual([c2.id]);
      expect(await ids(`${cables}?bundle_id=${a.id}&bundle_id=${b.id}`)).toEqual([c1.id, c2.id]);
      expect(await refused(t.get(`${cables}?bundle=none-such`))).toEqual({ bundle: ['Select a valid choice. none-such is not one of the available choices.'] });
      expect((await read(`/api/dcim/cables/?bundle=none-such&id=${c1.id}`)).count).toBe(1);
      expect((await read(`${bundles}${a.id}/`)).cable_count).toBe(1);
    });

    it('costs a fixed number of statements per page', async () => {
      const bundle = await createOne(t, bundles, { name: 'paged' });
      for (let k = 0; k < 6; k++) {
        await createOne(t, bundles, { name: `paged-${k}` });
        await cable({ bundle: bundle.id, label: `PAGED-${k}` });
      }
      for (const url of [`${bundles}?name__isw=paged`, `${cables}?bundle=paged`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const more = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBeGreaterThanOrEqual(6));
        expect(more).toBe(two);
      }
    });
  });
});
