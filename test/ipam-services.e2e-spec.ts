import { pageStatements } from './helpers/queries';
import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';

const api = (plural: string) => `/api/ipam/${plural}/`;
const detail = (plural: string, id: number) => `/api/ipam/${plural}/${id}/`;
const TIMES = ['tags', 'custom_fields', 'created', 'last_updated'];

describe('ipam ASN ranges, service templates and services', () => {
  let t: TestApp;
  let web: Json;
  let db: Json;
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const names = async (plural: string, query: string) => (await t.get(`${api(plural)}?${query}&limit=0`)).body.results.map((o: Json) => o.name);
  const refused = async (plural: string, body: Json) => {
    const res = await t.post(api(plural), body);
    expectStatus(res, 400);
    return res.body;
  };

  beforeAll(async () => {
    t = await TestApp.start();
    const site = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams' });
    const maker = await createOne(t, '/api/dcim/manufacturers/', { name: 'Dell', slug: 'dell' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: maker.id, model: 'R640', slug: 'r640' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Server', slug: 'server' });
    const device = (name: string) => createOne(t, '/api/dcim/devices/', { name, device_type: type.id, device_role: role.id, site: site.id });
    web = await device('web1');
    db = await device('db1');
  });
  afterAll(() => t.close());

  it('lists the new endpoints in the ipam root', async () => {
    const root = (await t.get('/api/ipam/')).body;
    for (const plural of ['asn-ranges', 'fhrp-groups', 'fhrp-group-assignments', 'l2vpns', 'l2vpn-terminations', 'service-templates', 'services']) {
      expect(root[plural]).toMatch(new RegExp(`/api/ipam/${plural}/$`));
    }
  });

  describe('ASN ranges', () => {
    let ripe: Json;
    beforeAll(async () => {
      ripe = await make('rirs', { name: 'RIPE', slug: 'ripe' });
    });

    it('reads a range with the ASNs inside its bounds, and refuses a range that ends before it starts', async () => {
      const tenant = await createOne(t, '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme' });
      const range = await make('asn-ranges', { name: 'Private 16', slug: 'private-16', rir: ripe.id, start: 64512, end: 65534, tenant: tenant.id });
      expect(Object.keys(range)).toEqual(['id', 'url', 'display', 'name', 'slug', 'rir', 'start', 'end', 'tenant', 'description', ...TIMES, 'asn_count']);
      expect(range).toMatchObject({ display: 'Private 16 (64512-65534)', rir: { id: ripe.id, slug: 'ripe' }, tenant: { id: tenant.id }, asn_count: 0 });
      expect((await t.get(`${detail('asn-ranges', range.id)}?brief=1`)).body).toEqual({
        id: range.id, url: range.url, display: 'Private 16 (64512-65534)', name: 'Private 16',
      });
      // The bounds count as inside.
      for (const asn of [64511, 64512, 65000, 65534, 65535]) await make('asns', { asn, rir: ripe.id });
      expect((await t.get(detail('asn-ranges', range.id))).body.asn_count).toBe(3);
      const wide = await make('asn-ranges', { name: 'Wide', slug: 'wide', rir: ripe.id, start: 1, end: 4294967295 });
      expect(wide.asn_count).toBe(5);
      expect((await t.get(`${api('asn-ranges')}?ordering=-asn_count`)).body.results.map((r: Json) => r.name)).toEqual(['Wide', 'Private 16']);

      expect(await refused('asn-ranges', { name: 'Bad', slug: 'bad', rir: ripe.id, start: 65000, end: 64000 })).toEqual({
        __all__: ['Starting ASN (65000) must be lower than ending ASN (64000).'],
      });
      expect(await refused('asn-ranges', { name: 'Bad', slug: 'bad', rir: ripe.id, start: 65000, end: 65000 })).toEqual({
        __all__: ['Starting ASN (65000) must be lower than ending ASN (65000).'],
      });
      expect(await refused('asn-ranges', { name: 'Bad', slug: 'bad', rir: ripe.id, start: 0, end: 4294967296 })).toEqual({
        start: ['Ensure this value is greater than or equal to 1.'],
        end: ['Ensure this value is less than or equal to 4294967295.'],
      });
      expect(await refused('asn-ranges', { name: 'Wide', slug: 'wide-2', rir: ripe.id, start: 1, end: 2 })).toEqual({ name: ['ASN range with this name already exists.'] });
      const narrowed = await t.patch(detail('asn-ranges', wide.id), { end: 64512 });
      expect(narrowed.body).toMatchObject({ display: 'Wide (1-64512)', asn_count: 2 });
      expectStatus(await t.delete(detail('rirs', ripe.id)), 409);
    });

    it('filters ranges by bounds, registry, tenant and description', async () => {
      const arin = await make('rirs', { name: 'ARIN', slug: 'arin' });
      await make('asn-ranges', { name: 'Public 32', slug: 'public-32', rir: arin.id, start: 131072, end: 4199999999, description: 'four-byte space' });
      expect(await names('asn-ranges', 'rir=arin')).toEqual(['Public 32']);
      expect(await names('asn-ranges', `rir_id=${ripe.id}`)).toEqual(['Private 16', 'Wide']);
      expect(await names('asn-ranges', 'start__gte=100000')).toEqual(['Public 32']);
      expect(await names('asn-ranges', 'end=65534')).toEqual(['Private 16']);
      expect(await names('asn-ranges', 'tenant=acme')).toEqual(['Private 16']);
      expect(await names('asn-ranges', 'q=four-byte')).toEqual(['Public 32']);
      // NetBox searches ranges by description only.
      expect(await names('asn-ranges', 'q=wide')).toEqual([]);
    });
  });

  describe('service templates', () => {
    it('reads ports as a list and labels the template by protocol and port runs', async () => {
      const template = await make('service-templates', { name: 'Web', ports: [8080, 443, 80, 81, '82'], protocol: 'tcp', description: 'HTTP(S)' });
      expect(Object.keys(template)).toEqual(['id', 'url', 'display', 'name', 'ports', 'protocol', 'description', 'comments', ...TIMES]);
      expect(template).toMatchObject({ display: 'Web (TCP/80-82, 443, 8080)', ports: [8080, 443, 80, 81, 82], protocol: { value: 'tcp', label: 'TCP' } });
      // The nested form carries the bare protocol, as NetBox's nested serializer does.
      expect((await t.get(`${detail('service-templates', template.id)}?brief=1`)).body).toEqual({
        id: template.id, url: template.url, display: 'Web (TCP/80-82, 443, 8080)', name: 'Web', protocol: 'tcp', ports: [8080, 443, 80, 81, 82],
      });
      const dns = await make('service-templates', { name: 'DNS', ports: [53], protocol: 'udp' });
      expect(dns.display).toBe('DNS (UDP/53)');
      expect(await refused('service-templates', { name: 'Web', ports: [80], protocol: 'tcp' })).toEqual({ name: ['service template with this name already exists.'] });
      const changed = await t.patch(detail('service-templates', template.id), { ports: [8443], protocol: 'sctp' });
      expect(changed.body).toMatchObject({ display: 'Web (SCTP/8443)', ports: [8443], protocol: { value: 'sctp', label: 'SCTP' } });
    });

    it('checks the port list and each port with DRF\'s messages, and wants a protocol', async () => {
      expect(await refused('service-templates', { name: 'X', ports: '80', protocol: 'tcp' })).toEqual({ ports: ['Expected a list of items but got type "str".'] });
      expect(await refused('service-templates', { name: 'X', ports: { port: 80 }, protocol: 'tcp' })).toEqual({ ports: ['Expected a list of items but got type "dict".'] });
      expect(await refused('service-templates', { name: 'X', ports: [], protocol: 'tcp' })).toEqual({ ports: ['This field cannot be blank.'] });
      expect(await refused('service-templates', { name: 'X', ports: [22, 0, 65536, 'ssh', null, 1.5, 65535], protocol: 'tcp' })).toEqual({
        ports: {
          1: ['Ensure this value is greater than or equal to 1.'],
          2: ['Ensure this value is less than or equal to 65535.'],
          3: ['A valid integer is required.'],
          4: ['This field may not be null.'],
          5: ['A valid integer is required.'],
        },
      });
      expect(await refused('service-templates', { name: 'X', protocol: 'tcp' })).toEqual({ ports: ['This field is required.'] });
      expect(await refused('service-templates', { name: 'X', ports: [22] })).toEqual({ protocol: ['This field cannot be blank.'] });
      expect(await refused('service-templates', { name: 'X', ports: [22], protocol: 'icmp' })).toEqual({ protocol: ['"icmp" is not a valid choice.'] });
    });

    it('filters templates by port, protocol and text', async () => {
      await make('service-templates', { name: 'Mail', ports: [25, 587], protocol: 'tcp', description: 'submission' });
      expect(await names('service-templates', 'port=587')).toEqual(['Mail']);
      expect(await names('service-templates', 'port=53')).toEqual(['DNS']);
      expect(await names('service-templates', 'port=5')).toEqual([]);
      expect(await names('service-templates', 'protocol=udp')).toEqual(['DNS']);
      expect(await names('service-templates', 'protocol__n=udp')).toEqual(['Mail', 'Web']);
      expect(await names('service-templates', 'q=submission')).toEqual(['Mail']);
      expect((await t.get(`${api('service-templates')}?port=http`)).body).toEqual({ port: ['Enter a number.'] });
      expect((await t.get(`${api('service-templates')}?protocol=icmp`)).body).toEqual({ protocol: ['Select a valid choice. icmp is not one of the available choices.'] });
    });
  });

  describe('services', () => {
    it('belongs to a device, and reads its virtual machine and addresses as empty until those models exist', async () => {
      const ssh = await make('services', { device: web.id, name: 'SSH', ports: [22], protocol: 'tcp' });
      expect(Object.keys(ssh)).toEqual([
        'id', 'url', 'display', 'device', 'virtual_machine', 'name', 'ports', 'protocol', 'ipaddresses', 'description', 'comments', ...TIMES,
      ]);
      expect(ssh).toMatchObject({
        display: 'SSH (TCP/22)', device: { id: web.id, name: 'web1' }, virtual_machine: null, ipaddresses: [], protocol: { value: 'tcp', label: 'TCP' },
      });
      expect((await t.get(`${detail('services', ssh.id)}?brief=1`)).body).toEqual({
        id: ssh.id, url: ssh.url, display: 'SSH (TCP/22)', name: 'SSH', protocol: 'tcp', ports: [22],
      });
      expect(await refused('services', { device: web.id, name: 'X', ports: [80], protocol: 'tcp', ipaddresses: [1] })).toEqual({
        ipaddresses: ['Related object not found using the provided numeric ID: 1'],
      });
      const moved = await t.patch(detail('services', ssh.id), { device: db.id });
      expect(moved.body.device).toMatchObject({ id: db.id });
    });

    it('refuses a service on no device or virtual machine, with the fields\' errors beside it', async () => {
      expect(await refused('services', { name: 'Orphan', ports: [80], protocol: 'tcp' })).toEqual({
        __all__: ['A service must be associated with either a device or a virtual machine.'],
      });
      expect(await refused('services', { name: 'Orphan', ports: [80] })).toEqual({
        protocol: ['This field cannot be blank.'],
        __all__: ['A service must be associated with either a device or a virtual machine.'],
      });
      expect(await refused('services', { device: 999999, name: 'X', ports: [80], protocol: 'tcp' })).toEqual({
        device: ['Related object not found using the provided numeric ID: 999999'],
      });
      const http = await make('services', { device: web.id, name: 'HTTP', ports: [80], protocol: 'tcp' });
      const detached = await t.patch(detail('services', http.id), { device: null });
      expect(detached.body).toEqual({ __all__: ['A service must be associated with either a device or a virtual machine.'] });
    });

    it('orders services by protocol, then by port list item by item, as NetBox', async () => {
      const host = await createOne(t, '/api/dcim/devices/', { name: 'ordering', device_type: web.device_type.id, device_role: web.device_role.id, site: web.site.id });
      const lists: Array<[string, number[]]> = [
        ['udp', [53]], ['tcp', [8080]], ['tcp', [80, 443]], ['tcp', [443]], ['tcp', [80]], ['sctp', [9899]], ['tcp', [22, 8080]], ['tcp', [9, 10]],
      ];
      for (const [protocol, ports] of lists) await make('services', { device: host.id, name: `${protocol}-${ports.join('-')}`, ports, protocol });
      expect(await names('services', `device_id=${host.id}`)).toEqual([
        'sctp-9899', 'tcp-9-10', 'tcp-22-8080', 'tcp-80', 'tcp-80-443', 'tcp-443', 'tcp-8080', 'udp-53',
      ]);
      // A device's services go with it.
      expectStatus(await t.delete(`/api/dcim/devices/${host.id}/`), 204);
      expect(await names('services', `device_id=${web.id}`)).toEqual(['HTTP']);
      expect((await t.get(`${api('services')}?device=ordering`)).status).toBe(400);
    });

    it('filters services by device, port, protocol and text', async () => {
      await make('services', { device: db.id, name: 'PostgreSQL', ports: [5432], protocol: 'tcp', description: 'primary database' });
      await make('services', { device: db.id, name: 'NTP', ports: [123], protocol: 'udp' });
      expect(await names('services', 'device=db1')).toEqual(['SSH', 'PostgreSQL', 'NTP']);
      expect(await names('services', `device_id=${web.id}`)).toEqual(['HTTP']);
      expect(await names('services', 'device=web1&device=db1&protocol=udp')).toEqual(['NTP']);
      expect(await names('services', 'port=5432')).toEqual(['PostgreSQL']);
      expect(await names('services', 'q=database')).toEqual(['PostgreSQL']);
      expect(await names('services', 'name__isw=post')).toEqual(['PostgreSQL']);
      expect((await t.get(`${api('services')}?device=nowhere`)).body).toEqual({ device: ['Select a valid choice. nowhere is not one of the available choices.'] });
    });

    it('lists a page of many services in as many statements as a page of few', async () => {
      const body = Array.from({ length: 120 }, (_, i) => ({ device: i % 2 ? web.id : db.id, name: `svc-${i}`, ports: [1000 + i, 2000 + i], protocol: 'tcp' }));
      expectStatus(await t.post(api('services'), body), 201);
      for (const brief of ['', '&brief=1']) {
        const few = await pageStatements(t, async () => expect((await t.get(`${api('services')}?limit=3${brief}`)).body.results).toHaveLength(3));
        const many = await pageStatements(t, async () => expect((await t.get(`${api('services')}?limit=120${brief}`)).body.results).toHaveLength(120));
        expect(many).toBe(few);
      }
    });
  });
  it('binds services to IP addresses, filters by them, and keeps its sort key out of change records', async () => {
    const ip = await make('ip-addresses', { address: '192.0.2.80/24' });
    const http = await make('services', { device: web.id, name: 'HTTP', ports: [80, 443], protocol: 'tcp', ipaddresses: [ip.id] });
    expect(http.ipaddresses).toEqual([{ id: ip.id, url: ip.url, display: '192.0.2.80/24', family: 4, address: '192.0.2.80/24' }]);
    expect(await names('services', `ipaddress_id=${ip.id}`)).toEqual(['HTTP']);
    expect(await names('services', 'ipaddress=192.0.2.80/24')).toEqual(['HTTP']);
    const [change] = (await t.get(`/api/extras/object-changes/?changed_object_type=ipam.service&changed_object_id=${http.id}`)).body.results;
    expect(change.postchange_data).toMatchObject({ ports: [80, 443], ipaddresses: [ip.id] });
    expect(change.postchange_data).not.toHaveProperty('_ports_sort');
    expect((await t.get(`${api('services')}?_ports_sort=x`)).status).toBe(200);
  });
});
