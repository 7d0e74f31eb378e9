import { listStreaming } from '../src/core/crud/stream';
import { makeTenant } from './helpers/fixtures';
import { statementsDuring } from './helpers/queries';
import { bulkCreate, createOne, expectStatus, Json, seedNumberedTenants, TENANTS } from './helpers/seed';
import { abandonAfterFirstBytes, connectionsInUse, rawGet, until, watchReads } from './helpers/snapshot-reads';
import { TestApp } from './helpers/test-app';
import { grant, makeUserWithToken } from './helpers/users';

jest.setTimeout(120_000);

const ADDRESSES = '/api/ipam/ip-addresses/';
const CHUNK = 4;
const TOTAL = 40;
/** The buffered rendering of the same request: an indent of 0 is JSON.stringify's no indent. */
const WHOLE = 'application/json; indent=0';

describe('lists streamed with limit=0 when MAX_PAGE_SIZE is 0', () => {
  let t: TestApp;
  let leaf1: Json;
  let red: Json;
  let blue: Json;
  let addresses: Json[];
  const defaultChunk = listStreaming.chunkSize;

  /** A list answered by the streaming path: chunked, no length known up front. */
  async function streamed(query: string, token?: string) {
    const res = await t.get(`${ADDRESSES}?limit=0${query}`, token);
    expectStatus(res, 200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    return res;
  }

  /** The same request rendered whole. */
  async function whole(query: string, token?: string) {
    const res = await t.get(`${ADDRESSES}?limit=0${query}`, token).set('Accept', WHOLE);
    expectStatus(res, 200);
    expect(res.headers['content-length']).toBeDefined();
    return res;
  }

  /** The query's pages of `size` concatenated, as the JSON text of one unpaged list. */
  async function pagesOf(query: string, size: number): Promise<string> {
    const results: Json[] = [];
    let count = 0;
    for (let offset = 0; offset === 0 || offset < count; offset += size) {
      const page = await t.get(`${ADDRESSES}?limit=${size}&offset=${offset}${query}`);
      expectStatus(page, 200);
      count = page.body.count;
      results.push(...page.body.results);
    }
    return JSON.stringify({ count, next: null, previous: null, results });
  }

  beforeAll(async () => {
    t = await TestApp.start({ MAX_PAGE_SIZE: '0' });
    listStreaming.chunkSize = CHUNK;
    red = await makeTenant(t, 'Red');
    blue = await makeTenant(t, 'Blue');
    const vrf = await createOne(t, '/api/ipam/vrfs/', { name: 'core' });
    const tag = await createOne(t, '/api/extras/tags/', { name: 'Uplink', slug: 'uplink' });
    const site = await createOne(t, '/api/dcim/sites/', { name: 'Amsterdam', slug: 'ams', tenant: red.id });
    const vendor = await createOne(t, '/api/dcim/manufacturers/', { name: 'Arista', slug: 'arista' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: vendor.id, model: 'DCS-7050', slug: 'dcs-7050' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Leaf', slug: 'leaf', color: '00ff00' });
    [leaf1] = await bulkCreate(t, '/api/dcim/devices/', [
      { name: 'leaf1', device_type: type.id, device_role: role.id, site: site.id, tenant: red.id },
      { name: 'leaf2', device_type: type.id, device_role: role.id, site: site.id, tenant: blue.id },
    ]);
    const devices = (await t.get('/api/dcim/devices/?limit=0')).body.results;
    const interfaces = await bulkCreate(
      t,
      '/api/dcim/interfaces/',
      devices.flatMap((d: Json) => [0, 1, 2, 3].map((n) => ({ device: d.id, name: `eth${n}`, type: '10gbase-x-sfpp' }))),
    );
    // Every address has the same relations, so each chunk needs the same statements; descriptions carry text JSON must escape.
    addresses = await bulkCreate(
      t,
      ADDRESSES,
      Array.from({ length: TOTAL }, (_, i) => ({
        address: `10.${i % 3}.${i}.1/24`,
        vrf: vrf.id,
        tenant: i % 2 ? blue.id : red.id,
        assigned_object_type: 'dcim.interface',
        assigned_object_id: interfaces[i % interfaces.length].id,
        tags: [tag.id],
        description: `uplink "${i}" – ünïcode \\ ${'\u2028'}`,
      })),
    );
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    listStreaming.chunkSize = defaultChunk;
    await t?.close();
  });

  it('answers the same bytes as the pages of the same query, with the headers of the buffered list', async () => {
    const res = await streamed('');
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(res.body.count).toBe(TOTAL);
    expect(res.body.results.map((a: Json) => a.id).sort()).toEqual(addresses.map((a) => a.id).sort());
    expect(res.body.results[0].assigned_object.device).toMatchObject({ id: expect.any(Number), name: expect.stringMatching(/^leaf/) });
    const pages = await pagesOf('', 7);
    expect(res.body).toEqual(JSON.parse(pages));
    expect(res.text).toBe(pages);
    expect(res.text).toBe((await whole('')).text);
  });

  it.each([0, 1, CHUNK, CHUNK + 1])('streams %p rows (around the chunk size) as the buffered list does', async (rows) => {
    const query = `&offset=${TOTAL - rows}`;
    const res = await streamed(query);
    expect(res.body.count).toBe(TOTAL);
    expect(res.body.results).toHaveLength(rows);
    expect(res.text).toBe((await whole(query)).text);
  });

  it('streams an empty list as an empty list', async () => {
    const res = await t.get('/api/ipam/aggregates/?limit=0');
    expectStatus(res, 200);
    expect(res.text).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
  });

  it('keeps the filters and the ordering of the request', async () => {
    const query = `&device_id=${leaf1.id}&tenant_id=${blue.id}&ordering=-address`;
    const res = await streamed(query);
    expect(res.body.count).toBe(10);
    expect(res.body.results.every((a: Json) => a.assigned_object.device.id === leaf1.id && a.tenant.id === blue.id)).toBe(true);
    const ordered = res.body.results.map((a: Json) => a.address);
    expect(ordered).toEqual([...ordered].sort((a: string, b: string) => b.localeCompare(a, 'en', { numeric: true })));
    expect(res.text).toBe(await pagesOf(query, 3));
  });

  it('streams brief representations with brief=1', async () => {
    const res = await streamed('&brief=1');
    expect(Object.keys(res.body.results[0])).toEqual(['id', 'url', 'display', 'family', 'address']);
    expect(res.text).toBe(await pagesOf('&brief=1', 9));
  });

  it('answers 400 keyed by the filter for a bad filter value, as a paged list does', async () => {
    const res = await t.get(`${ADDRESSES}?limit=0&tenant_id=abc`);
    expectStatus(res, 400);
    expect(res.body).toEqual({ tenant_id: [expect.any(String)] });
    expect(res.text).toBe((await t.get(`${ADDRESSES}?limit=5&tenant_id=abc`)).text);
  });

  it('shows a user with a constrained view permission only their objects', async () => {
    const { user, key } = await makeUserWithToken(t, 'viewer');
    await grant(t, { object_types: ['ipam.ipaddress'], actions: ['view'], constraints: { tenant__slug: red.slug }, users: [user.id] });
    const res = await streamed('', key);
    expect(res.body.count).toBe(TOTAL / 2);
    expect(res.body.results.map((a: Json) => a.tenant.id)).toEqual(Array(TOTAL / 2).fill(red.id));
    expect(res.text).toBe((await whole('', key)).text);
  });

  it('runs a fixed number of statements per chunk, not per row', async () => {
    const during = (rows: number) => statementsDuring(t, async () => expect((await streamed(`&offset=${TOTAL - rows}`)).body.results).toHaveLength(rows));
    await during(CHUNK);
    const one = await during(CHUNK);
    const two = await during(2 * CHUNK);
    const four = await during(4 * CHUNK);
    expect(two).toBeGreaterThan(one);
    expect(four - two).toBe(2 * (two - one));
    // Twice the rows in chunks twice the size: the same statements.
    listStreaming.chunkSize = 2 * CHUNK;
    try {
      expect(await during(4 * CHUNK)).toBe(two);
    } finally {
      listStreaming.chunkSize = CHUNK;
    }
  });

  it('stops reading and gives back its read when the client goes away midway, and keeps answering', async () => {
    const reads = watchReads(t);
    await abandonAfterFirstBytes(t, `${ADDRESSES}?limit=0`, reads);
    await until(() => reads.closed === 1);
    expect(reads.opened).toBe(1);
    expect(reads.chunks).toBeLessThan(TOTAL / CHUNK);
    expect(connectionsInUse(t)).toBe(0);
    const created = await createOne(t, ADDRESSES, { address: '192.0.2.1/24' });
    expect((await streamed('')).body.count).toBe(TOTAL + 1);
    expectStatus(await t.delete(`${ADDRESSES}${created.id}/`), 204);
  });

  it('cuts the connection when reading fails after the first chunk, and gives back its read', async () => {
    const reads = watchReads(t, 1);
    reads.resume();
    const { status, complete, body } = await rawGet(t, `${ADDRESSES}?limit=0`);
    expect(status).toBe(200);
    expect(complete).toBe(false);
    expect(body.startsWith(`{"count":${TOTAL},"next":null,"previous":null,"results":[{`)).toBe(true);
    expect(() => JSON.parse(body)).toThrow();
    await until(() => reads.closed === 1);
    expect(connectionsInUse(t)).toBe(0);
    jest.restoreAllMocks();
    expect((await streamed('')).body.count).toBe(TOTAL);
  });
});

describe('limit=0 with the default MAX_PAGE_SIZE of 1000', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
    await seedNumberedTenants(t, 1001);
  });
  afterAll(() => t?.close());

  it('answers the maximum page of 1000 with a link to the rest', async () => {
    const res = await t.get(`${TENANTS}?limit=0`);
    expectStatus(res, 200);
    expect(res.body.count).toBe(1001);
    expect(res.body.results).toHaveLength(1000);
    expect(res.body.next).toMatch(/\?limit=1000&offset=1000$/);
    // Written in pieces, it is the same text as one JSON.stringify, with its length and type.
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(JSON.stringify(res.body));
    const short = await t.get(`${TENANTS}?limit=50&offset=980`);
    expect(short.headers['content-length']).toBe(String(Buffer.byteLength(short.text)));
    expect(short.text).toBe(JSON.stringify(short.body));
    expect(short.body.results.slice(0, 20)).toEqual(res.body.results.slice(980));
  });
});
