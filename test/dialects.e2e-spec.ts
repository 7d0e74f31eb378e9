import { dialectOfVersion } from '../src/core/dialect/registry';
import { registry } from '../src/core/model/model';
import { Receiver } from './helpers/receiver';
import { createOne, expectStatus, Json } from './helpers/seed';
import { slugify, unique } from './helpers/fixtures';
import { TestApp } from './helpers/test-app';

/** One store, two generations of NetBox's API: what each writes, the other reads in its own words. */
describe('API dialects', () => {
  let t: TestApp;
  let site: Json;
  let location: Json;
  let region: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    region = await named('/api/dcim/regions/', 'Europe');
    site = await named('/api/dcim/sites/', 'Amsterdam', { region: region.id });
    location = await named('/api/dcim/locations/', 'Hall', { site: site.id });
  });
  afterAll(() => t.close());

  async function named(path: string, prefix: string, fields: Json = {}): Promise<Json> {
    const name = unique(prefix);
    return createOne(t, path, { name, slug: slugify(name), ...fields });
  }

  async function deviceParts(): Promise<{ type: Json; role: Json }> {
    const manufacturer = await named('/api/dcim/manufacturers/', 'Acme');
    const model = unique('Switch');
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model, slug: slugify(model) });
    const role = await named('/api/dcim/device-roles/', 'Leaf');
    return { type, role };
  }

  describe('routing', () => {
    it('answers each base with its own API-Version, errors included', async () => {
      expect((await t.get('/api/').expect(200)).headers['api-version']).toBe('3.5');
      expect((await t.get('/v3/api/').expect(200)).headers['api-version']).toBe('3.5');
      expect((await t.get('/v4/api/').expect(200)).headers['api-version']).toBe('4.6');
      const denied = await t.get('/v4/api/dcim/sites/', null);
      expect(denied.status).toBe(403);
      expect(denied.headers['api-version']).toBe('4.6');
    });

    it('reports the release it speaks in /status/, as 4.4+ names its keys', async () => {
      const v4 = (await t.get('/v4/api/status/').expect(200)).body;
      expect(v4['netbox-version']).toBe('4.6.8');
      expect(v4['netbox-full-version']).toBe('4.6.8');
      expect(typeof v4.hostname).toBe('string');
      expect(v4.installed_apps).toEqual(expect.any(Object));
      expect(v4['installed-apps']).toBeUndefined();
      const v3 = (await t.get('/api/status/').expect(200)).body;
      expect(v3['installed-apps']).toEqual(expect.any(Object));
      expect(v3.installed_apps).toBeUndefined();
    });

    it('lists the apps and endpoints of its generation, with links under its base', async () => {
      const root = (await t.get('/v4/api/').expect(200)).body;
      expect(root.vpn).toMatch(/\/v4\/api\/vpn\/$/);
      expect(root.dcim).toMatch(/\/v4\/api\/dcim\/$/);
      expect((await t.get('/api/').expect(200)).body.vpn).toBeUndefined();
      const vpn = (await t.get('/v4/api/vpn/').expect(200)).body;
      expect(vpn.l2vpns).toMatch(/\/v4\/api\/vpn\/l2vpns\/$/);
      expect(vpn.tunnels).toMatch(/\/v4\/api\/vpn\/tunnels\/$/);
      // 3.5 has no vpn app: neither its moved L2VPN routes nor the models 3.7 added there.
      expect((await t.get('/api/vpn/')).status).toBe(404);
      expect((await t.get('/api/vpn/tunnels/')).status).toBe(404);
      expect((await t.get('/v4/api/ipam/').expect(200)).body.l2vpns).toBeUndefined();
      expect((await t.get('/api/ipam/').expect(200)).body.l2vpns).toMatch(/\/api\/ipam\/l2vpns\/$/);
      // 4.x's further models in apps 3.5 had: listed in 4.6's roots only.
      const further: Record<string, string[]> = {
        dcim: ['rack-groups', 'rack-types', 'module-type-profiles', 'cable-bundles'],
        circuits: ['circuit-groups', 'circuit-group-assignments', 'virtual-circuit-types', 'virtual-circuits', 'virtual-circuit-terminations'],
        virtualization: ['virtual-machine-types'],
      };
      for (const [app, routes] of Object.entries(further)) {
        const [v4root, v3root] = [(await t.get(`/v4/api/${app}/`).expect(200)).body, (await t.get(`/api/${app}/`).expect(200)).body];
        for (const route of routes) {
          expect(v4root[route]).toMatch(new RegExp(`/v4/api/${app}/${route}/$`));
          expect(v3root).not.toHaveProperty([route]);
          expect((await t.get(`/api/${app}/${route}/`)).status).toBe(404);
        }
      }
    });

    it('serves a moved route only where its generation has it', async () => {
      const l2vpn = await createOne(t, '/api/ipam/l2vpns/', { name: 'Backbone', slug: 'backbone', type: 'vxlan' });
      const moved = (await t.get(`/v4/api/vpn/l2vpns/${l2vpn.id}/`).expect(200)).body;
      expect(moved.url).toMatch(new RegExp(`/v4/api/vpn/l2vpns/${l2vpn.id}/$`));
      expect(moved.display_url).toMatch(new RegExp(`/v4/vpn/l2vpns/${l2vpn.id}/$`));
      expect((await t.get(`/v4/api/ipam/l2vpns/${l2vpn.id}/`)).status).toBe(404);
      expect((await t.get(`/api/vpn/l2vpns/${l2vpn.id}/`)).status).toBe(404);
      expect((await t.get('/v4/api/vpn/l2vpns').redirects(0)).headers.location).toBe('/v4/api/vpn/l2vpns/');
    });

    it('serves each model only 4.x has below /v4 alone: 404 and not listed below /api/', async () => {
      const v35 = dialectOfVersion('3.5');
      const v46 = dialectOfVersion('4.6');
      const only4x = registry.served().filter((m) => !v35.serves(m) && v46.serves(m) && !registry.served().some((o) => o !== m && o.path === m.path && v35.serves(o)));
      expect(only4x.length).toBeGreaterThanOrEqual(7);
      for (const model of only4x) {
        const [, , app, plural] = model.path.split('/');
        expect({ model: model.label, v3: (await t.get(model.path)).status, v4: (await t.get(`/v4${v46.pathOf(model)}`)).status }).toEqual({ model: model.label, v3: 404, v4: 200 });
        // An app 3.5 has none of (4.x's vpn) has no root below /api/ either.
        const servedIn35 = registry.served().some((m) => m.app === model.app && v35.serves(m));
        const root35 = await t.get(`/api/${app}/`).expect(servedIn35 ? 200 : 404);
        if (servedIn35) expect(root35.body).not.toHaveProperty([plural]);
        expect((await t.get(`/v4/api/${app}/`).expect(200)).body).toHaveProperty([plural]);
      }
    });

    it('tells a 4.5+ client whom its credentials authenticate', async () => {
      const me = (await t.get('/v4/api/authentication-check/').expect(200)).body;
      expect(me).toMatchObject({ username: 'admin', is_active: true });
      expect(me.url).toMatch(/\/v4\/api\/users\/users\/\d+\/$/);
      const anonymous = await t.get('/v4/api/authentication-check/', null);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect((await t.get('/api/authentication-check/')).status).toBe(404);
    });

    it("answers the schema as JSON to a client that accepts JSON, as pynetbox's openapi() asks for it", async () => {
      const res = await t.anon().get('/v4/api/schema/').set('Accept', 'application/json').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.paths['/v4/api/dcim/devices/']).toBeDefined();
      expect((await t.anon().get('/api/schema/').expect(200)).headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi/);
    });

    it("never shows a user's password hash, which 4.6 lists as write-only", async () => {
      const users = (await t.get('/v4/api/users/users/').expect(200)).body.results;
      expect(users.length).toBeGreaterThan(0);
      for (const user of users) expect(user).not.toHaveProperty('password');
      expect((await t.get(`/v4/api/users/users/${users[0].id}/`).expect(200)).body).not.toHaveProperty('password');
    });

    it('pages with links under the base it was asked at', async () => {
      for (let i = 0; i < 3; i++) await named('/api/dcim/manufacturers/', 'Paged');
      const page = (await t.get('/v4/api/dcim/manufacturers/?limit=1').expect(200)).body;
      expect(page.next).toMatch(/\/v4\/api\/dcim\/manufacturers\/\?limit=1&offset=1$/);
      expect(page.results[0].url).toMatch(/\/v4\/api\/dcim\/manufacturers\/\d+\/$/);
      const byCursor = (await t.get('/v4/api/dcim/manufacturers/?limit=1&start=0').expect(200)).body;
      expect(byCursor.count).toBeNull();
      expect(byCursor.next).toMatch(/\/v4\/api\/dcim\/manufacturers\/\?limit=1&start=\d+$/);
    });
  });

  describe('representations', () => {
    it('adds the description to brief and nested forms, and display_url to full ones', async () => {
      const described = await named('/api/dcim/sites/', 'Described', { description: 'the old one' });
      const brief = (await t.get(`/v4/api/dcim/sites/?id=${described.id}&brief=1`).expect(200)).body.results[0];
      expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name', 'slug', 'description']);
      expect((await t.get(`/api/dcim/sites/?id=${described.id}&brief=1`).expect(200)).body.results[0]).not.toHaveProperty('description');
      const full = (await t.get(`/v4/api/dcim/sites/${described.id}/`).expect(200)).body;
      expect(Object.keys(full).slice(0, 4)).toEqual(['id', 'url', 'display_url', 'display']);
      expect(full.display_url).toMatch(new RegExp(`/v4/dcim/sites/${described.id}/$`));
      expect(full.region).toBeNull();
      expect((await t.get(`/api/dcim/sites/${described.id}/`).expect(200)).body).not.toHaveProperty('display_url');
    });

    it("shows no field the generation does not have (a nested device's display_name)", async () => {
      const { type, role } = await deviceParts();
      const device = await createOne(t, '/api/dcim/devices/', { name: unique('edge'), device_type: type.id, device_role: role.id, site: site.id });
      const brief = (await t.get(`/v4/api/dcim/devices/?id=${device.id}&brief=1`).expect(200)).body.results[0];
      expect(Object.keys(brief)).toEqual(['id', 'url', 'display', 'name', 'description']);
      expect((await t.get(`/api/dcim/devices/?id=${device.id}&brief=1`).expect(200)).body.results[0]).toHaveProperty('display_name');
    });
  });

  describe('renamed fields', () => {
    it('writes a device role as 4.x names it and reads it back as 3.5 does', async () => {
      const { type, role } = await deviceParts();
      const created = await t.post('/v4/api/dcim/devices/', { name: unique('core'), device_type: type.id, role: role.id, site: site.id, changelog_message: 'racked' });
      expectStatus(created, 201);
      expect(created.body.role.id).toBe(role.id);
      expect(created.body).not.toHaveProperty('device_role');
      const old = (await t.get(`/api/dcim/devices/${created.body.id}/`).expect(200)).body;
      expect(old.device_role.id).toBe(role.id);
      expect(old).not.toHaveProperty('role');
      const other = await named('/api/dcim/device-roles/', 'Spine');
      expectStatus(await t.patch(`/api/dcim/devices/${created.body.id}/`, { device_role: other.id }), 200);
      expect((await t.get(`/v4/api/dcim/devices/${created.body.id}/`).expect(200)).body.role.id).toBe(other.id);
      expect((await t.get(`/v4/api/dcim/devices/?role_id=${other.id}`).expect(200)).body.count).toBe(1);
      expect((await t.get(`/v4/api/dcim/devices/?ordering=-role`).expect(200)).body.count).toBeGreaterThan(0);

      // Its change records keep the data once, shown in each generation's words.
      const changes = `object-changes/?changed_object_type=dcim.device&changed_object_id=${created.body.id}&ordering=time`;
      const [v4] = (await t.get(`/v4/api/core/${changes}`).expect(200)).body.results;
      expect(v4.postchange_data.role).toBe(role.id);
      expect(v4.postchange_data).not.toHaveProperty('device_role');
      const [v3] = (await t.get(`/api/extras/${changes}`).expect(200)).body.results;
      expect(v3.postchange_data.device_role).toBe(role.id);
      expect(v3.postchange_data).not.toHaveProperty('role');
    });

    it("ignores a 3.5 name sent to 4.6, as NetBox ignores unknown fields, and keys errors by the generation's names", async () => {
      const { type, role } = await deviceParts();
      const refused = await t.post('/v4/api/dcim/devices/', { name: unique('x'), device_type: type.id, device_role: role.id, site: site.id });
      expectStatus(refused, 400);
      expect(refused.body).toEqual({ role: ['This field is required.'] });
      const missing = await t.post('/v4/api/dcim/devices/', [{ name: unique('y'), device_type: type.id, role: 999999, site: site.id }]);
      expectStatus(missing, 400);
      expect(Object.keys(missing.body[0])).toEqual(['role']);
      const old = await t.post('/api/dcim/devices/', { name: unique('z'), device_type: type.id, role: role.id, site: site.id });
      expectStatus(old, 400);
      expect(old.body).toEqual({ device_role: ['This field is required.'] });
    });

    it("names a rack's form factor as each generation does, in writes, answers and filters", async () => {
      const rack = await t.post('/v4/api/dcim/racks/', { name: unique('R'), site: site.id, form_factor: '4-post-cabinet', type: '2-post-frame' });
      expectStatus(rack, 201);
      expect(rack.body.form_factor.value).toBe('4-post-cabinet');
      expect((await t.get(`/api/dcim/racks/${rack.body.id}/`).expect(200)).body.type.value).toBe('4-post-cabinet');
      expect((await t.get(`/v4/api/dcim/racks/?form_factor=4-post-cabinet&id=${rack.body.id}`).expect(200)).body.count).toBe(1);
      expect((await t.get(`/v4/api/dcim/racks/?form_factor=wall-frame&id=${rack.body.id}`).expect(200)).body.count).toBe(0);
      // 3.5's filter is unknown to 4.6, so ignored.
      expect((await t.get(`/v4/api/dcim/racks/?type=wall-frame&id=${rack.body.id}`).expect(200)).body.count).toBe(1);
      expect((await t.get(`/api/dcim/racks/?type=wall-frame&id=${rack.body.id}`).expect(200)).body.count).toBe(0);
    });

    it('takes object types where 3.5 takes content types', async () => {
      const field = await t.post('/v4/api/extras/custom-fields/', { name: 'owner_site', type: 'object', object_types: ['dcim.device'], related_object_type: 'dcim.site' });
      expectStatus(field, 201);
      expect(field.body.object_types).toEqual(['dcim.device']);
      expect(field.body.related_object_type).toBe('dcim.site');
      const old = (await t.get(`/api/extras/custom-fields/${field.body.id}/`).expect(200)).body;
      expect(old.content_types).toEqual(['dcim.device']);
      expect(old.object_type).toBe('dcim.site');
      expect((await t.get('/v4/api/extras/custom-fields/?object_type=dcim.device&name=owner_site').expect(200)).body.count).toBe(1);
      expect((await t.get('/v4/api/extras/custom-fields/?object_type=dcim.rack&name=owner_site').expect(200)).body.count).toBe(0);

      const link = await t.post('/v4/api/extras/custom-links/', { name: 'Wiki', object_types: ['dcim.site'], link_text: 'w', link_url: 'https://wiki/{{ object.name }}' });
      expectStatus(link, 201);
      expect((await t.get(`/api/extras/custom-links/${link.body.id}/`).expect(200)).body.content_types).toEqual(['dcim.site']);
    });

    it('assigns a contact to an object type', async () => {
      const contact = await createOne(t, '/api/tenancy/contacts/', { name: unique('Ann') });
      const role = await named('/api/tenancy/contact-roles/', 'Owner');
      const assigned = await t.post('/v4/api/tenancy/contact-assignments/', { object_type: 'dcim.site', object_id: site.id, contact: contact.id, role: role.id });
      expectStatus(assigned, 201);
      expect(assigned.body.object_type).toBe('dcim.site');
      expect(assigned.body.object.id).toBe(site.id);
      expect((await t.get(`/api/tenancy/contact-assignments/${assigned.body.id}/`).expect(200)).body.content_type).toBe('dcim.site');
      expect((await t.get(`/v4/api/tenancy/contact-assignments/?object_type=dcim.site&contact_id=${contact.id}`).expect(200)).body.count).toBe(1);
    });

    it("filters a device type's templates by device_type_id", async () => {
      const { type } = await deviceParts();
      const other = (await deviceParts()).type;
      await createOne(t, '/api/dcim/interface-templates/', { device_type: type.id, name: 'eth0', type: '1000base-t' });
      expect((await t.get(`/v4/api/dcim/interface-templates/?device_type_id=${type.id}`).expect(200)).body.count).toBe(1);
      expect((await t.get(`/v4/api/dcim/interface-templates/?device_type_id=${other.id}`).expect(200)).body.count).toBe(0);
      expect((await t.get(`/api/dcim/interface-templates/?devicetype_id=${other.id}`).expect(200)).body.count).toBe(0);
    });
  });

  describe('scopes (prefixes, clusters, wireless LANs)', () => {
    it('scopes a prefix written with a 3.5 site to that site', async () => {
      const prefix = await createOne(t, '/api/ipam/prefixes/', { prefix: '10.1.0.0/16', site: site.id });
      expect(prefix).not.toHaveProperty('scope_type');
      const seen = (await t.get(`/v4/api/ipam/prefixes/${prefix.id}/`).expect(200)).body;
      expect(seen.scope_type).toBe('dcim.site');
      expect(seen.scope_id).toBe(site.id);
      expect(seen.scope).toMatchObject({ id: site.id, name: site.name, slug: site.slug });
      expect(seen).not.toHaveProperty('site');
      expect((await t.get(`/v4/api/ipam/prefixes/?region_id=${region.id}&id=${prefix.id}`).expect(200)).body.count).toBe(1);
    });

    it('shows a prefix scoped to a location to 3.5 at its site, and keeps the scope when 3.5 writes that site back', async () => {
      const created = await t.post('/v4/api/ipam/prefixes/', { prefix: '10.2.0.0/16', scope_type: 'dcim.location', scope_id: location.id, site: 999999 });
      expectStatus(created, 201);
      expect(created.body.scope.id).toBe(location.id);
      const old = (await t.get(`/api/ipam/prefixes/${created.body.id}/`).expect(200)).body;
      expect(old.site.id).toBe(site.id);
      expect(old).not.toHaveProperty('scope');
      expectStatus(await t.put(`/api/ipam/prefixes/${created.body.id}/`, { prefix: '10.2.0.0/16', site: site.id, description: 'kept' }), 200);
      const after = (await t.get(`/v4/api/ipam/prefixes/${created.body.id}/`).expect(200)).body;
      expect(after).toMatchObject({ scope_type: 'dcim.location', scope_id: location.id, description: 'kept' });
      for (const filter of [`location_id=${location.id}`, `site_id=${site.id}`, `region_id=${region.id}`, 'scope_type=dcim.location']) {
        expect((await t.get(`/v4/api/ipam/prefixes/?${filter}&id=${created.body.id}`).expect(200)).body.count).toBe(1);
      }
      // 3.5's prefixes have no location filter: ignored there.
      expect((await t.get(`/api/ipam/prefixes/?location_id=999999&id=${created.body.id}`).expect(200)).body.count).toBe(1);
      const moved = (await t.patch(`/api/ipam/prefixes/${created.body.id}/`, { site: null }).expect(200)).body;
      expect(moved.site).toBeNull();
      expect((await t.get(`/v4/api/ipam/prefixes/${created.body.id}/`).expect(200)).body).toMatchObject({ scope_type: null, scope_id: null, scope: null });
    });

    it('refuses a scope of another type, or without its object', async () => {
      const wrongType = await t.post('/v4/api/ipam/prefixes/', { prefix: '10.3.0.0/16', scope_type: 'dcim.device', scope_id: 1 });
      expectStatus(wrongType, 400);
      expect(Object.keys(wrongType.body)).toEqual(['scope_type']);
      const noObject = await t.post('/v4/api/ipam/prefixes/', { prefix: '10.3.0.0/16', scope_type: 'dcim.site' });
      expectStatus(noObject, 400);
      expect(noObject.body).toEqual({ scope: ['Please select a site.'] });
      const gone = await t.post('/v4/api/ipam/prefixes/', { prefix: '10.3.0.0/16', scope_type: 'dcim.site', scope_id: 999999 });
      expectStatus(gone, 400);
      expect((await t.get('/api/ipam/prefixes/?prefix=10.3.0.0/16').expect(200)).body.count).toBe(0);
    });

    it('scopes clusters and wireless LANs alike', async () => {
      const type = await named('/api/virtualization/cluster-types/', 'VMware');
      const cluster = await t.post('/v4/api/virtualization/clusters/', { name: unique('C'), type: type.id, scope_type: 'dcim.region', scope_id: region.id });
      expectStatus(cluster, 201);
      expect(cluster.body.scope.id).toBe(region.id);
      expect((await t.get(`/api/virtualization/clusters/${cluster.body.id}/`).expect(200)).body.site).toBeNull();
      expect((await t.get(`/v4/api/virtualization/clusters/?region_id=${region.id}&id=${cluster.body.id}`).expect(200)).body.count).toBe(1);
      const old = await createOne(t, '/api/virtualization/clusters/', { name: unique('C'), type: type.id, site: site.id });
      expect((await t.get(`/v4/api/virtualization/clusters/${old.id}/`).expect(200)).body.scope_type).toBe('dcim.site');

      const lan = await t.post('/v4/api/wireless/wireless-lans/', { ssid: unique('guest'), scope_type: 'dcim.site', scope_id: site.id });
      expectStatus(lan, 201);
      expect(lan.body.scope.id).toBe(site.id);
      const lanOld = (await t.get(`/api/wireless/wireless-lans/${lan.body.id}/`).expect(200)).body;
      expect(lanOld).not.toHaveProperty('site');
      expect(lanOld).not.toHaveProperty('scope');
      expect((await t.get(`/v4/api/wireless/wireless-lans/?site_id=${site.id}`).expect(200)).body.count).toBe(1);
    });
  });
  it("sends 3.5's webhooks the object in 3.5's words, whichever generation wrote it", async () => {
    const receiver = await Receiver.start();
    try {
      await createOne(t, '/api/extras/webhooks/', { name: 'devices', content_types: ['dcim.device'], type_create: true, payload_url: `${receiver.url}/hook` });
      const { type, role } = await deviceParts();
      const made = await t.post('/v4/api/dcim/devices/', { name: unique('hooked'), device_type: type.id, role: role.id, site: site.id });
      expectStatus(made, 201);
      const [delivery] = await receiver.until(1);
      const payload = JSON.parse(delivery.body);
      expect(payload.data.id).toBe(made.body.id);
      expect(payload.data.device_role.id).toBe(role.id);
      expect(payload.data).not.toHaveProperty('role');
      expect(payload.data.url).toBe(`/api/dcim/devices/${made.body.id}/`);
    } finally {
      await receiver.close();
    }
  });

  describe('circuit terminations', () => {
    async function circuit(): Promise<{ circuit: Json; network: Json; provider: Json }> {
      const provider = await named('/api/circuits/providers/', 'Carrier');
      const type = await named('/api/circuits/circuit-types/', 'Transit');
      const network = await createOne(t, '/api/circuits/provider-networks/', { name: unique('MPLS'), provider: provider.id });
      return { circuit: await createOne(t, '/api/circuits/circuits/', { cid: unique('CID'), provider: provider.id, type: type.id }), network, provider };
    }

    it('attaches to any place through 4.x, which 3.5 sees at its site or provider network', async () => {
      const { circuit: c, network, provider } = await circuit();
      const a = await t.post('/v4/api/circuits/circuit-terminations/', { circuit: c.id, term_side: 'A', termination_type: 'dcim.location', termination_id: location.id });
      expectStatus(a, 201);
      expect(a.body).toMatchObject({ termination_type: 'dcim.location', termination_id: location.id, termination: { id: location.id, name: location.name } });
      expect(a.body).not.toHaveProperty('site');
      expect(Object.keys(a.body)).toEqual([
        'id', 'url', 'display_url', 'display', 'circuit', 'term_side', 'termination_type', 'termination_id', 'termination', 'port_speed',
        'upstream_speed', 'xconnect_id', 'pp_info', 'description', 'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type',
        'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
      ]);
      const z = await createOne(t, '/api/circuits/circuit-terminations/', { circuit: c.id, term_side: 'Z', provider_network: network.id });
      expect(z).not.toHaveProperty('termination');

      const old = (await t.get(`/api/circuits/circuit-terminations/${a.body.id}/`).expect(200)).body;
      expect(old.site.id).toBe(site.id);
      expect(old.provider_network).toBeNull();
      const zNew = (await t.get(`/v4/api/circuits/circuit-terminations/${z.id}/`).expect(200)).body;
      expect(zNew).toMatchObject({ termination_type: 'circuits.providernetwork', termination_id: network.id, termination: { id: network.id } });

      const seen = (await t.get(`/v4/api/circuits/circuits/${c.id}/`).expect(200)).body;
      expect(Object.keys(seen.termination_a)).toEqual([
        'id', 'url', 'display_url', 'display', 'termination_type', 'termination_id', 'termination', 'port_speed', 'upstream_speed', 'xconnect_id', 'description',
      ]);
      expect(seen.termination_z.termination.id).toBe(network.id);
      const oldCircuit = (await t.get(`/api/circuits/circuits/${c.id}/`).expect(200)).body;
      expect(oldCircuit.termination_a.site.id).toBe(site.id);
      expect(oldCircuit.termination_z.provider_network.id).toBe(network.id);

      for (const filter of [`location_id=${location.id}`, `site_id=${site.id}`, `region_id=${region.id}`, 'termination_type=dcim.location']) {
        expect((await t.get(`/v4/api/circuits/circuit-terminations/?${filter}&circuit_id=${c.id}`).expect(200)).body.count).toBe(1);
      }
      expect((await t.get(`/v4/api/circuits/circuit-terminations/?provider_id=${provider.id}`).expect(200)).body.count).toBe(1);
      expect((await t.get(`/api/circuits/circuit-terminations/?provider_network_id=${network.id}`).expect(200)).body.count).toBe(1);
    });

    it("refuses a termination without a place, in each generation's words", async () => {
      const { circuit: c, network } = await circuit();
      const v4 = await t.post('/v4/api/circuits/circuit-terminations/', { circuit: c.id, term_side: 'A' });
      expectStatus(v4, 400);
      expect(Object.values(v4.body).flat()).toEqual(['A circuit termination must attach to a terminating object.']);
      const v3 = await t.post('/api/circuits/circuit-terminations/', { circuit: c.id, term_side: 'A' });
      expect(Object.values(v3.body).flat()).toEqual(['A circuit termination must attach to either a site or a provider network.']);
      const both = await t.post('/api/circuits/circuit-terminations/', { circuit: c.id, term_side: 'A', site: site.id, provider_network: network.id });
      expectStatus(both, 400);
      expect(Object.values(both.body).flat()).toEqual(['A circuit termination cannot attach to both a site and a provider network.']);
      expect((await t.get(`/api/circuits/circuit-terminations/?circuit_id=${c.id}`).expect(200)).body.count).toBe(0);
    });
  });
});

