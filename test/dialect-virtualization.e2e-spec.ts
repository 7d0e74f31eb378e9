import { createOne, expectStatus, Json } from './helpers/seed';
import { unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';
import { insertRow, upgradedFrom } from './helpers/upgrade';

/** Virtual machines as NetBox 4.6 stores them (disk in megabytes, virtual disks, 4.x fields) and as 3.5 sees them. */
describe('virtual machines in both API generations', () => {
  let t: TestApp;
  let cluster: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    const type = await createOne(t, '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' });
    cluster = await createOne(t, '/api/virtualization/clusters/', { name: 'Farm', type: type.id });
  });
  afterAll(() => t.close());

  const machine = (fields: Json = {}) => createOne(t, '/api/virtualization/virtual-machines/', { name: unique('vm'), cluster: cluster.id, ...fields });

  it("counts a machine's disk in gigabytes on 3.5 and megabytes on 4.x, in answers, bodies and filters", async () => {
    const vm = await machine({ disk: 40 });
    expect(vm.disk).toBe(40);
    expect((await t.get(`/v4/api/virtualization/virtual-machines/${vm.id}/`).expect(200)).body.disk).toBe(40000);
    expect((await t.get(`/api/virtualization/virtual-machines/?disk=40&id=${vm.id}`).expect(200)).body.count).toBe(1);
    expect((await t.get(`/api/virtualization/virtual-machines/?disk__gte=41&id=${vm.id}`).expect(200)).body.count).toBe(0);
    expect((await t.get(`/v4/api/virtualization/virtual-machines/?disk=40000&id=${vm.id}`).expect(200)).body.count).toBe(1);
    expect((await t.patch(`/v4/api/virtualization/virtual-machines/${vm.id}/`, { disk: 1500 }).expect(200)).body.disk).toBe(1500);
    expect((await t.get(`/api/virtualization/virtual-machines/${vm.id}/`).expect(200)).body.disk).toBe(2);
    const changes = `object-changes/?changed_object_type=virtualization.virtualmachine&changed_object_id=${vm.id}&ordering=-time&limit=1`;
    expect((await t.get(`/api/extras/${changes}`).expect(200)).body.results[0].postchange_data.disk).toBe(2);
    expect((await t.get(`/v4/api/core/${changes}`).expect(200)).body.results[0].postchange_data.disk).toBe(1500);
    const graphql = await t.post('/graphql/', { query: `{ virtual_machine(id: ${vm.id}) { disk } }` }).expect(200);
    expect(graphql.body.data.virtual_machine.disk).toBe(2);
    const refused = await t.patch(`/api/virtualization/virtual-machines/${vm.id}/`, { disk: 1.5 });
    expectStatus(refused, 400);
    expect(Object.keys(refused.body)).toEqual(['disk']);
  });

  it("takes 4.x's serial, start on boot and config template on /v4 only", async () => {
    const template = await createOne(t, '/api/extras/config-templates/', { name: unique('tpl'), template_code: 'hostname {{ device.name }}' });
    const made = await t.post('/v4/api/virtualization/virtual-machines/', { name: unique('vm'), cluster: cluster.id, serial: 'SN-1', start_on_boot: 'laststate', config_template: template.id });
    expectStatus(made, 201);
    expect(made.body).toMatchObject({ serial: 'SN-1', start_on_boot: { value: 'laststate', label: 'Last State' }, config_template: { id: template.id } });
    expect(made.body.interface_count).toBe(0);
    expect(made.body.virtual_disk_count).toBe(0);
    const old = (await t.get(`/api/virtualization/virtual-machines/${made.body.id}/`).expect(200)).body;
    for (const key of ['serial', 'start_on_boot', 'config_template', 'interface_count', 'virtual_disk_count']) expect(old).not.toHaveProperty(key);
    expectStatus(await t.patch(`/api/virtualization/virtual-machines/${made.body.id}/`, { serial: 'changed', start_on_boot: 'on' }), 200);
    expect((await t.get(`/v4/api/virtualization/virtual-machines/${made.body.id}/`).expect(200)).body).toMatchObject({ serial: 'SN-1', start_on_boot: { value: 'laststate' } });
    const fresh = (await t.post('/v4/api/virtualization/virtual-machines/', { name: unique('vm'), cluster: cluster.id }).expect(201)).body;
    expect(fresh.start_on_boot.value).toBe('off');
    expectStatus(await t.post('/v4/api/virtualization/virtual-machines/', { name: unique('vm'), cluster: cluster.id, start_on_boot: 'sometimes' }), 400);
  });

  it("keeps a machine's disk the total of its virtual disks, which only 4.x serves", async () => {
    const vm = await machine();
    const disks = '/v4/api/virtualization/virtual-disks/';
    const root = (await createOne(t, disks, { virtual_machine: vm.id, name: 'root', size: 1000 })) as Json;
    expect(root).toMatchObject({ name: 'root', size: 1000, virtual_machine: { id: vm.id, name: vm.name } });
    expect(root.display_url).toMatch(new RegExp(`/v4/virtualization/virtual-disks/${root.id}/$`));
    const data = await createOne(t, disks, { virtual_machine: vm.id, name: 'data', size: 500 });
    const seen = (await t.get(`/v4/api/virtualization/virtual-machines/${vm.id}/`).expect(200)).body;
    expect(seen).toMatchObject({ disk: 1500, virtual_disk_count: 2 });
    expect((await t.get(`/api/virtualization/virtual-machines/${vm.id}/`).expect(200)).body.disk).toBe(2);
    const mismatch = await t.patch(`/v4/api/virtualization/virtual-machines/${vm.id}/`, { disk: 9000 });
    expectStatus(mismatch, 400);
    expect(mismatch.body).toEqual({ disk: ['The specified disk size (9000) must match the aggregate size of assigned virtual disks (1500).'] });
    expect((await t.get(`${disks}?virtual_machine_id=${vm.id}&ordering=name`).expect(200)).body.results.map((d: Json) => d.name)).toEqual(['data', 'root']);
    expect((await t.get(`${disks}?size__gte=800&virtual_machine_id=${vm.id}`).expect(200)).body.count).toBe(1);
    expectStatus(await t.delete(`${disks}${data.id}/`), 204);
    expect((await t.get(`/v4/api/virtualization/virtual-machines/${vm.id}/`).expect(200)).body.disk).toBe(1000);
    const duplicate = await t.post(disks, { virtual_machine: vm.id, name: 'root', size: 1 });
    expectStatus(duplicate, 400);
    expectStatus(await t.post(disks, { virtual_machine: vm.id, name: 'neg', size: -1 }), 400);
    expect((await t.get('/api/virtualization/virtual-disks/')).status).toBe(404);
    expect((await t.get('/api/virtualization/').expect(200)).body['virtual-disks']).toBeUndefined();
    expect((await t.get('/v4/api/virtualization/').expect(200)).body['virtual-disks']).toMatch(/\/v4\/api\/virtualization\/virtual-disks\/$/);
  });
});

describe('upgrading virtual machines from the previous release', () => {
  it('keeps every machine, its disk counted in megabytes and read back in gigabytes on 3.5', async () => {
    await upgradedFrom(
      'VirtualDisksAndMachineFields',
      async (before) => {
        const type = await insertRow(before, 'virtualization_clustertype', {});
        const cluster = await insertRow(before, 'virtualization_cluster', { type_id: type });
        const sized = await insertRow(before, 'virtualization_virtualmachine', { name: 'sized', _name: 'sized', cluster_id: cluster, disk: 40 });
        const bare = await insertRow(before, 'virtualization_virtualmachine', { name: 'bare', _name: 'bare', cluster_id: cluster, disk: null });
        return { sized, bare };
      },
      async (t, { sized, bare }) => {
        expect((await t.get(`/api/virtualization/virtual-machines/${sized}/`).expect(200)).body.disk).toBe(40);
        expect((await t.get(`/v4/api/virtualization/virtual-machines/${sized}/`).expect(200)).body).toMatchObject({ disk: 40000, serial: '', start_on_boot: { value: 'off' } });
        expect((await t.get(`/v4/api/virtualization/virtual-machines/${bare}/`).expect(200)).body.disk).toBeNull();
      },
    );
  });
});
