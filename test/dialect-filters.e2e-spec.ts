import * as fs from 'fs';
import * as path from 'path';
import { dialectOfVersion } from '../src/core/dialect/registry';
import { ModelDef, registry } from '../src/core/model/model';
import { filtersFor } from '../src/core/query/filters';
import { slugify, unique } from './helpers/fixtures';
import { RECORDED_FILTERS, addedIn359 } from './helpers/netbox-filters';
import { createOne, expectStatus, Json } from './helpers/seed';
import { TestApp } from './helpers/test-app';

/** Every filter name of NetBox 4.6.8's filter sets, by object type (scripts/reference/netbox-filterset-names.py). */
const FILTERSETS_46: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'src', 'dialects', 'netbox-4.6-filtersets.json'), 'utf8'));

/** A 4.6 filter over a field this service does not store yet: the field (on the stored model) and why it is not there. */
type Unstored = [field: string, why: string];

const cableConnector: Unstored = ['cable_connector', '4.6 cable connectors are not stored'];
// 4.5 gave tags an owner and its filters, but TagSerializer leaves the field out: no client reads or writes it.
const tagOwner: Unstored = ['owner', "4.6's tag serializer leaves its owner out"];
const autoSync: Unstored = ['auto_sync_enabled', "4.x's data-file auto sync is not stored"];

/**
 * The 4.6 filters /v4 does not take, because this service does not store what they filter, by stored model. Each names
 * the field it waits for: once the model stores it, this test asks for the filter.
 */
const NOT_STORED: Record<string, Record<string, Unstored>> = {
  'extras.tag': Object.fromEntries(['owner', 'owner_id', 'owner_group', 'owner_group_id'].map((name) => [name, tagOwner])),
  'extras.exporttemplate': { auto_sync_enabled: autoSync },
  'extras.configcontext': { auto_sync_enabled: autoSync },
  'extras.configcontextprofile': { auto_sync_enabled: autoSync },
  'dcim.consoleport': { cable_connector: cableConnector },
  'dcim.consoleserverport': { cable_connector: cableConnector },
  'dcim.powerport': { cable_connector: cableConnector },
  'dcim.poweroutlet': { cable_connector: cableConnector },
  'dcim.interface': { cable_connector: cableConnector },
  'dcim.frontport': { cable_connector: cableConnector },
  'dcim.rearport': { cable_connector: cableConnector },
  'dcim.modulebay': { parent_id: ['parent', '4.x nested module bays are not stored'] },
  'dcim.cable': {
    profile: ['profile', '4.6 cable profiles are not stored'],
  },
  'dcim.powerfeed': {
    cable_connector: cableConnector,
  },
  'virtualization.virtualmachine': {
    interface_count: ['interface_count', '4.x counter fields are not stored'],
    virtual_disk_count: ['virtual_disk_count', '4.x counter fields are not stored'],
  },
  'circuits.circuittermination': { cable_connector: cableConnector },
};

/** Names the reference lists that are not filters of a list (a filter set's defaults). */
const NOT_FILTERS = new Set(['FILTER_DEFAULTS']);

/** The names a model's /v4 list takes as filters: each filter of the dialect's set as 4.6 names it, with its lookups. */
function v4Filters(model: ModelDef): Set<string> {
  const dialect = dialectOfVersion('4.6');
  const names = new Set<string>();
  for (const [stored, spec] of filtersFor(model, dialect)) {
    const name = dialect.filterNameOf(model, stored);
    if (name === null) continue;
    names.add(name);
    for (const lookup of spec.lookups) names.add(`${name}__${lookup}`);
  }
  return names;
}

/** The query parameters a list path's GET declares. */
const parametersOf = (doc: Json, listPath: string): Set<string> => new Set((doc.paths[listPath]?.get?.parameters ?? []).map((p: Json) => p.name as string));

async function schemaOf(t: TestApp, url: string): Promise<Json> {
  const res = await t.get(url).buffer(true);
  expectStatus(res, 200);
  return JSON.parse(res.text);
}

