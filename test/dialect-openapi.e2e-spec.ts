import * as yaml from 'js-yaml';
import { dialectOfVersion } from '../src/core/dialect/registry';
import { registry } from '../src/core/model/model';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** The query parameters a list path's GET declares, by name. */
const parameterNames = (doc: Json, path: string): string[] => (doc.paths[path].get.parameters as Json[]).map((p) => p.name);

async function schemaOf(t: TestApp, url: string): Promise<Json> {
  const res = await t.get(url).buffer(true);
  expectStatus(res, 200);
  return JSON.parse(res.text);
}

/** Routes of the models 4.x added beside 3.5's in apps 3.5 had, and their schemas: only 4.x describes them. */
const FURTHER_4X_ROUTES = [
  'dcim/rack-groups', 'dcim/rack-types', 'dcim/module-type-profiles', 'dcim/cable-bundles', 'circuits/circuit-groups', 'circuits/circuit-group-assignments',
  'circuits/virtual-circuit-types', 'circuits/virtual-circuits', 'circuits/virtual-circuit-terminations', 'virtualization/virtual-machine-types',
];
const FURTHER_4X_SCHEMAS = [
  'RackGroup', 'RackType', 'ModuleTypeProfile', 'CableBundle', 'CircuitGroup', 'CircuitGroupAssignment', 'VirtualCircuitType', 'VirtualCircuit',
  'VirtualCircuitTermination', 'VirtualMachineType',
];

