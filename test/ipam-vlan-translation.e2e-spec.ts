import { makeDeviceAndMachine } from './helpers/fixtures';
import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const POLICIES = '/v4/api/ipam/vlan-translation-policies/';
const RULES = '/v4/api/ipam/vlan-translation-rules/';
const INTERFACES = '/v4/api/dcim/interfaces/';
const VM_INTERFACES = '/v4/api/virtualization/interfaces/';

/** NetBox 4.2's VLAN translation policies and rules, and the policy an interface applies: on /v4 only. */
describe("4.2's VLAN translation on /v4", () => {
  let t: TestApp;
  let device: Json;
  let vm: Json;
  let n = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    ({ device, vm } = await makeDeviceAndMachine(t, { device: 'leaf1', machine: 'vm1' }));
  });
  afterAll(() => t?.close());

  const read = async (url: string) => {
    const res = await t.get(url);
    expectStatus(res, 200);
    return res.body;
  };
  const refused = async (res: Promise<{ status: number; body: Json }>) => {
    const answer = await res;
    expect(answer.status).toBe(400);
    return answer.body;
  };
  const count = async (url: string) => (await read(`${url}?limit=1`)).count;
  const unique = (prefix: string) => `${prefix}-${++n}`;
  const policy = (name = unique('policy'), fields: Json = {}) => createOne(t, POLICIES, { name, ...fields });
  const rule = (policyId: number, local: number, remote: number, fields: Json = {}) => createOne(t, RULES, { policy: policyId, local_vid: local, remote_vid: remote, ...fields });
  const iface = (fields: Json = {}) => createOne(t, INTERFACES, { device: device.id, name: unique('et'), type: '10gbase-x-sfpp', ...fields });

  describe('generations', () => {
    it('are 4.x only: not found below /api/ nor /v3/api/, nor in 3.5 roots and schema', async () => {
      for (const route of ['vlan-translation-policies', 'vlan-translation-rules']) {
        expect((await t.get(`/api/ipam/${route}/`)).status).toBe(404);
        expect((await t.get(`/v3/api/ipam/${route}/`)).status).toBe(404);
        expect((await t.get(`/api/ipam/${route}/1/`)).status).toBe(404);
        expect((await read(`/api/ipam/`))[route]).toBeUndefined();
        expect((await read('/v4/api/ipam/'))[route]).toMatch(new RegExp(`/v4/api/ipam/${route}/$`));
      }
      const paths = Object.keys((await read('/api/schema/?format=json')).paths);
      expect(paths.filter((p) => p.includes('vlan-translation'))).toEqual([]);
    });

    it('describes them, and the interfaces\' policy, in the /v4 schema', async () => {
      const doc = await read('/v4/api/schema/?format=json');
      for (const route of ['vlan-translation-policies', 'vlan-translation-rules']) {
        expect(doc.paths).toHaveProperty([`/v4/api/ipam/${route}/`]);
        expect(doc.paths).toHaveProperty([`/v4/api/ipam/${route}/{id}/`]);
      }
      expect(doc.paths['/v4/api/ipam/vlan-translation-rules/'].get.operationId).toBe('ipam_vlan_translation_rules_list');
      expect(Object.keys(doc.components.schemas.VLANTranslationPolicy.properties)).toEqual(expect.arrayContaining(['name', 'description', 'rules', 'comments']));
      expect(Object.keys(doc.components.schemas.VLANTranslationRule.properties)).toEqual(expect.arrayContaining(['policy', 'local_vid', 'remote_vid', 'description']));
      // A rule names its policy by id (DRF's PrimaryKeyRelatedField), read and written.
      expect(doc.components.schemas.VLANTranslationRule.properties.policy).toEqual({ type: 'integer' });
      expect(doc.components.schemas.VLANTranslationRuleRequest?.properties.policy ?? { type: 'integer' }).toEqual({ type: 'integer' });
      expect(doc.components.schemas.VLANTranslationRule.properties.local_vid).toMatchObject({ type: 'integer', minimum: 1, maximum: 4094 });
      const options = (await t.options(RULES)).body.actions.POST;
      expect(options.policy).toEqual({ type: 'field', required: true, read_only: false, label: 'Policy' });
      expect(options.remote_vid).toMatchObject({ type: 'integer', required: true, min_value: 1, max_value: 4094, label: 'Remote VLAN ID' });
      expect(doc.components.schemas.Interface.properties).toHaveProperty('vlan_translation_policy');
      expect(doc.components.schemas.VMInterface.properties).toHaveProperty('vlan_translation_policy');
      const params = (path: string) => doc.paths[path].get.parameters.map((p: Json) => p.name);
      expect(params(RULES)).toEqual(expect.arrayContaining(['policy_id', 'policy', 'local_vid', 'remote_vid', 'local_vid__gte', 'q', 'tag']));
      expect(params(POLICIES)).toEqual(expect.arrayContaining(['name', 'description', 'q']));
      for (const path of [INTERFACES, VM_INTERFACES]) expect(params(path)).toEqual(expect.arrayContaining(['vlan_translation_policy', 'vlan_translation_policy_id']));
      const old = await read('/api/schema/?format=json');
      expect(old.components.schemas.Interface.properties).not.toHaveProperty('vlan_translation_policy');
    });

    it('gives each its object type, named on /v4 as 4.6 names it', async () => {
      const types = await Promise.all(['vlantranslationpolicy', 'vlantranslationrule'].map((model) => read(`/v4/api/core/object-types/?app_label=ipam&model=${model}`)));
      expect(types.map(({ results: [o] }) => [o.model, o.display, o.rest_api_endpoint])).toEqual([
        ['vlantranslationpolicy', 'IPAM | VLAN translation policy', '/v4/api/ipam/vlan-translation-policies/'],
        ['vlantranslationrule', 'IPAM | VLAN translation rule', '/v4/api/ipam/vlan-translation-rules/'],
      ]);
      expect(types[0].results[0].features).toEqual(expect.arrayContaining(['change_logging', 'custom_fields', 'tags']));
    });
  });

  describe('policies and rules', () => {
    it("creates, reads (full and brief), changes and deletes them in NetBox 4.6's shape", async () => {
      const res = await t.post(POLICIES, { name: 'Customer A', description: 'provider edge', comments: 'per customer' });
      expectStatus(res, 201);
      const created = res.body;
      expect(Object.keys(created)).toEqual(['id', 'url', 'display', 'name', 'description', 'rules', 'owner', 'comments']);
      expect(created).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/ipam/vlan-translation-policies/${created.id}/$`)),
        display: 'Customer A',
        rules: [],
      });
      expect(await read(`${POLICIES}${created.id}/?brief=1`)).toEqual({ id: created.id, url: created.url, display: 'Customer A', name: 'Customer A', description: 'provider edge' });

      const second = await rule(created.id, 200, 2200);
      const made = await t.post(RULES, { policy: created.id, local_vid: 100, remote_vid: 1100, description: 'voice' });
      expectStatus(made, 201);
      const first = made.body;
      expect(Object.keys(first)).toEqual(['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description']);
      expect(first).toMatchObject({
        url: expect.stringMatching(new RegExp(`/v4/api/ipam/vlan-translation-rules/${first.id}/$`)),
        display: '100 -> 1100 (Customer A)',
        policy: created.id,
        local_vid: 100,
        remote_vid: 1100,
        description: 'voice',
      });
      // 4.6's rule serializer has no brief fields: brief is the whole rule, as in its policy's list (ordered by local VID).
      expect(await read(`${RULES}${first.id}/?brief=1`)).toEqual(first);
      expect((await read(`${POLICIES}${created.id}/`)).rules).toEqual([first, second]);

      const changed = await t.patch(`${RULES}${first.id}/`, { remote_vid: 1101 });
      expectStatus(changed, 200);
      expect(changed.body).toMatchObject({ remote_vid: 1101, display: '100 -> 1101 (Customer A)' });
      const renamed = await t.put(`${POLICIES}${created.id}/`, { name: 'Customer AA', description: '' });
      expectStatus(renamed, 200);
      expect(renamed.body).toMatchObject({ display: 'Customer AA', description: '', comments: 'per customer' });
      expect((await read(`${RULES}${first.id}/`)).display).toBe('100 -> 1101 (Customer AA)');

      // A rule's change records name its policy as related, as NetBox's to_objectchange() does.
      const changes = await read(
        `/v4/api/core/object-changes/?changed_object_type=ipam.vlantranslationrule&changed_object_id=${first.id}&related_object_type=ipam.vlantranslationpolicy&related_object_id=${created.id}&ordering=time`,
      );
      expect(changes.results.map((c: Json) => c.action.value)).toEqual(['create', 'update']);

      expectStatus(await t.delete(`${RULES}${second.id}/`), 204);
      expect((await t.get(`${RULES}${second.id}/`)).status).toBe(404);
      // A policy takes its rules with it.
      expectStatus(await t.delete(`${POLICIES}${created.id}/`), 204);
      expect((await t.get(`${RULES}${first.id}/`)).status).toBe(404);
      expect(await refused(t.get(`${RULES}?policy_id=${created.id}`))).toEqual({ policy_id: [`Select a valid choice. ${created.id} is not one of the available choices.`] });
    });

    it("ignores tags, which 4.6's serializers do not list, as DRF ignores a field it lacks", async () => {
      const tag = await createOne(t, '/v4/api/extras/tags/', { name: unique('Tag'), slug: unique('tag') });
      const p = await t.post(POLICIES, { name: unique('tagless'), tags: [{ name: 'none-such' }], add_tags: [tag.id] });
      expectStatus(p, 201);
      const r = await t.post(RULES, { policy: p.body.id, local_vid: 7, remote_vid: 8, tags: [tag.id] });
      expectStatus(r, 201);
      expect(p.body).not.toHaveProperty('tags');
      expect(r.body).not.toHaveProperty('tags');
      expect((await read(`/v4/api/extras/tagged-objects/?tag_id=${tag.id}`)).count).toBe(0);
    });

    it('lists policies by name and rules by policy then local VID', async () => {
      const b = await policy('ord-b');
      const a = await policy('ord-a');
      await rule(b.id, 30, 3);
      await rule(a.id, 20, 2);
      await rule(a.id, 10, 1);
      expect((await read(`${POLICIES}?name__isw=ord-`)).results.map((p: Json) => p.name)).toEqual(['ord-a', 'ord-b']);
      expect((await read(`${RULES}?policy=ord-a&policy=ord-b`)).results.map((r: Json) => r.display)).toEqual(['10 -> 1 (ord-a)', '20 -> 2 (ord-a)', '30 -> 3 (ord-b)']);
    });

    it('refuses what 4.6 refuses, keyed by field, and writes nothing', async () => {
      const p = await policy('Refusing');
      await rule(p.id, 10, 110);
      const before = await count(RULES);
      const policies = await count(POLICIES);
      expect(await refused(t.post(RULES, { policy: p.id, local_vid: 0, remote_vid: 4095 }))).toEqual({
        local_vid: ['Ensure this value is greater than or equal to 1.'],
        remote_vid: ['Ensure this value is less than or equal to 4094.'],
      });
      expect(await refused(t.post(RULES, { policy: p.id, local_vid: 'ten', remote_vid: 20 }))).toEqual({ local_vid: ['A valid integer is required.'] });
      expect(await refused(t.post(RULES, { policy: p.id, local_vid: 10, remote_vid: 120 }))).toEqual({
        __all__: ['VLAN translation rule with this Policy and Local VLAN ID already exists.'],
      });
      expect(await refused(t.post(RULES, { policy: p.id, local_vid: 11, remote_vid: 110 }))).toEqual({
        __all__: ['VLAN translation rule with this Policy and Remote VLAN ID already exists.'],
      });
      expect(await refused(t.post(RULES, { policy: 999999, local_vid: 1, remote_vid: 2 }))).toEqual({ policy: ['Related object not found using the provided numeric ID: 999999'] });
      expect(await refused(t.post(RULES, { local_vid: 1, remote_vid: 2 }))).toEqual({ policy: ['This field is required.'] });
      expect(await refused(t.post(POLICIES, { name: 'Refusing' }))).toEqual({ name: ['VLAN translation policy with this name already exists.'] });
      expect(await refused(t.post(POLICIES, { description: 'nameless' }))).toEqual({ name: ['This field is required.'] });
      // A bulk create is written whole or not at all.
      const bulk = await t.post(RULES, [
        { policy: p.id, local_vid: 12, remote_vid: 112 },
        { policy: p.id, local_vid: 13, remote_vid: 5000 },
      ]);
      expect(bulk.status).toBe(400);
      expect(bulk.body).toEqual([{}, { remote_vid: ['Ensure this value is less than or equal to 4094.'] }]);
      expect(await count(RULES)).toBe(before);
      expect(await count(POLICIES)).toBe(policies);
      // The same VIDs in another policy are another rule.
      const other = await policy();
      expect((await rule(other.id, 10, 110)).display).toBe(`10 -> 110 (${other.name})`);
    });

    it('filters as 4.6 does', async () => {
      const x = await policy('flt-x', { description: 'metro ring' });
      const y = await policy('flt-y');
      await rule(x.id, 101, 3001, { description: 'mgmt' });
      await rule(x.id, 102, 3002);
      await rule(y.id, 3001, 101);
      const found = async (query: string) => (await read(`${RULES}?policy_id=${x.id}&policy_id=${y.id}&${query}`)).results.map((r: Json) => r.display);
      expect(await found(`policy_id=${x.id}`)).toEqual(['101 -> 3001 (flt-x)', '102 -> 3002 (flt-x)', '3001 -> 101 (flt-y)']);
      expect((await read(`${RULES}?policy=flt-y`)).results.map((r: Json) => r.display)).toEqual(['3001 -> 101 (flt-y)']);
      expect(await found('local_vid=102')).toEqual(['102 -> 3002 (flt-x)']);
      expect(await found('remote_vid__gte=3001')).toEqual(['101 -> 3001 (flt-x)', '102 -> 3002 (flt-x)']);
      expect(await found('description=mgmt')).toEqual(['101 -> 3001 (flt-x)']);
      // `q`: the policy's name, or either VID.
      expect(await found('q=3001')).toEqual(['101 -> 3001 (flt-x)', '3001 -> 101 (flt-y)']);
      expect(await found('q=FLT-Y')).toEqual(['3001 -> 101 (flt-y)']);
      expect(await found('q=99999999999')).toEqual([]);
      expect(await refused(t.get(`${RULES}?policy=none-such`))).toEqual({ policy: ['Select a valid choice. none-such is not one of the available choices.'] });
      expect(await refused(t.get(`${RULES}?local_vid=abc`))).toEqual({ local_vid: ['Enter a whole number.'] });

      const policies = async (query: string) => (await read(`${POLICIES}?name__isw=flt-&${query}`)).results.map((p: Json) => p.name);
      expect(await policies('q=metro')).toEqual(['flt-x']);
      expect(await policies('name=flt-y')).toEqual(['flt-y']);
      expect(await policies('description__ic=RING')).toEqual(['flt-x']);
      expect(await policies(`id=${y.id}`)).toEqual(['flt-y']);
    });

    it('costs a fixed number of statements per page', async () => {
      for (let k = 0; k < 6; k++) {
        const p = await policy(`paged-${k}`);
        await rule(p.id, 10 + k, 20 + k);
        await rule(p.id, 40 + k, 50 + k);
      }
      for (const url of [`${POLICIES}?name__isw=paged-`, `${RULES}?q=paged-`]) {
        const two = await pageStatements(t, () => t.get(`${url}&limit=2`));
        const twelve = await pageStatements(t, async () => expect((await read(`${url}&limit=12`)).results.length).toBeGreaterThanOrEqual(6));
        expect(twelve).toBe(two);
      }
    });
  });

  describe("an interface's policy", () => {
    it("is shown, taken and filtered on /v4 in the serializer's place, for interfaces and VM interfaces", async () => {
      const p = await policy('Uplinks');
      const made = await t.post(INTERFACES, { device: device.id, name: unique('et'), type: '10gbase-x-sfpp', vlan_translation_policy: p.id });
      expectStatus(made, 201);
      const keys = Object.keys(made.body);
      expect(keys.slice(keys.indexOf('qinq_svlan'), keys.indexOf('qinq_svlan') + 3)).toEqual(['qinq_svlan', 'vlan_translation_policy', 'mark_connected']);
      expect(made.body.vlan_translation_policy).toEqual({ id: p.id, url: p.url, display: 'Uplinks', name: 'Uplinks', description: '' });
      const vmi = await t.post(VM_INTERFACES, { virtual_machine: vm.id, name: unique('eth'), vlan_translation_policy: { name: 'Uplinks' } });
      expectStatus(vmi, 201);
      const vmKeys = Object.keys(vmi.body);
      expect(vmKeys.slice(vmKeys.indexOf('qinq_svlan'), vmKeys.indexOf('qinq_svlan') + 3)).toEqual(['qinq_svlan', 'vlan_translation_policy', 'vrf']);
      expect(vmi.body.vlan_translation_policy).toMatchObject({ id: p.id });

      const plain = await iface();
      expect(plain.vlan_translation_policy).toBeNull();
      const ids = (await read(`${INTERFACES}?device_id=${device.id}&vlan_translation_policy_id=${p.id}`)).results.map((i: Json) => i.id);
      expect(ids).toEqual([made.body.id]);
      expect((await read(`${INTERFACES}?device_id=${device.id}&vlan_translation_policy=Uplinks`)).results.map((i: Json) => i.id)).toEqual([made.body.id]);
      expect((await read(`${VM_INTERFACES}?vlan_translation_policy_id=${p.id}`)).results.map((i: Json) => i.id)).toEqual([vmi.body.id]);
      expect((await read(`${VM_INTERFACES}?vlan_translation_policy=Uplinks`)).results.map((i: Json) => i.id)).toEqual([vmi.body.id]);
      expect(await refused(t.get(`${INTERFACES}?vlan_translation_policy=none-such`))).toEqual({
        vlan_translation_policy: ['Select a valid choice. none-such is not one of the available choices.'],
      });

      const cleared = await t.patch(`${INTERFACES}${made.body.id}/`, { vlan_translation_policy: null });
      expectStatus(cleared, 200);
      expect(cleared.body.vlan_translation_policy).toBeNull();
      expect(await refused(t.patch(`${INTERFACES}${plain.id}/`, { vlan_translation_policy: 999999 }))).toEqual({
        vlan_translation_policy: ['Related object not found using the provided numeric ID: 999999'],
      });
      // A policy in use is protected, as NetBox's foreign key is; once unused it goes, rules and all.
      await rule(p.id, 5, 6);
      expect((await t.delete(`${POLICIES}${p.id}/`)).status).toBe(409);
      expectStatus(await t.patch(`${VM_INTERFACES}${vmi.body.id}/`, { vlan_translation_policy: null }), 200);
      expectStatus(await t.delete(`${POLICIES}${p.id}/`), 204);
      expect((await read(`${RULES}?q=Uplinks`)).count).toBe(0);
    });

    it("is not 3.5's: /api/ neither shows, takes nor filters by it, and a 3.5 write keeps it", async () => {
      const p = await policy('Hidden');
      const made = await iface({ vlan_translation_policy: p.id });
      const old = await read(`/api/dcim/interfaces/${made.id}/`);
      expect(old).not.toHaveProperty('vlan_translation_policy');
      expectStatus(await t.patch(`/api/dcim/interfaces/${made.id}/`, { vlan_translation_policy: null, description: 'from 3.5' }), 200);
      expect((await read(`${INTERFACES}${made.id}/`)).vlan_translation_policy).toMatchObject({ id: p.id });
      // Unknown to 3.5, the filters are ignored there.
      expect((await read(`/api/dcim/interfaces/?id=${made.id}&vlan_translation_policy=none-such`)).count).toBe(1);
      expect((await read(`/api/dcim/interfaces/?id=${made.id}&vlan_translation_policy_id=999999`)).count).toBe(1);
      const vmi = await createOne(t, VM_INTERFACES, { virtual_machine: vm.id, name: unique('eth'), vlan_translation_policy: p.id });
      expect(await read(`/api/virtualization/interfaces/${vmi.id}/`)).not.toHaveProperty('vlan_translation_policy');
      expect((await read(`/api/virtualization/interfaces/?id=${vmi.id}&vlan_translation_policy_id=999999`)).count).toBe(1);
      const created = await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: unique('et'), type: 'virtual', vlan_translation_policy: p.id });
      expect((await read(`${INTERFACES}${created.id}/`)).vlan_translation_policy).toBeNull();
    });
  });
});