describe("/v4 lists take NetBox 4.6.8's filters, /api/ 3.5's", () => {
  let t: TestApp;
  let v4: Json;
  let v3: Json;

  beforeAll(async () => {
    t = await TestApp.start();
    v4 = await schemaOf(t, '/v4/api/schema/?format=json');
    v3 = await schemaOf(t, '/api/schema/?format=json');
  });
  afterAll(() => t?.close());

  /** Every model /v4 serves that 4.6 has a filter set for: its stored label, 4.6's name for it and its /v4 and /api/ list paths. */
  const served = () => {
    const dialect = dialectOfVersion('4.6');
    return registry
      .served()
      .filter((model) => dialect.serves(model) && FILTERSETS_46[dialect.objectTypeOf(model)])
      .map((model) => ({ model, objectType: dialect.objectTypeOf(model), v4Path: `/v4${dialect.pathOf(model)}`, v3Path: model.path }));
  };

  it('takes every name of every 4.6 filter set it serves as a /v4 filter, but those over what is not stored', () => {
    const lists = served();
    expect(lists.length).toBeGreaterThan(90);
    const missing: Record<string, string[]> = {};
    for (const { model, objectType } of lists) {
      const taken = v4Filters(model);
      const unstored = NOT_STORED[model.label] ?? {};
      const lacking = FILTERSETS_46[objectType].filter((name) => !NOT_FILTERS.has(name) && !taken.has(name) && !unstored[name]);
      if (lacking.length) missing[model.label] = lacking;
    }
    expect(missing).toEqual({});
  });

  it("lists each list's /v4 filters in /v4's OpenAPI document", () => {
    const undocumented: Record<string, string[]> = {};
    for (const { model, v4Path } of served()) {
      const declared = parametersOf(v4, v4Path);
      // A route an app documents itself (scripts) lists no filters.
      if (!declared.has('limit')) continue;
      const lacking = [...v4Filters(model)].filter((name) => !declared.has(name));
      if (lacking.length) undocumented[v4Path] = lacking;
    }
    expect(undocumented).toEqual({});
  });

  it('lists as not stored only 4.6 filters /v4 lacks, over fields the models do not have', () => {
    const dialect = dialectOfVersion('4.6');
    const stale: string[] = [];
    for (const [label, names] of Object.entries(NOT_STORED)) {
      const model = registry.get(label);
      if (!model) {
        stale.push(`${label}: no such model`);
        continue;
      }
      const taken = v4Filters(model);
      for (const [name, [field]] of Object.entries(names)) {
        if (!FILTERSETS_46[dialect.objectTypeOf(model)]?.includes(name)) stale.push(`${label}.${name}: not a 4.6 filter`);
        if (taken.has(name)) stale.push(`${label}.${name}: /v4 takes it now`);
        if (model.fields[field] || model.storedFields[field]) stale.push(`${label}.${name}: ${field} is stored now, its filter is wanted`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("keeps each 4.6-only name out of /api/'s lists, as NetBox 3.5 ignores it", () => {
    const leaked: Record<string, string[]> = {};
    for (const { objectType, v3Path } of served()) {
      const recorded = new Set(RECORDED_FILTERS[v3Path] ?? []);
      if (!recorded.size) continue;
      const declared = parametersOf(v3, v3Path);
      const only46 = FILTERSETS_46[objectType].filter((name) => !recorded.has(name) && !addedIn359(v3Path, name, recorded));
      const taken = only46.filter((name) => declared.has(name));
      if (taken.length) leaked[v3Path] = taken;
    }
    expect(leaked).toEqual({});
  });

  describe('what a 4.6 name means', () => {
    let chassis: Json;
    let master: Json;
    let member: Json;
    let other: Json;
    const ifaces: Record<string, Json> = {};

    /** Interface names (`device:name`) a list answers, sorted. */
    const interfaces = async (url: string): Promise<string[]> => {
      const res = await t.get(url);
      expectStatus(res, 200);
      return res.body.results.map((i: Json) => `${i.device.name}:${i.name}`).sort();
    };

    beforeAll(async () => {
      const site = await createOne(t, '/api/dcim/sites/', { name: 'Chassis site', slug: 'chassis-site' });
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Stacker', slug: 'stacker' });
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'EX4300', slug: 'ex4300' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Access', slug: 'access' });
      const device = (name: string) => createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id, status: 'active' });
      [master, member, other] = [await device('sw1'), await device('sw2'), await device('lone')];
      chassis = await createOne(t, '/api/dcim/virtual-chassis/', { name: 'stack' });
      expectStatus(await t.patch(`/api/dcim/devices/${master.id}/`, { virtual_chassis: chassis.id, vc_position: 1 }), 200);
      expectStatus(await t.patch(`/api/dcim/devices/${member.id}/`, { virtual_chassis: chassis.id, vc_position: 2, status: 'planned' }), 200);
      expectStatus(await t.patch(`/api/dcim/virtual-chassis/${chassis.id}/`, { master: master.id }), 200);
      for (const d of [master, member, other]) {
        ifaces[`${d.name}:ge-0`] = await createOne(t, '/api/dcim/interfaces/', { device: d.id, name: 'ge-0', type: '1000base-t' });
        ifaces[`${d.name}:me0`] = await createOne(t, '/api/dcim/interfaces/', { device: d.id, name: 'me0', type: '1000base-t', mgmt_only: true });
      }
    });

    it("answers a member's device_id with its own interfaces on /v4, and with its chassis' (but others' management ones) on /api/", async () => {
      expect(await interfaces(`/v4/api/dcim/interfaces/?device_id=${member.id}`)).toEqual(['sw2:ge-0', 'sw2:me0']);
      expect(await interfaces(`/api/dcim/interfaces/?device_id=${member.id}`)).toEqual(['sw1:ge-0', 'sw2:ge-0', 'sw2:me0']);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_chassis_member_id=${member.id}`)).toEqual(['sw1:ge-0', 'sw2:ge-0', 'sw2:me0']);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_chassis_member=sw2`)).toEqual(['sw1:ge-0', 'sw2:ge-0', 'sw2:me0']);
    });

    it("answers device by name with the master's chassis on /api/, as virtual_chassis_member_or_master on /v4", async () => {
      expect(await interfaces('/api/dcim/interfaces/?device=sw1')).toEqual(['sw1:ge-0', 'sw1:me0', 'sw2:ge-0']);
      expect(await interfaces('/v4/api/dcim/interfaces/?device=sw1')).toEqual(['sw1:ge-0', 'sw1:me0']);
      expect(await interfaces('/v4/api/dcim/interfaces/?virtual_chassis_member_or_master=sw1')).toEqual(['sw1:ge-0', 'sw1:me0', 'sw2:ge-0']);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_chassis_member_or_master_id=${master.id}`)).toEqual(['sw1:ge-0', 'sw1:me0', 'sw2:ge-0']);
      // A member that is not the master has only its own.
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_chassis_member_or_master_id=${member.id}`)).toEqual(['sw2:ge-0', 'sw2:me0']);
      expect(await interfaces(`/v4/api/dcim/interfaces/?virtual_chassis_member_id=${other.id}`)).toEqual(['lone:ge-0', 'lone:me0']);
    });

    it('refuses what 4.6 refuses for the device and chassis filters, keyed by the filter', async () => {
      expect((await t.get('/v4/api/dcim/interfaces/?device_id=99999')).body).toEqual({ device_id: ['Select a valid choice. 99999 is not one of the available choices.'] });
      expect((await t.get('/v4/api/dcim/interfaces/?virtual_chassis_member_id=x')).body).toEqual({ virtual_chassis_member_id: ['Enter a whole number.'] });
      expect(await interfaces(`/v4/api/dcim/interfaces/?device_id__n=${master.id}&device_id__n=${member.id}`)).toEqual(['lone:ge-0', 'lone:me0']);
    });

    it("takes a component's device status and tenant on /v4 only", async () => {
      expect(await interfaces('/v4/api/dcim/interfaces/?device_status=planned')).toEqual(['sw2:ge-0', 'sw2:me0']);
      expect(await interfaces('/v4/api/dcim/interfaces/?device_status__n=active')).toEqual(['sw2:ge-0', 'sw2:me0']);
      expect((await t.get('/v4/api/dcim/interfaces/?device_status=nonsense')).body).toEqual({ device_status: ['Select a valid choice. nonsense is not one of the available choices.'] });
      expect(await interfaces('/api/dcim/interfaces/?device_status=planned')).toHaveLength(6);
      const tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Stack owner', slug: 'stack-owner' });
      expectStatus(await t.patch(`/api/dcim/devices/${other.id}/`, { tenant: tenant.id }), 200);
      expect(await interfaces(`/v4/api/dcim/interfaces/?tenant_id=${tenant.id}`)).toEqual(['lone:ge-0', 'lone:me0']);
      expect(await interfaces('/v4/api/dcim/interfaces/?tenant=stack-owner')).toEqual(['lone:ge-0', 'lone:me0']);
      expect(await interfaces('/api/dcim/interfaces/?tenant=stack-owner')).toHaveLength(6);
    });
  });

  describe('cables and VLANs by what 4.x names them by', () => {
    let site: Json;
    let a: Json;
    let b: Json;
    let cable: Json;

    beforeAll(async () => {
      const region = await createOne(t, '/api/dcim/regions/', { name: 'Nordics', slug: 'nordics' });
      site = await createOne(t, '/api/dcim/sites/', { name: 'Oslo', slug: 'oslo', region: region.id });
      const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Cabler', slug: 'cabler' });
      const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'Patch', slug: 'patch' });
      const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
      const device = await createOne(t, '/api/dcim/devices/', { name: 'edge1', device_type: type.id, device_role: role.id, site: site.id });
      [a, b] = [await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'xe-0', type: '10gbase-x-sfpp' }), await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'xe-1', type: '10gbase-x-sfpp' })];
      cable = await createOne(t, '/api/dcim/cables/', { a_terminations: [{ object_type: 'dcim.interface', object_id: a.id }], b_terminations: [{ object_type: 'dcim.interface', object_id: b.id }] });
    });

    it('finds a cable and its terminations by the interface they end at', async () => {
      const ids = async (url: string) => (await t.get(url).expect(200)).body.results.map((x: Json) => x.id);
      expect(await ids(`/v4/api/dcim/cables/?interface_id=${b.id}`)).toEqual([cable.id]);
      expect(await ids(`/v4/api/dcim/cables/?consoleport_id=${b.id}`)).toEqual([]);
      expect(await ids(`/v4/api/dcim/cables/?id=${cable.id}&unterminated=true`)).toEqual([]);
      expect(await ids(`/v4/api/dcim/cables/?id=${cable.id}&unterminated=false`)).toEqual([cable.id]);
      expect((await t.get(`/v4/api/dcim/cable-terminations/?interface_id=${a.id}`).expect(200)).body.results.map((x: Json) => x.cable_end)).toEqual(['A']);
      expect(await ids(`/v4/api/dcim/interfaces/?cable_id=${cable.id}`)).toEqual([a.id, b.id]);
    });

    it("finds the VLANs available at a site, and an interface's VLANs", async () => {
      const regional = await createOne(t, '/api/ipam/vlan-groups/', { name: 'Nordic VLANs', slug: 'nordic-vlans', scope_type: 'dcim.region', scope_id: site.region.id });
      const elsewhere = await createOne(t, '/api/dcim/sites/', { name: 'Lima', slug: 'lima' });
      const [grouped, , global] = [
        await createOne(t, '/api/ipam/vlans/', { vid: 100, name: 'grouped', group: regional.id }),
        await createOne(t, '/api/ipam/vlans/', { vid: 200, name: 'elsewhere', site: elsewhere.id }),
        await createOne(t, '/api/ipam/vlans/', { vid: 300, name: 'global' }),
      ];
      const names = async (url: string) => (await t.get(url).expect(200)).body.results.map((v: Json) => v.name).sort();
      expect(await names(`/v4/api/ipam/vlans/?available_at_site=${site.id}&vid__gte=100`)).toEqual(['global', 'grouped']);
      expect(await names(`/v4/api/ipam/vlans/?available_at_site=${elsewhere.id}&vid__gte=100`)).toEqual(['elsewhere', 'global']);
      expectStatus(await t.patch(`/api/dcim/interfaces/${a.id}/`, { mode: 'tagged', untagged_vlan: grouped.id, tagged_vlans: [global.id] }), 200);
      expect(await names(`/v4/api/ipam/vlans/?interface_id=${a.id}`)).toEqual(['global', 'grouped']);
      expect((await t.get('/v4/api/ipam/vlans/?interface_id=99999')).body).toEqual({ interface_id: ['Select a valid choice. That choice is not one of the available choices.'] });
    });
  });

  describe('nested groups: parent is the one above, ancestor any above', () => {
    let europe: Json;
    let benelux: Json;

    /** The names of this session's regions a list answers, sorted. */
    const regions = async (url: string): Promise<string[]> => {
      const res = await t.get(url);
      expectStatus(res, 200);
      return res.body.results.map((r: Json) => r.name).filter((name: string) => ['Europe', 'Benelux', 'Amsterdam', 'Asia'].includes(name)).sort();
    };

    beforeAll(async () => {
      europe = await createOne(t, '/api/dcim/regions/', { name: 'Europe', slug: 'europe' });
      benelux = await createOne(t, '/api/dcim/regions/', { name: 'Benelux', slug: 'benelux', parent: europe.id });
      await createOne(t, '/api/dcim/regions/', { name: 'Amsterdam', slug: 'amsterdam', parent: benelux.id });
      await createOne(t, '/api/dcim/regions/', { name: 'Asia', slug: 'asia' });
    });

    it('answers parent with the children only, ancestor with everything below', async () => {
      expect(await regions(`/v4/api/dcim/regions/?parent_id=${europe.id}`)).toEqual(['Benelux']);
      expect(await regions('/v4/api/dcim/regions/?parent=europe')).toEqual(['Benelux']);
      expect(await regions(`/v4/api/dcim/regions/?ancestor_id=${europe.id}`)).toEqual(['Amsterdam', 'Benelux']);
      expect(await regions('/v4/api/dcim/regions/?ancestor=europe')).toEqual(['Amsterdam', 'Benelux']);
      expect(await regions(`/v4/api/dcim/regions/?ancestor_id=${benelux.id}`)).toEqual(['Amsterdam']);
      expect(await regions(`/v4/api/dcim/regions/?ancestor_id__n=${europe.id}`)).toEqual(['Asia', 'Europe']);
    });

    it("ignores ancestor on /api/, as 3.5's filter set has none", async () => {
      expect(await regions(`/api/dcim/regions/?ancestor_id=${europe.id}`)).toEqual(['Amsterdam', 'Asia', 'Benelux', 'Europe']);
      expect(await regions(`/api/dcim/regions/?parent_id=${europe.id}`)).toEqual(['Benelux']);
    });

    it('refuses an ancestor that is none, keyed by the filter', async () => {
      expect((await t.get('/v4/api/dcim/regions/?ancestor=atlantis')).body).toEqual({ ancestor: ['Select a valid choice. atlantis is not one of the available choices.'] });
      expect((await t.get('/v4/api/dcim/regions/?ancestor_id=x')).body).toEqual({ ancestor_id: ['“x” is not a valid value.'] });
    });
  });

  describe('tags by id', () => {
    let gold: Json;
    let blue: Json;
    const sites = async (url: string): Promise<string[]> => {
      const res = await t.get(url);
      expectStatus(res, 200);
      return res.body.results.map((s: Json) => s.name).filter((name: string) => name.startsWith('Tagged')).sort();
    };

    beforeAll(async () => {
      gold = await createOne(t, '/api/extras/tags/', { name: 'Gold', slug: 'gold' });
      blue = await createOne(t, '/api/extras/tags/', { name: 'Blue', slug: 'blue' });
      await createOne(t, '/api/dcim/sites/', { name: 'Tagged both', slug: 'tagged-both', tags: [{ id: gold.id }, { id: blue.id }] });
      await createOne(t, '/api/dcim/sites/', { name: 'Tagged gold', slug: 'tagged-gold', tags: [{ id: gold.id }] });
      await createOne(t, '/api/dcim/sites/', { name: 'Tagged none', slug: 'tagged-none' });
    });

    it('answers tag_id with objects carrying every tag, __n with those carrying none, __any with those carrying one', async () => {
      expect(await sites(`/v4/api/dcim/sites/?tag_id=${gold.id}`)).toEqual(['Tagged both', 'Tagged gold']);
      expect(await sites(`/v4/api/dcim/sites/?tag_id=${gold.id}&tag_id=${blue.id}`)).toEqual(['Tagged both']);
      expect(await sites(`/v4/api/dcim/sites/?tag_id__n=${blue.id}`)).toEqual(['Tagged gold', 'Tagged none']);
      expect(await sites(`/v4/api/dcim/sites/?tag_id__any=${gold.id}&tag_id__any=${blue.id}`)).toEqual(['Tagged both', 'Tagged gold']);
      expect(await sites('/v4/api/dcim/sites/?tag__any=blue&tag__any=gold')).toEqual(['Tagged both', 'Tagged gold']);
    });

    it('ignores tag_id and __any on /api/', async () => {
      expect(await sites(`/api/dcim/sites/?tag_id=${blue.id}`)).toEqual(['Tagged both', 'Tagged gold', 'Tagged none']);
      expect(await sites('/api/dcim/sites/?tag__any=blue')).toEqual(['Tagged both', 'Tagged gold', 'Tagged none']);
    });

    it('refuses a tag id that is none, keyed by the filter', async () => {
      expect((await t.get('/v4/api/dcim/sites/?tag_id=99999')).body).toEqual({ tag_id: ['Select a valid choice. 99999 is not one of the available choices.'] });
      expect((await t.get('/v4/api/dcim/sites/?tag_id=gold')).body).toEqual({ tag_id: ['“gold” is not a valid value.'] });
    });
  });

  describe('contacts and descriptions', () => {
    let alice: Json;
    let noc: Json;
    let tenant: Json;

    const listed = async (url: string, key = 'name'): Promise<string[]> => {
      const res = await t.get(url);
      expectStatus(res, 200);
      return res.body.results.map((x: Json) => String(x[key])).sort();
    };

    beforeAll(async () => {
      noc = await createOne(t, '/api/tenancy/contact-groups/', { name: 'NOC', slug: 'noc' });
      const shift = await createOne(t, '/api/tenancy/contact-groups/', { name: 'Night shift', slug: 'night-shift', parent: noc.id });
      alice = await createOne(t, '/api/tenancy/contacts/', { name: 'Alice', group: shift.id, description: 'on call' });
      await createOne(t, '/api/tenancy/contacts/', { name: 'Bob', description: 'day desk' });
      const role = await createOne(t, '/api/tenancy/contact-roles/', { name: 'Operations', slug: 'operations' });
      tenant = await createOne(t, '/api/tenancy/tenants/', { name: unique('Contacted'), slug: slugify(unique('contacted')) });
      await createOne(t, '/api/tenancy/contact-assignments/', { content_type: 'tenancy.tenant', object_id: tenant.id, contact: alice.id, role: role.id });
      await createOne(t, '/api/ipam/aggregates/', { prefix: '192.0.2.0/24', rir: (await createOne(t, '/api/ipam/rirs/', { name: 'RFC', slug: 'rfc' })).id });
    });

    it("answers 4.x's contact filters on models 3.5 gave none (nothing is assigned to an aggregate), and ignores them on /api/", async () => {
      expect(await listed(`/v4/api/ipam/aggregates/?contact=${alice.id}`, 'prefix')).toEqual([]);
      expect(await listed(`/api/ipam/aggregates/?contact=${alice.id}`, 'prefix')).toEqual(['192.0.2.0/24']);
      expect((await t.get('/v4/api/ipam/aggregates/?contact_role=ops')).body).toEqual({ contact_role: ['“ops” is not a valid value.'] });
    });

    it("finds a contact's groups by contact_id, and assignments by the contact's group or one above it", async () => {
      expect(await listed(`/v4/api/tenancy/contact-groups/?contact_id=${alice.id}`)).toEqual(['Night shift']);
      const assignments = await listed(`/v4/api/tenancy/contact-assignments/?group_id=${noc.id}`, 'object_id');
      expect(assignments).toEqual([String(tenant.id)]);
      expect(await listed(`/v4/api/tenancy/contact-assignments/?group=night-shift`, 'object_id')).toEqual([String(tenant.id)]);
    });

    it("takes a contact's description with the text lookups on /v4, ignores it on /api/", async () => {
      expect(await listed('/v4/api/tenancy/contacts/?description=on call')).toEqual(['Alice']);
      expect(await listed('/v4/api/tenancy/contacts/?description__ic=DESK')).toEqual(['Bob']);
      expect(await listed('/v4/api/tenancy/contacts/?description__empty=true')).toEqual([]);
      expect(await listed('/api/tenancy/contacts/?description=on call')).toEqual(['Alice', 'Bob']);
    });
  });

  // Last, once the sessions above have made objects for the values to name.
  it('answers every filter /v4 adds, with each of its lookups, by a list or a 400 keyed by the filter, never a 500', async () => {
    const dialect = dialectOfVersion('4.6');
    const failures: string[] = [];
    for (const { model, v4Path } of served()) {
      const stored = filtersFor(model);
      for (const [name, spec] of filtersFor(model, dialect)) {
        if (stored.get(name) === spec) continue;
        const spoken = dialect.filterNameOf(model, name);
        for (const param of [spoken, ...spec.lookups.map((lookup) => `${spoken}__${lookup}`)]) {
          for (const value of ['1', 'x', '', '99999999999']) {
            const res = await t.get(`${v4Path}?${param}=${value}&limit=1`);
            if (res.status === 200 || (res.status === 400 && Object.keys(res.body).join() === param)) continue;
            failures.push(`${v4Path}?${param}=${value}: ${res.status} ${res.text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