describe('the OpenAPI document and OPTIONS in each API dialect', () => {
  let t: TestApp;
  let v4: Json;
  let v3: Json;
  let rack: Json;
  let device: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    v4 = await schemaOf(t, '/v4/api/schema/?format=json');
    v3 = await schemaOf(t, '/api/schema/?format=json');
    const site = await createOne(t, '/v4/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
    rack = await createOne(t, '/v4/api/dcim/racks/', { name: 'R1', site: site.id, form_factor: '4-post-cabinet' });
    const maker = await createOne(t, '/v4/api/dcim/manufacturers/', { name: 'Juniper', slug: 'juniper' });
    const type = await createOne(t, '/v4/api/dcim/device-types/', { manufacturer: maker.id, model: 'MX204', slug: 'mx204' });
    const role = await createOne(t, '/v4/api/dcim/device-roles/', { name: 'PE', slug: 'pe' });
    device = await createOne(t, '/v4/api/dcim/devices/', { name: 'pe1', device_type: type.id, role: role.id, site: site.id, rack: rack.id });
  });
  afterAll(() => t?.close());

  describe('/v4/api/schema/', () => {
    it('puts every path under /v4/api/, with 4.6’s routes for moved models', () => {
      expect(v4.paths).toHaveProperty(['/v4/api/dcim/devices/']);
      expect(v4.paths).toHaveProperty(['/v4/api/dcim/devices/{id}/']);
      expect(v4.paths).toHaveProperty(['/v4/api/status/']);
      expect(v4.paths).toHaveProperty(['/v4/api/vpn/l2vpns/']);
      expect(v4.paths).toHaveProperty(['/v4/api/core/object-changes/']);
      expect(v4.paths).not.toHaveProperty(['/v4/api/ipam/l2vpns/']);
      expect(v4.paths).not.toHaveProperty(['/v4/api/extras/object-changes/']);
      expect(Object.keys(v4.paths).filter((p) => !p.startsWith('/v4/api/'))).toEqual([]);
      expect(v4.paths['/v4/api/vpn/l2vpns/'].get.operationId).toBe('vpn_l2vpns_list');
      // 3.7's VPN models, which only 4.x has.
      for (const route of ['ike-proposals', 'ike-policies', 'ipsec-proposals', 'ipsec-policies', 'ipsec-profiles', 'tunnel-groups', 'tunnels', 'tunnel-terminations']) {
        expect(v4.paths).toHaveProperty([`/v4/api/vpn/${route}/`]);
        expect(v4.paths).toHaveProperty([`/v4/api/vpn/${route}/{id}/`]);
      }
      expect(v4.components.schemas).toHaveProperty(['TunnelTermination']);
      // 4.x's further DCIM, circuit and virtualization models.
      for (const route of FURTHER_4X_ROUTES) {
        expect(v4.paths).toHaveProperty([`/v4/api/${route}/`]);
        expect(v4.paths).toHaveProperty([`/v4/api/${route}/{id}/`]);
      }
      for (const schema of FURTHER_4X_SCHEMAS) expect(v4.components.schemas).toHaveProperty([schema]);
    });

    it('describes event rules, and a webhook without what fires it, as 4.6 does', () => {
      expect(v4.paths).toHaveProperty(['/v4/api/extras/event-rules/']);
      expect(v4.paths).toHaveProperty(['/v4/api/extras/event-rules/{id}/']);
      expect(parameterNames(v4, '/v4/api/extras/event-rules/')).toEqual(expect.arrayContaining(['object_type', 'event_type', 'action_type', 'action_object_type', 'action_object_id']));
      expect(Object.keys(v4.components.schemas.EventRule.properties)).toEqual(expect.arrayContaining(['object_types', 'event_types', 'action_type', 'action_object', 'conditions']));
      for (const schema of [v4.components.schemas.Webhook, v4.components.schemas.WritableWebhookRequest]) {
        for (const key of ['content_types', 'type_create', 'enabled', 'conditions']) expect(schema.properties).not.toHaveProperty(key);
      }
      expect(parameterNames(v4, '/v4/api/extras/webhooks/')).not.toContain('type_create');
      for (const route of ['notification-groups', 'notifications', 'subscriptions']) expect(v4.paths).toHaveProperty([`/v4/api/extras/${route}/{id}/`]);
      expect(parameterNames(v4, '/v4/api/users/users/')).toContain('notification_group_id');
    });

    it('advertises the release 4.6 matches', () => {
      expect(v4.info.version).toBe('4.6.8');
    });

    it('names the filters as 4.6 does, and leaves out those it lacks', () => {
      const racks = parameterNames(v4, '/v4/api/dcim/racks/');
      expect(racks).toEqual(expect.arrayContaining(['form_factor', 'form_factor__n']));
      expect(racks).not.toContain('type');
      expect(racks).not.toContain('type__n');
      const devices = parameterNames(v4, '/v4/api/dcim/devices/');
      expect(devices).toEqual(expect.arrayContaining(['role_id', 'role', 'site_id']));
      expect(devices).not.toContain('device_role_id');
      expect(devices).not.toContain('device_role');
      const templates = parameterNames(v4, '/v4/api/dcim/interface-templates/');
      expect(templates).toContain('device_type_id');
      expect(templates).not.toContain('devicetype_id');
      expect(parameterNames(v4, '/v4/api/extras/custom-fields/')).toContain('object_type_id');
    });

    it('describes a device as /v4/ answers it: role and display_url, no device_role, the keys in order', async () => {
      const schema = v4.components.schemas.Device;
      expect(schema.properties).toHaveProperty('role');
      expect(schema.properties).not.toHaveProperty('device_role');
      expect(schema.properties.display_url).toEqual({ type: 'string', format: 'uri', readOnly: true });
      expect(schema.required).toContain('role');
      const read = (await t.get(`/v4/api/dcim/devices/${device.id}/`)).body;
      expect(Object.keys(schema.properties)).toEqual(Object.keys(read));
      const brief = (await t.get('/v4/api/dcim/devices/?brief=true')).body.results[0];
      expect(Object.keys(v4.components.schemas.NestedDevice.properties)).toEqual(Object.keys(brief));
      expect(brief).toHaveProperty('description');
    });

    it('takes a device and a rack by 4.6’s names, with a change log message', () => {
      const device = v4.components.schemas.WritableDeviceRequest;
      expect(device.properties).toHaveProperty('role');
      expect(device.properties).not.toHaveProperty('device_role');
      expect(device.required).toContain('role');
      expect(device.properties.changelog_message).toEqual({ type: 'string' });
      const rack = v4.components.schemas.WritableRackRequest;
      expect(rack.properties).toHaveProperty('form_factor');
      expect(rack.properties).not.toHaveProperty('type');
      expect(v4.components.schemas.Rack.properties).toHaveProperty('form_factor');
    });

    it('serves YAML by default, the sandbox UI and /v4/api/docs/ with the 4.6 document', async () => {
      const res = await t.get('/v4/api/schema/').buffer(true);
      expectStatus(res, 200);
      expect((yaml.load(res.text) as Json).paths).toHaveProperty(['/v4/api/vpn/l2vpns/']);
      expectStatus(await t.get('/v4/api/schema/swagger-ui/'), 200);
      const init = await t.get('/v4/api/schema/swagger-ui/swagger-ui-init.js');
      expectStatus(init, 200);
      expect(init.text).toContain('/v4/api/vpn/l2vpns/');
      expect(init.text).not.toContain('"/api/ipam/l2vpns/"');
      // Where pynetbox before 7.0 reads the document.
      expect((await schemaOf(t, '/v4/api/docs/?format=openapi')).paths).toHaveProperty(['/v4/api/vpn/l2vpns/']);
    });
  });

  describe('/api/schema/ (NetBox 3.5)', () => {
    it('keeps 3.5’s names, routes and paths', () => {
      expect(v3.paths).toHaveProperty(['/api/dcim/devices/']);
      expect(v3.paths).toHaveProperty(['/api/ipam/l2vpns/']);
      expect(v3.paths).not.toHaveProperty(['/api/vpn/l2vpns/']);
      expect(Object.keys(v3.paths).filter((p) => p.startsWith('/api/vpn/'))).toEqual([]);
      expect(v3.components.schemas).not.toHaveProperty(['Tunnel']);
      for (const route of FURTHER_4X_ROUTES) expect(Object.keys(v3.paths).filter((p) => p.startsWith(`/api/${route}/`))).toEqual([]);
      for (const schema of FURTHER_4X_SCHEMAS) expect(v3.components.schemas).not.toHaveProperty([schema]);
      expect(v3.components.schemas.Device.properties).toHaveProperty('device_role');
      expect(v3.components.schemas.Device.properties).not.toHaveProperty('role');
      expect(v3.components.schemas.Device.properties).not.toHaveProperty('display_url');
      expect(v3.components.schemas.WritableDeviceRequest.properties).not.toHaveProperty('changelog_message');
      expect(parameterNames(v3, '/api/dcim/racks/')).toContain('type');
      expect(parameterNames(v3, '/api/dcim/interface-templates/')).toContain('devicetype_id');
    });

    it('leaves out every model only 4.x has, which /v4’s document describes', () => {
      const v35 = dialectOfVersion('3.5');
      const v46 = dialectOfVersion('4.6');
      const only4x = registry.served().filter((m) => !v35.serves(m) && v46.serves(m) && !registry.served().some((o) => o !== m && o.path === m.path && v35.serves(o)));
      expect(only4x.map((m) => m.label)).toEqual(expect.arrayContaining(['extras.customfieldchoiceset', 'extras.configcontextprofile', 'extras.tableconfig', 'extras.bookmark', 'extras.taggeditem']));
      for (const model of only4x) {
        expect({ model: model.label, v3: !!v3.paths[model.path], v4: !!v4.paths[`/v4${v46.pathOf(model)}`] }).toEqual({ model: model.label, v3: false, v4: true });
        expect(Object.keys(v3.paths).filter((path) => path.startsWith(model.path))).toEqual([]);
        expect({ model: model.label, v3: !!v3.components.schemas[model.className] }).toEqual({ model: model.label, v3: false });
      }
    });

    it('has no event rules, and 3.5’s webhook with what fires it', () => {
      expect(Object.keys(v3.paths).filter((p) => /event-rules|notification|subscription/.test(p))).toEqual([]);
      expect(v3.components.schemas).not.toHaveProperty(['EventRule']);
      expect(v3.components.schemas.WritableWebhookRequest.properties).toEqual(expect.objectContaining({ content_types: expect.anything(), type_create: expect.anything(), enabled: expect.anything() }));
      expect(parameterNames(v3, '/api/extras/webhooks/')).toEqual(expect.arrayContaining(['content_types', 'content_type_id', 'type_create', 'enabled']));
    });

    it('is 3.5’s under /v3/ too, with the paths under /v3/api/', async () => {
      const doc = await schemaOf(t, '/v3/api/schema/?format=json');
      expect(doc.paths).toHaveProperty(['/v3/api/ipam/l2vpns/']);
      expect(doc.components.schemas.Device.properties).toHaveProperty('device_role');
    });

    it('describes a device as /api/ answers it', async () => {
      const read = (await t.get(`/api/dcim/devices/${device.id}/`)).body;
      expect(Object.keys(v3.components.schemas.Device.properties)).toEqual(Object.keys(read));
    });
  });

  describe('OPTIONS', () => {
    it('lists a rack’s fields by the names of the dialect asked', async () => {
      const v4Post = (await t.options('/v4/api/dcim/racks/').expect(200)).body.actions.POST;
      expect(v4Post).toHaveProperty('form_factor');
      expect(v4Post).not.toHaveProperty('type');
      expect(v4Post.form_factor.choices).toEqual(expect.arrayContaining([{ value: '4-post-cabinet', display_name: expect.any(String) }]));
      expect(v4Post.display_url).toEqual(expect.objectContaining({ read_only: true }));
      const v3Post = (await t.options('/api/dcim/racks/').expect(200)).body.actions.POST;
      expect(v3Post).toHaveProperty('type');
      expect(v3Post).not.toHaveProperty('form_factor');
      expect(v3Post).not.toHaveProperty('display_url');
    });

    it('names a device’s role and its nested fields as 4.6 does on a detail path', async () => {
      const put = (await t.options(`/v4/api/dcim/devices/${device.id}/`).expect(200)).body.actions.PUT;
      expect(put.role).toEqual(expect.objectContaining({ type: 'nested object', required: true, label: 'Role' }));
      expect(put).not.toHaveProperty('device_role');
      expect(Object.keys(put.rack.children)).toEqual(['id', 'url', 'display', 'name', 'description', 'device_count']);
    });
  });
});

