import { Json, createOne, expectStatus, pathOf, superuserId } from './helpers/seed';
import { TestApp } from './helpers/test-app';
import { NOT_FOUND, NO_PERMISSION, NOT_PROVIDED, grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(120_000);

const api = (plural: string) => `/api/dcim/${plural}/`;
const UNIT_KEYS = ['id', 'name', 'face', 'device', 'occupied', 'display'];

/** Throws unless `xml` is a single well-formed element: tags nest and close, attributes are quoted and unique, no bare `<` or `&`. */
function assertWellFormed(xml: string): void {
  const name = '[A-Za-z_][\\w.:-]*';
  const token = new RegExp(`<(/?)(${name})((?:\\s+${name}\\s*=\\s*"[^"<]*")*)\\s*(/?)>|<!--[\\s\\S]*?-->|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|([^<]+)`, 'y');
  const bareAmpersand = /&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const stack: string[] = [];
  let roots = 0;
  let pos = 0;
  while (pos < xml.length) {
    token.lastIndex = pos;
    const m = token.exec(xml);
    if (!m) throw new Error(`not well-formed at ${pos}: ${xml.slice(pos, pos + 60)}`);
    pos = token.lastIndex;
    const [, closing, tag, attrs = '', selfClosing, text] = m;
    if (text !== undefined) {
      if (bareAmpersand.test(text)) throw new Error(`bare & in text: ${text}`);
      if (!stack.length && text.trim()) throw new Error(`text outside the root element: ${text}`);
      continue;
    }
    if (!tag) continue;
    if (bareAmpersand.test(attrs)) throw new Error(`bare & in attributes of <${tag}>`);
    const attrNames = [...attrs.matchAll(new RegExp(`(${name})\\s*=`, 'g'))].map((a) => a[1]);
    if (new Set(attrNames).size !== attrNames.length) throw new Error(`repeated attribute in <${tag}>`);
    if (closing) {
      if (attrs || selfClosing) throw new Error(`malformed end tag </${tag}>`);
      const open = stack.pop();
      if (open !== tag) throw new Error(`</${tag}> closes <${open}>`);
      continue;
    }
    if (!stack.length) roots += 1;
    if (!selfClosing) stack.push(tag);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** The attributes of an element's start tag, unescaped. */
function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [k, unescapeXml(v)]));
}

/** Every `<text class="...">` of the drawing with that class, as read. */
const textsOf = (svg: string, cls: string) =>
  [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].filter(([, attrs]) => attributesOf(attrs).class === cls).map(([, , content]) => unescapeXml(content));

/** The links of the drawing: where each points, its tooltip, and the rectangle and label inside it. */
function linksOf(svg: string): Array<{ href: string; title: string; rect: Record<string, string>; label: string | null }> {
  return [...svg.matchAll(/<a ([^>]*)><title>([^<]*)<\/title><rect ([^>]*)\/>(?:<text [^>]*>([^<]*)<\/text>)?<\/a>/g)].map(([, a, title, rect, label]) => ({
    href: attributesOf(a)['xlink:href'],
    title: unescapeXml(title),
    rect: attributesOf(rect),
    label: label === undefined ? null : unescapeXml(label),
  }));
}

const drawnDevices = (svg: string) => linksOf(svg).filter((l) => l.href.includes('/api/dcim/devices/'));