describe('API_DIALECT=4.6', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ API_DIALECT: '4.6' })));
  afterAll(() => t.close());

  it('serves 4.6 at /api/ and 3.5 at /v3/api/', async () => {
    const res = await t.get('/api/status/').expect(200);
    expect(res.headers['api-version']).toBe('4.6');
    expect(res.body['netbox-version']).toBe('4.6.8');
    expect((await t.get('/api/').expect(200)).body.vpn).toMatch(/\/api\/vpn\/$/);
    const v3 = await t.get('/v3/api/').expect(200);
    expect(v3.headers['api-version']).toBe('3.5');
    expect(v3.body.vpn).toBeUndefined();
    expect(v3.body.dcim).toMatch(/\/v3\/api\/dcim\/$/);
    expect((await t.get('/api/vpn/').expect(200)).body['tunnel-terminations']).toMatch(/\/api\/vpn\/tunnel-terminations\/$/);
    expect((await t.get('/api/vpn/ike-policies/').expect(200)).body.count).toBe(0);
    expect((await t.get('/v3/api/vpn/')).status).toBe(404);
    expect((await t.get('/v3/api/vpn/tunnels/')).status).toBe(404);
    const rack = await createOne(t, '/api/dcim/racks/', {
      name: 'R1',
      site: (await createOne(t, '/api/dcim/sites/', { name: 'S', slug: 's' })).id,
      form_factor: 'wall-frame',
    });
    expect(rack.url).toMatch(/\/api\/dcim\/racks\/\d+\/$/);
    expect((await t.get(`/v3/api/dcim/racks/${rack.id}/`).expect(200)).body.type.value).toBe('wall-frame');
  });
});
