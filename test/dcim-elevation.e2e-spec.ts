import { Json, createOne, expectStatus } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { grant, makeUserWithToken } from './helpers/users';

const api = (plural: string) => `/api/dcim/${plural}/`;

describe('rack elevations', () => {
  let t: TestApp;
  let site: Json;
  let rack: Json;
  let role: Json;
  const types: Record<string, Json> = {};
  const devices: Record<string, Json> = {};
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const elevation = (query = '') => t.get(`${api('racks')}${rack.id}/elevation/${query}`);
  // An image type: supertest leaves it as a buffer.
  const svgOf = (res: { text?: string; body: Buffer }) => res.text ?? res.body.toString('utf8');
  const occupied = (units: Json[]) => units.filter((u) => u.occupied).map((u) => [u.id, u.device?.name ?? null]);

  beforeAll(async () => {
    t = await TestApp.start();
    site = await make('sites', { name: 'Amsterdam', slug: 'ams' });
    rack = await make('racks', { name: 'R1', site: site.id, u_height: 6 });
    role = await make('device-roles', { name: 'Server', slug: 'server', color: 'ff0000' });
    const maker = await make('manufacturers', { name: 'Dell', slug: 'dell' });
    for (const [slug, u_height, is_full_depth] of [['1u', 1, true], ['2u', 2, true], ['half', 1, false], ['small', 0.5, true]] as const) {
      types[slug] = await make('device-types', { manufacturer: maker.id, model: `Model ${slug}`, slug, u_height, is_full_depth });
    }
    const place = async (name: string, type: string, position: number, face: string) => {
      devices[name] = await make('devices', { name, device_type: types[type].id, device_role: role.id, site: site.id, rack: rack.id, position, face });
    };
    await place('web-1', '2u', 1, 'front');
    await place('patch-front', 'half', 3, 'front');
    await place('patch-rear', 'half', 4, 'rear');
    await place('tiny', 'small', 5.5, 'front');
    await make('rack-reservations', { rack: rack.id, units: [6], user: 1, description: 'Future <firewall>' });
  });
  afterAll(() => t.close());

  it('lists the units of the front face top down, half units included, with the devices seen from the front', async () => {
    const res = await elevation('?limit=0');
    expectStatus(res, 200);
    expect(res.body.count).toBe(12);
    const units: Json[] = res.body.results;
    expect(units.map((u) => u.id)).toEqual([6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1]);
    expect(units[1]).toEqual({ id: 6, name: 'U6', face: { value: 'front', label: 'Front' }, device: null, occupied: false, display: 'U6' });
    // Full-depth devices show on both faces; half-depth ones only on their own.
    expect(occupied(units)).toEqual([
      [5.5, 'tiny'],
      [3.5, 'patch-front'],
      [3, 'patch-front'],
      [2.5, 'web-1'],
      [2, 'web-1'],
      [1.5, 'web-1'],
      [1, 'web-1'],
    ]);
    expect(units.find((u) => u.id === 1).device).toEqual({
      id: devices['web-1'].id,
      url: devices['web-1'].url,
      display: 'web-1',
      name: 'web-1',
      display_name: 'web-1',
    });
  });

  it('shows the rear face, leaves out an excluded device, and can list each device once', async () => {
    const rear = (await elevation('?face=rear&limit=0')).body.results;
    expect(rear[0].face).toEqual({ value: 'rear', label: 'Rear' });
    expect(occupied(rear).map(([, name]) => name)).toEqual(['tiny', 'patch-rear', 'patch-rear', 'web-1', 'web-1', 'web-1', 'web-1']);
    const without = (await elevation(`?exclude=${devices['web-1'].id}&limit=0`)).body.results;
    expect(occupied(without).map(([, name]) => name)).toEqual(['tiny', 'patch-front', 'patch-front']);
    const compact = (await elevation('?expand_devices=false&limit=0')).body;
    // A device keeps only its lowest unit.
    expect(compact.count).toBe(8);
    expect(occupied(compact.results)).toEqual([[5.5, 'tiny'], [3, 'patch-front'], [1, 'web-1']]);
  });

  it('counts units from the top when the rack says so, pages, and filters by unit number', async () => {
    const flipped = await make('racks', { name: 'R2', site: site.id, u_height: 3, desc_units: true });
    const res = await t.get(`${api('racks')}${flipped.id}/elevation/?limit=2`);
    expect(res.body.count).toBe(6);
    expect(res.body.results.map((u: Json) => u.id)).toEqual([1, 1.5]);
    expect(res.body.next).toContain('offset=2');
    // Any unit whose number contains the text, as NetBox matches it.
    expect((await elevation('?q=5&limit=0')).body.results.map((u: Json) => u.name)).toEqual(['U6.5', 'U5.5', 'U5', 'U4.5', 'U3.5', 'U2.5', 'U1.5']);
  });

  it('refuses bad parameters and unknown racks', async () => {
    expect((await elevation('?face=top')).body).toEqual({ face: ['"top" is not a valid choice.'] });
    expect((await elevation('?unit_width=wide')).body).toEqual({ unit_width: ['A valid integer is required.'] });
    expect((await t.get(`${api('racks')}99999/elevation/`)).status).toBe(404);
  });

  it('draws the rack as SVG with its devices, reservations and escaped names', async () => {
    const odd = await make('devices', { name: '<b>&"x"', device_type: types.half.id, device_role: role.id, site: site.id, rack: rack.id, position: 4, face: 'front' });
    try {
      const res = await elevation('?render=svg');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = svgOf(res);
      // 6 units of 22 px plus the border; 220 + 30 + 15 wide plus the border.
      expect(svg).toMatch(/^<svg [^>]*width="269" height="136"/);
      expect(svg).toContain('>web-1</text>');
      expect(svg).toContain('&lt;b&gt;&amp;&quot;x&quot;');
      expect(svg).not.toContain('<b>&"x"');
      expect(svg).toContain('style="fill: #ff0000"');
      expect(svg).toContain('Reservation #');
      expect(svg).toContain('Future &lt;firewall&gt;');
      expect(svg.endsWith('</svg>')).toBe(true);
      const narrow = svgOf(await elevation('?render=svg&unit_width=100&unit_height=10'));
      expect(narrow).toMatch(/^<svg [^>]*width="149" height="64"/);
    } finally {
      expectStatus(await t.delete(`${api('devices')}${odd.id}/`), 204);
    }
  });

  it('needs permission to view the rack, and names only devices the user may view', async () => {
    const { user, key } = await makeUserWithToken(t, 'viewer');
    expect((await t.get(`${api('racks')}${rack.id}/elevation/`, key)).status).toBe(403);
    await grant(t, { object_types: ['dcim.rack'], actions: ['view'], users: [user.id] });
    const units = (await t.get(`${api('racks')}${rack.id}/elevation/?limit=0`, key)).body.results;
    // The space stays taken; whose it is stays hidden.
    expect(occupied(units)).toEqual([[5.5, null], [3.5, null], [3, null], [2.5, null], [2, null], [1.5, null], [1, null]]);
    await grant(t, { object_types: ['dcim.device'], actions: ['view'], users: [user.id], constraints: { name: 'web-1' } });
    const some = (await t.get(`${api('racks')}${rack.id}/elevation/?limit=0`, key)).body.results;
    expect(occupied(some)).toEqual([[5.5, null], [3.5, null], [3, null], [2.5, 'web-1'], [2, 'web-1'], [1.5, 'web-1'], [1, 'web-1']]);
  });
});