describe('the OpenAPI document with API_DIALECT=4.6', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start({ API_DIALECT: '4.6' });
  });
  afterAll(() => t?.close());

  it('describes 4.6 at /api/schema/, with the paths under /api/', async () => {
    const doc = await schemaOf(t, '/api/schema/?format=json');
    expect(doc.info.version).toBe('4.6.8');
    expect(doc.paths).toHaveProperty(['/api/dcim/devices/']);
    expect(doc.paths).toHaveProperty(['/api/vpn/l2vpns/']);
    expect(doc.paths).toHaveProperty(['/api/vpn/tunnels/']);
    expect(doc.paths).not.toHaveProperty(['/api/ipam/l2vpns/']);
    expect(doc.components.schemas.Device.properties).toHaveProperty('role');
    expect(doc.components.schemas.Device.properties).not.toHaveProperty('device_role');
    expect(parameterNames(doc, '/api/dcim/devices/')).not.toContain('device_role_id');
  });

  it('still describes 3.5 under /v3/', async () => {
    const doc = await schemaOf(t, '/v3/api/schema/?format=json');
    expect(doc.paths).toHaveProperty(['/v3/api/ipam/l2vpns/']);
    expect(doc.paths).not.toHaveProperty(['/v3/api/vpn/tunnels/']);
    expect(doc.components.schemas.Device.properties).toHaveProperty('device_role');
  });
});
