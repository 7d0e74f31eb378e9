import { dialectOfVersion } from '../src/core/dialect/registry';
import { registry } from '../src/core/model/model';
import { filtersFor } from '../src/core/query/filters';
import { createOne } from './helpers/seed';
import { TestApp } from './helpers/test-app';

jest.setTimeout(600_000);

/** Values no filter is written for: a number, a word, nothing, and a number beyond any id column's range. */
const VALUES = ['1', 'x', '', '99999999999'];

/** Every filter of every list, with each of its lookups, answers odd values with a list or a 400 keyed by the filter: never a 500. */
describe('Filters given values they do not expect', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
    // Something to filter: a row in the lists most filters reach through.
    const site = await createOne(t, '/api/dcim/sites/', { name: 'Filtered', slug: 'filtered' });
    const manufacturer = await createOne(t, '/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await createOne(t, '/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'Box', slug: 'box' });
    const role = await createOne(t, '/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
    const device = await createOne(t, '/api/dcim/devices/', { name: 'edge1', device_type: type.id, device_role: role.id, site: site.id });
    await createOne(t, '/api/dcim/interfaces/', { device: device.id, name: 'eth0', type: '1000base-t' });
  });
  afterAll(() => t.close());

  /** Every filter of every list the dialect serves, with each of its lookups and each odd value: one URL each. */
  function urlsOf(base: string, dialectVersion: string): Array<{ query: string; param: string }> {
    const dialect = dialectOfVersion(dialectVersion);
    const urls: Array<{ query: string; param: string }> = [];
    for (const model of registry.served().filter((m) => dialect.serves(m))) {
      const path = `${base}${dialect.pathOf(model)}`;
      for (const [name, spec] of filtersFor(model, dialect)) {
        const spoken = dialect.filterNameOf(model, name);
        if (spoken === null) continue;
        for (const param of [spoken, ...spec.lookups.map((lookup) => `${spoken}__${lookup}`)]) {
          for (const value of VALUES) urls.push({ query: `${path}?${param}=${value}`, param });
        }
      }
    }
    return urls;
  }

  // Tens of thousands of requests: a few in flight at once keep the database's and the server's waits overlapped.
  const IN_FLIGHT = 8;

  async function failuresOf(base: string, dialectVersion: string): Promise<string[]> {
    const urls = urlsOf(base, dialectVersion);
    const failures: Array<string | undefined> = new Array(urls.length);
    let next = 0;
    const asker = async () => {
      for (let i = next++; i < urls.length; i = next++) {
        const { query, param } = urls[i];
        const res = await t.get(`${query}&limit=1`);
        if (res.status === 200 || (res.status === 400 && Object.keys(res.body).join() === param)) continue;
        failures[i] = `${query}: ${res.status} ${res.text.slice(0, 160)}`;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, asker));
    // In the order of the URLs, whichever request ended first.
    return failures.filter((f): f is string => f !== undefined);
  }

  it('on /api/ (3.5)', async () => {
    expect(await failuresOf('/v3', '3.5')).toEqual([]);
  });

  it('on /v4/api/ (4.6)', async () => {
    expect(await failuresOf('/v4', '4.6')).toEqual([]);
  });
});