describe('rack elevations', () => {
  let t: TestApp;
  let site: Json;
  let rack: Json;
  let role: Json;
  let maker: Json;
  const types: Record<string, Json> = {};
  const devices: Record<string, Json> = {};
  const make = (plural: string, body: Json) => createOne(t, api(plural), body);
  const elevationOf = (r: Json, query = '', token?: string | null) => t.get(`${api('racks')}${r.id}/elevation/${query}`, token);
  const elevation = (query = '', token?: string | null) => elevationOf(rack, query, token);
  const unitsOf = async (query = '', token?: string | null) => {
    const res = await elevation(query, token);
    expectStatus(res, 200);
    return res.body.results as Json[];
  };
  // An image type: supertest leaves the body as a buffer.
  const svgOf = (res: { text?: string; body: unknown }) => res.text ?? (res.body as Buffer).toString('utf8');
  const drawing = async (r: Json, query = '', token?: string | null) => {
    const res = await elevationOf(r, `?render=svg${query}`, token);
    expectStatus(res, 200);
    return svgOf(res);
  };
  /** Occupied units as [id, device name or null when hidden]. */
  const occupied = (units: Json[]) => units.filter((u) => u.occupied).map((u) => [u.id, u.device?.name ?? null]);
  const place = async (name: string, type: string, position: number, face: string, extra: Json = {}) => {
    devices[name] = await make('devices', { name, device_type: types[type].id, device_role: role.id, site: site.id, rack: rack.id, position, face, ...extra });
    return devices[name];
  };

  beforeAll(async () => {
    t = await TestApp.start();
    site = await make('sites', { name: 'Amsterdam', slug: 'ams' });
    rack = await make('racks', { name: 'R1', site: site.id, u_height: 6 });
    role = await make('device-roles', { name: 'Server', slug: 'server', color: 'ff0000' });
    maker = await make('manufacturers', { name: 'Dell', slug: 'dell' });
    for (const [slug, u_height, is_full_depth] of [['1u', 1, true], ['2u', 2, true], ['half', 1, false], ['small', 0.5, true]] as const) {
      types[slug] = await make('device-types', { manufacturer: maker.id, model: `Model ${slug}`, slug, u_height, is_full_depth });
    }
    // Front, full depth, 2U over U1-U2; half depth on each face at U3 and U4; a 0.5U device in the top half of U5.
    await place('web-1', '2u', 1, 'front');
    await place('patch-front', 'half', 3, 'front');
    await place('patch-rear', 'half', 4, 'rear');
    await place('tiny', 'small', 5.5, 'front');
    await make('rack-reservations', { rack: rack.id, units: [6], user: await superuserId(t), description: 'Future <firewall>' });
  });
  afterAll(() => t.close());

  describe('as JSON', () => {
    it('lists the front face top down, half units included, each unit in NetBox\'s keys', async () => {
      const res = await elevation('?limit=0');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.body).toMatchObject({ count: 12, next: null, previous: null });
      const units: Json[] = res.body.results;
      expect(units.map((u) => u.id)).toEqual([6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1]);
      expect(units.map((u) => u.name)).toEqual(['U6.5', 'U6', 'U5.5', 'U5', 'U4.5', 'U4', 'U3.5', 'U3', 'U2.5', 'U2', 'U1.5', 'U1']);
      for (const unit of units) expect(Object.keys(unit)).toEqual(UNIT_KEYS);
      // A reservation does not occupy a unit.
      expect(units[1]).toEqual({ id: 6, name: 'U6', face: { value: 'front', label: 'Front' }, device: null, occupied: false, display: 'U6' });
      expect(units.find((u) => u.id === 1)!.device).toEqual({
        id: devices['web-1'].id,
        url: devices['web-1'].url,
        display: 'web-1',
        name: 'web-1',
        display_name: 'web-1',
      });
    });

    it('shows a 2U device on four half units and a 0.5U device on one, full-depth and front half-depth devices from the front', async () => {
      expect(occupied(await unitsOf('?limit=0'))).toEqual([
        [5.5, 'tiny'],
        [3.5, 'patch-front'],
        [3, 'patch-front'],
        [2.5, 'web-1'],
        [2, 'web-1'],
        [1.5, 'web-1'],
        [1, 'web-1'],
      ]);
    });

    it('shows the rear face: full-depth devices again, half-depth ones only on the face they are mounted on', async () => {
      const rear = await unitsOf('?face=rear&limit=0');
      expect(rear.map((u) => u.face)).toEqual(Array(12).fill({ value: 'rear', label: 'Rear' }));
      expect(occupied(rear)).toEqual([
        [5.5, 'tiny'],
        [4.5, 'patch-rear'],
        [4, 'patch-rear'],
        [2.5, 'web-1'],
        [2, 'web-1'],
        [1.5, 'web-1'],
        [1, 'web-1'],
      ]);
    });

    it('leaves out an excluded device, as when moving it within the rack', async () => {
      const without = await unitsOf(`?exclude=${devices['web-1'].id}&limit=0`);
      expect(occupied(without)).toEqual([[5.5, 'tiny'], [3.5, 'patch-front'], [3, 'patch-front']]);
      // An id that is no device here changes nothing.
      expect(occupied(await unitsOf('?exclude=999999&limit=0'))).toHaveLength(7);
    });

    it('names each device once on its lowest unit when devices are not expanded, keeping every unit listed', async () => {
      const res = await elevation('?expand_devices=false&limit=0');
      expect(res.body.count).toBe(12);
      expect(occupied(res.body.results)).toEqual([[5.5, 'tiny'], [3, 'patch-front'], [1, 'web-1']]);
      expect(res.body.results.find((u: Json) => u.id === 2)).toMatchObject({ device: null, occupied: false });
    });

    it('counts from the top in a rack with descending units', async () => {
      const flipped = await make('racks', { name: 'R-desc', site: site.id, u_height: 3, desc_units: true });
      const top = await make('devices', { name: 'top', device_type: types['2u'].id, device_role: role.id, site: site.id, rack: flipped.id, position: 1, face: 'front' });
      const units = (await elevationOf(flipped, '?limit=0')).body.results;
      expect(units.map((u: Json) => u.name)).toEqual(['U1', 'U1.5', 'U2', 'U2.5', 'U3', 'U3.5']);
      expect(occupied(units)).toEqual([[1, 'top'], [1.5, 'top'], [2, 'top'], [2.5, 'top']]);
      expect(units.find((u: Json) => u.id === 1).device.id).toBe(top.id);
    });

    it('pages with limit and offset, links keeping the other parameters', async () => {
      const first = await elevation('?face=rear&limit=5');
      expect(first.body.count).toBe(12);
      expect(first.body.results.map((u: Json) => u.id)).toEqual([6.5, 6, 5.5, 5, 4.5]);
      expect(first.body.previous).toBeNull();
      const next = new URL(first.body.next);
      expect(Object.fromEntries(next.searchParams)).toEqual({ face: 'rear', limit: '5', offset: '5' });
      const second = await t.get(pathOf(first.body.next));
      expect(second.body.results.map((u: Json) => [u.id, u.face.value])).toEqual([[4, 'rear'], [3.5, 'rear'], [3, 'rear'], [2.5, 'rear'], [2, 'rear']]);
      const last = await t.get(pathOf(second.body.next));
      expect(last.body.results.map((u: Json) => u.id)).toEqual([1.5, 1]);
      expect(last.body.next).toBeNull();
      expect(pathOf(last.body.previous)).toContain('offset=5');
      // Without a limit, NetBox's page size.
      expect((await elevation()).body.results).toHaveLength(12);
      expect((await elevation('?offset=50')).body).toMatchObject({ count: 12, results: [] });
    });

    it('narrows units with q to those whose number or name holds the text, as NetBox compares them', async () => {
      const q = async (text: string) => (await unitsOf(`?q=${encodeURIComponent(text)}&limit=0`)).map((u) => u.name);
      expect(await q('5')).toEqual(['U6.5', 'U5.5', 'U5', 'U4.5', 'U3.5', 'U2.5', 'U1.5']);
      expect(await q('U1')).toEqual(['U1.5', 'U1']);
      // Case-sensitive, and matched against the unit number as Python prints a decimal: `6.0`.
      expect(await q('u1')).toEqual([]);
      expect(await q('.0')).toEqual(['U6', 'U5', 'U4', 'U3', 'U2', 'U1']);
      // Not a device name.
      expect(await q('web')).toEqual([]);
      const res = await elevation('?q=5&limit=2');
      expect(res.body.count).toBe(7);
      expect(new URL(res.body.next).searchParams.get('q')).toBe('5');
    });

    it('refuses invalid parameters with the serializer\'s messages, and reads empty ones as absent', async () => {
      const refused = async (query: string) => {
        const res = await elevation(query);
        expect(res.status).toBe(400);
        return res.body;
      };
      expect(await refused('?face=top')).toEqual({ face: ['"top" is not a valid choice.'] });
      expect(await refused('?render=png')).toEqual({ render: ['"png" is not a valid choice.'] });
      expect(await refused('?unit_width=wide')).toEqual({ unit_width: ['A valid integer is required.'] });
      expect(await refused('?expand_devices=maybe')).toEqual({ expand_devices: ['Must be a valid boolean.'] });
      expect(await refused('?q=%20%20')).toEqual({ q: ['This field may not be blank.'] });
      expect(await refused('?include_images=x&exclude=abc&face=side&margin_width=1.5')).toEqual({
        face: ['"side" is not a valid choice.'],
        margin_width: ['A valid integer is required.'],
        exclude: ['A valid integer is required.'],
        include_images: ['Must be a valid boolean.'],
      });
      const defaults = await unitsOf('?face=&exclude=&q=&limit=0&expand_devices=');
      expect(defaults[0].face.value).toBe('front');
      expect(occupied(defaults)).toHaveLength(7);
    });

    it('answers 404 for a rack that does not exist', async () => {
      const res = await t.get(`${api('racks')}999999/elevation/`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('as SVG', () => {
    it('draws the rack at NetBox\'s default size as a well-formed SVG document', async () => {
      const res = await elevation('?render=svg');
      expectStatus(res, 200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = svgOf(res);
      assertWellFormed(svg);
      const root = attributesOf(/^<svg ([^>]*)>/.exec(svg)![1]);
      // 6 units of 22 px plus a 2 px border each side; 220 wide plus the 30 px legend and 15 px margin.
      expect(root).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', width: '269', height: '136' });
      expect(textsOf(svg, 'unit')).toEqual(['6', '5', '4', '3', '2', '1']);
      const frame = [...svg.matchAll(/<rect ([^>]*)\/>/g)].map(([, a]) => attributesOf(a)).find((a) => a.class === 'rack');
      expect(frame).toMatchObject({ x: '31', y: '1', width: '222', height: '134' });
      expect(svg.endsWith('</svg>')).toBe(true);
    });

    it('draws the devices of the face in place, named, in their role\'s colour', async () => {
      const drawn = drawnDevices(await drawing(rack));
      expect(drawn.map((d) => d.label)).toEqual(expect.arrayContaining(['web-1', 'patch-front', 'tiny']));
      expect(drawn.map((d) => d.label)).not.toContain('patch-rear');
      const web = drawn.find((d) => d.label === 'web-1')!;
      // U1-U2 of six: 44 px tall, its top 4 units below the top edge.
      expect(web.rect).toMatchObject({ class: 'slot', style: 'fill: #ff0000', x: '32', y: '90', width: '220', height: '44' });
      expect(web.href).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/dcim/devices/${devices['web-1'].id}/$`));
      expect(web.title).toBe('Name: web-1\nRole: Server\nDevice Type: Dell Model 2u (2U)');
      const tiny = drawn.find((d) => d.label === 'tiny')!;
      expect(tiny.rect).toMatchObject({ y: '24', height: '11' });
      expect(tiny.title).toContain('(0.5U)');
    });

    it('draws full-depth devices hatched on the rear face, and what is not mounted there not at all', async () => {
      const drawn = drawnDevices(await drawing(rack, '&face=rear'));
      const web = drawn.find((d) => d.label === 'web-1')!;
      expect(web.rect.class).toBe('slot blocked');
      expect(web.rect.style).toBeUndefined();
      expect(drawn.find((d) => d.label === 'patch-rear')!.rect).toMatchObject({ class: 'slot', style: 'fill: #ff0000' });
      expect(drawn.map((d) => d.label)).not.toContain('patch-front');
    });

    it('marks reservations in the margin', async () => {
      const reservations = linksOf(await drawing(rack)).filter((l) => l.href.includes('/api/dcim/rack-reservations/'));
      expect(reservations).toHaveLength(1);
      expect(reservations[0].title).toMatch(/^Reservation #\d+: Future <firewall>$/);
      // U6 of six, right of the units.
      expect(reservations[0].rect).toMatchObject({ class: 'reservation', x: '256', y: '2', width: '12', height: '22' });
    });

    it('escapes names and descriptions', async () => {
      const odd = await place('<b>&"x"', 'half', 4, 'front', { serial: "S&N'1" });
      try {
        const svg = await drawing(rack);
        assertWellFormed(svg);
        expect(svg).not.toContain('<b>');
        expect(svg).toContain('&lt;b&gt;&amp;&quot;x&quot;');
        const drawn = drawnDevices(svg).find((d) => d.href.endsWith(`/devices/${odd.id}/`))!;
        expect(drawn.label).toBe('<b>&"x"');
        expect(drawn.title).toBe('Name: <b>&"x"\nRole: Server\nDevice Type: Dell Model half (1U)\nSerial: S&N\'1');
      } finally {
        expectStatus(await t.delete(`${api('devices')}${odd.id}/`), 204);
      }
    });

    it('takes unit width, unit height and legend width, and ignores exclude', async () => {
      const svg = await drawing(rack, `&unit_width=100&unit_height=10&legend_width=20&exclude=${devices['web-1'].id}`);
      assertWellFormed(svg);
      // 100 + 20 + 15 + 4 wide; 6 x 10 + 4 high.
      expect(attributesOf(/^<svg ([^>]*)>/.exec(svg)![1])).toMatchObject({ width: '139', height: '64' });
      const web = drawnDevices(svg).find((d) => d.label === 'web-1')!;
      expect(web.rect).toMatchObject({ x: '22', y: '42', width: '100', height: '20' });
      // Zero falls back to the default, as in NetBox.
      expect(attributesOf(/^<svg ([^>]*)>/.exec(await drawing(rack, '&unit_width=0'))![1]).width).toBe('269');
    });

    it('draws a rack with descending units from the top', async () => {
      const flipped = await make('racks', { name: 'R-desc-svg', site: site.id, u_height: 4, desc_units: true });
      await make('devices', { name: 'at-top', device_type: types['2u'].id, device_role: role.id, site: site.id, rack: flipped.id, position: 1, face: 'front' });
      const svg = await drawing(flipped);
      expect(textsOf(svg, 'unit')).toEqual(['1', '2', '3', '4']);
      expect(drawnDevices(svg).find((d) => d.label === 'at-top')!.rect).toMatchObject({ y: '2', height: '44' });
    });

    it('labels a device without a name by its type, a chassis member by its chassis, a parent by its filled bays', async () => {
      const other = await make('racks', { name: 'R-labels', site: site.id, u_height: 4 });
      const parentType = await make('device-types', { manufacturer: maker.id, model: 'Blade chassis', slug: 'blade-chassis', subdevice_role: 'parent' });
      await make('device-bay-templates', { device_type: parentType.id, name: 'Bay 1' });
      await make('device-bay-templates', { device_type: parentType.id, name: 'Bay 2' });
      const vc = await make('virtual-chassis', { name: 'stack' });
      const common = { device_role: role.id, site: site.id, rack: other.id, face: 'front' };
      await make('devices', { ...common, name: null, device_type: types['1u'].id, position: 1 });
      await make('devices', { ...common, name: 'member', device_type: types['1u'].id, position: 2, virtual_chassis: vc.id, vc_position: 2 });
      await make('devices', { ...common, name: 'blades', device_type: parentType.id, position: 3 });
      const drawn = drawnDevices(await drawing(other));
      expect(drawn.map((d) => d.label).sort()).toEqual(['Model 1u', 'blades (0/2)', 'stack:2']);
      expect(drawn.find((d) => d.label === 'Model 1u')!.title).toMatch(/^Name: None\n/);
    });
  });

  describe('permissions', () => {
    let viewer: { user: Json; key: string };

    beforeAll(async () => {
      viewer = await makeUserWithToken(t, 'viewer');
    });

    it('refuses a user without permission to view racks, and a request without credentials', async () => {
      for (const render of ['json', 'svg']) {
        const res = await elevation(`?render=${render}`, viewer.key);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(NO_PERMISSION);
      }
      const anonymous = await elevation('', null);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(NOT_PROVIDED);
    });

    it('keeps the units of devices the user may not view occupied but unnamed, in JSON and SVG', async () => {
      await grant(t, { object_types: ['dcim.rack'], actions: ['view'], users: [viewer.user.id] });
      const hidden = await unitsOf('?limit=0', viewer.key);
      expect(occupied(hidden)).toEqual([[5.5, null], [3.5, null], [3, null], [2.5, null], [2, null], [1.5, null], [1, null]]);
      const svg = await drawing(rack, '', viewer.key);
      assertWellFormed(svg);
      expect(drawnDevices(svg)).toEqual([]);
      expect(svg).not.toContain('web-1');
      // Three devices' space, hatched.
      expect([...svg.matchAll(/<rect class="blocked" [^>]*\/>/g)]).toHaveLength(3);

      await grant(t, { object_types: ['dcim.device'], actions: ['view'], users: [viewer.user.id], constraints: { name: 'web-1' } });
      const some = await unitsOf('?limit=0', viewer.key);
      expect(occupied(some)).toEqual([[5.5, null], [3.5, null], [3, null], [2.5, 'web-1'], [2, 'web-1'], [1.5, 'web-1'], [1, 'web-1']]);
      const partly = await drawing(rack, '', viewer.key);
      expect(drawnDevices(partly).map((d) => d.label)).toEqual(['web-1']);
      expect([...partly.matchAll(/<rect class="blocked" [^>]*\/>/g)]).toHaveLength(2);
    });

    it('answers 404 for a rack outside the user\'s constraints', async () => {
      const { user, key } = await makeUserWithToken(t, 'other-racks');
      await grant(t, { object_types: ['dcim.rack'], actions: ['view'], users: [user.id], constraints: { name: 'R-desc' } });
      expect((await elevation('', key)).status).toBe(404);
      expect((await t.get(`${api('racks')}${rack.id}/elevation/?render=svg`, key)).status).toBe(404);
    });
  });
});

describe('rack elevations with exempt view permissions', () => {
  const start = async (exempt: string) => {
    const t = await TestApp.start({ EXEMPT_VIEW_PERMISSIONS: exempt });
    const make = (plural: string, body: Json) => createOne(t, api(plural), body);
    const site = await make('sites', { name: 'Utrecht', slug: 'utr' });
    const rack = await make('racks', { name: 'U1', site: site.id, u_height: 2 });
    const role = await make('device-roles', { name: 'Core', slug: 'core', color: '00ff00' });
    const maker = await make('manufacturers', { name: 'Juniper', slug: 'juniper' });
    const type = await make('device-types', { manufacturer: maker.id, model: 'MX', slug: 'mx' });
    await make('devices', { name: 'core-1', device_type: type.id, device_role: role.id, site: site.id, rack: rack.id, position: 1, face: 'front' });
    return { t, path: `${api('racks')}${rack.id}/elevation/` };
  };

  it('shows anonymous users the devices only when devices are exempt too', async () => {
    const racksOnly = await start('dcim.rack');
    try {
      const units = (await racksOnly.t.anon().get(racksOnly.path)).body.results;
      // A 1U device takes two half units.
      expect(units.filter((u: Json) => u.occupied).map((u: Json) => u.device)).toEqual([null, null]);
    } finally {
      await racksOnly.t.close();
    }
    const both = await start('dcim.rack,dcim.device');
    try {
      const units = (await both.t.anon().get(both.path)).body.results;
      expect(units.filter((u: Json) => u.occupied).map((u: Json) => u.device.name)).toEqual(['core-1', 'core-1']);
      const svg = (await both.t.anon().get(`${both.path}?render=svg`)).body.toString('utf8');
      expect(drawnDevices(svg).map((d) => d.label)).toEqual(['core-1']);
    } finally {
      await both.t.close();
    }
  });
});
