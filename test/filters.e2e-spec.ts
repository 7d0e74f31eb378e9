import { TestApp } from './helpers/test-app';
import { bulkCreate, createOne, expectStatus, Json, names, sleep, TENANT_GROUPS, TENANTS } from './helpers/seed';

jest.setTimeout(120_000);

const SELECT_A_VALID_CHOICE = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

describe('filters on tenants and tenant groups', () => {
  let t: TestApp;
  /** Tenant groups by slug. */
  const g: Record<string, Json> = {};
  /** Tenants by slug. */
  const tn: Record<string, Json> = {};
  /** A moment between the creation of the data and a later update of `globex`. */
  let between: string;

  /**
   * The names of the matching tenants, sorted here: the data mixes upper and lower case, whose order
   * depends on each database's collation.
   */
  async function tenants(query: string): Promise<string[]> {
    const res = await t.get(`${TENANTS}?${query}&limit=0`);
    expectStatus(res, 200);
    expect(res.body.count).toBe(res.body.results.length);
    return sortedNames(names(res));
  }
  async function groups(query: string): Promise<string[]> {
    const res = await t.get(`${TENANT_GROUPS}?${query}&limit=0`);
    expectStatus(res, 200);
    return names(res).sort();
  }
  const ALL = ['Acme Corp', 'acme labs', 'Globex', 'Hooli', 'Initech', 'Umbrella'];
  /** Every tenant but these. */
  const allBut = (...excluded: string[]) => sortedNames(ALL.filter((n) => !excluded.includes(n)));

  beforeAll(async () => {
    t = await TestApp.start();
    // customers ─┬─ enterprise ── banks
    //            └─ retail
    // internal
    for (const [name, slug, parent, description] of [
      ['Customers', 'customers', null, 'Paying CUSTOMERS'],
      ['Enterprise', 'enterprise', 'customers', ''],
      ['Banks', 'banks', 'enterprise', 'Financial institutions'],
      ['Retail', 'retail', 'customers', ''],
      ['Internal', 'internal', null, 'Our own departments'],
    ] as const) {
      g[slug] = await createOne(t, TENANT_GROUPS, { name, slug, parent: parent ? g[parent].id : null, description });
    }
    const created = await bulkCreate(t, TENANTS, [
      { name: 'Acme Corp', slug: 'acme-corp', group: g.enterprise.id, description: 'Widgets and Gadgets' },
      { name: 'acme labs', slug: 'acme-labs', group: g.retail.id, description: '' },
      { name: 'Globex', slug: 'globex', group: g.banks.id, description: 'Energy' },
      { name: 'Initech', slug: 'initech', group: g.internal.id, description: 'TPS reports' },
      { name: 'Umbrella', slug: 'umbrella', description: '', comments: 'Raccoon City' },
      { name: 'Hooli', slug: 'nucleus', description: 'Middle-out compression' },
    ]);
    for (const tenant of created) tn[tenant.slug] = tenant;

    // Whole seconds on both sides, so that the test holds even if timestamps were stored to the second.
    await sleep(1100);
    between = new Date().toISOString();
    await sleep(1100);
    const res = await t.patch(`${TENANTS}${tn.globex.id}/`, { comments: 'Updated later' });
    expectStatus(res, 200);
  });
  afterAll(() => t?.close());

  describe('combining parameters', () => {
    it('matches a name exactly with name=', async () => {
      expect(await tenants('name=Globex')).toEqual(['Globex']);
      expect(await tenants('name=Acme%20Corp')).toEqual(['Acme Corp']);
    });

    it('is case-sensitive for an exact name', async () => {
      expect(await tenants('name=globex')).toEqual([]);
    });

    it('ORs a repeated parameter', async () => {
      expect(await tenants('name=Globex&name=Initech')).toEqual(sortedNames(['Globex', 'Initech']));
    });

    it('ANDs different parameters', async () => {
      expect(await tenants('name=Globex&slug=initech')).toEqual([]);
      expect(await tenants('name=Globex&slug=globex')).toEqual(['Globex']);
      expect(await tenants('group=customers&description__empty=true')).toEqual(['acme labs']);
    });

    it('ignores unknown parameters', async () => {
      expect(await tenants('no_such_filter=1')).toEqual(sortedNames(ALL));
      expect(await tenants('no_such_filter=1&name=Globex')).toEqual(['Globex']);
    });
  });

  describe('id', () => {
    const id = (slug: string) => tn[slug].id as number;

    it('selects by id, several ids ORed', async () => {
      expect(await tenants(`id=${id('initech')}`)).toEqual(['Initech']);
      expect(await tenants(`id=${id('initech')}&id=${id('nucleus')}`)).toEqual(sortedNames(['Hooli', 'Initech']));
    });

    it('excludes ids with id__n, repeated or not', async () => {
      expect(await tenants(`id__n=${id('initech')}`)).toEqual(allBut('Initech'));
      expect(await tenants(`id__n=${id('initech')}&id__n=${id('globex')}`)).toEqual(allBut('Initech', 'Globex'));
    });

    it('compares ids with id__gt, id__gte, id__lt and id__lte', async () => {
      // The tenants were created in one request, in this order of ids.
      const byId = Object.values(tn).sort((a, b) => a.id - b.id);
      const pivot = byId[2].id as number;
      const nameSet = (list: Json[]) => sortedNames(list.map((o) => o.name));
      expect(await tenants(`id__gt=${pivot}`)).toEqual(nameSet(byId.slice(3)));
      expect(await tenants(`id__gte=${pivot}`)).toEqual(nameSet(byId.slice(2)));
      expect(await tenants(`id__lt=${pivot}`)).toEqual(nameSet(byId.slice(0, 2)));
      expect(await tenants(`id__lte=${pivot}`)).toEqual(nameSet(byId.slice(0, 3)));
      expect(await tenants(`id__gt=${byId[1].id}&id__lt=${byId[4].id}`)).toEqual(nameSet(byId.slice(2, 4)));
    });
  });

  describe('string lookups (case-insensitive on every database)', () => {
    it('name__n excludes an exact name', async () => {
      expect(await tenants('name__n=Globex')).toEqual(allBut('Globex'));
      expect(await tenants('name__n=Globex&name__n=Hooli')).toEqual(allBut('Globex', 'Hooli'));
    });

    it('name__ic matches a part of the name in any case', async () => {
      expect(await tenants('name__ic=ACME')).toEqual(sortedNames(['Acme Corp', 'acme labs']));
      expect(await tenants('name__ic=Me%20c')).toEqual(['Acme Corp']);
      expect(await tenants('name__ic=acme&name__ic=HOO')).toEqual(sortedNames(['Acme Corp', 'acme labs', 'Hooli']));
    });

    it('name__nic excludes names containing the value in any case', async () => {
      expect(await tenants('name__nic=aCmE')).toEqual(sortedNames(['Globex', 'Hooli', 'Initech', 'Umbrella']));
    });

    it('name__isw and name__nisw match the start of the name in any case', async () => {
      expect(await tenants('name__isw=ACME')).toEqual(sortedNames(['Acme Corp', 'acme labs']));
      expect(await tenants('name__isw=corp')).toEqual([]);
      expect(await tenants('name__nisw=acme')).toEqual(sortedNames(['Globex', 'Hooli', 'Initech', 'Umbrella']));
    });

    it('name__iew and name__niew match the end of the name in any case', async () => {
      expect(await tenants('name__iew=CORP')).toEqual(['Acme Corp']);
      expect(await tenants('name__iew=Labs')).toEqual(['acme labs']);
      expect(await tenants('name__iew=acme')).toEqual([]);
      expect(await tenants('name__niew=corp')).toEqual(allBut('Acme Corp'));
    });

    it('name__ie and name__nie match the whole name in any case', async () => {
      expect(await tenants('name__ie=GLOBEX')).toEqual(['Globex']);
      expect(await tenants('name__ie=ACME%20LABS')).toEqual(['acme labs']);
      expect(await tenants('name__ie=glob')).toEqual([]);
      expect(await tenants('name__nie=gLoBeX')).toEqual(allBut('Globex'));
    });

    it('description__empty selects empty (true) or non-empty (false) descriptions', async () => {
      expect(await tenants('description__empty=true')).toEqual(sortedNames(['acme labs', 'Umbrella']));
      expect(await tenants('description__empty=false')).toEqual(sortedNames(['Acme Corp', 'Globex', 'Hooli', 'Initech']));
    });

    it('applies the lookups to other string fields: slug and description', async () => {
      expect(await tenants('slug__isw=acme-')).toEqual(sortedNames(['Acme Corp', 'acme labs']));
      expect(await tenants('description__ic=gadget')).toEqual(['Acme Corp']);
    });
  });

  describe('q (free-text search)', () => {
    it('searches the name, in any case', async () => {
      expect(await tenants('q=ACME')).toEqual(sortedNames(['Acme Corp', 'acme labs']));
      expect(await tenants('q=tech')).toEqual(['Initech']);
    });

    it('searches the slug', async () => {
      expect(await tenants('q=NUCLEUS')).toEqual(['Hooli']);
    });

    it('searches the description', async () => {
      expect(await tenants('q=energy')).toEqual(['Globex']);
      expect(await tenants('q=MIDDLE-OUT')).toEqual(['Hooli']);
    });

    it('searches the comments of tenants, as NetBox does', async () => {
      expect(await tenants('q=raccoon')).toEqual(['Umbrella']);
    });

    it('ANDs with the other filters', async () => {
      expect(await tenants('q=acme&group=retail')).toEqual(['acme labs']);
    });

    it('searches the name and slug of tenant groups, not their description, as NetBox', async () => {
      expect(await groups('q=bank')).toEqual(['Banks']);
      expect(await groups('q=INTERN')).toEqual(['Internal']);
      expect(await groups('q=financial')).toEqual([]);
      expect(await groups('q=customers')).toEqual(['Customers']);
    });
  });

  describe('group of a tenant (a tree: the group and all its descendants)', () => {
    it('group_id selects the tenants of the group and of its descendants', async () => {
      expect(await tenants(`group_id=${g.customers.id}`)).toEqual(sortedNames(['Acme Corp', 'acme labs', 'Globex']));
      expect(await tenants(`group_id=${g.enterprise.id}`)).toEqual(sortedNames(['Acme Corp', 'Globex']));
      expect(await tenants(`group_id=${g.banks.id}`)).toEqual(['Globex']);
      expect(await tenants(`group_id=${g.internal.id}`)).toEqual(['Initech']);
    });

    it('group selects by slug, with descendants too', async () => {
      expect(await tenants('group=customers')).toEqual(sortedNames(['Acme Corp', 'acme labs', 'Globex']));
      expect(await tenants('group=enterprise')).toEqual(sortedNames(['Acme Corp', 'Globex']));
      expect(await tenants('group=retail')).toEqual(['acme labs']);
    });

    it('ORs several groups', async () => {
      expect(await tenants(`group_id=${g.banks.id}&group_id=${g.internal.id}`)).toEqual(sortedNames(['Globex', 'Initech']));
      expect(await tenants('group=retail&group=internal')).toEqual(sortedNames(['acme labs', 'Initech']));
    });

    it('group_id=null and group=null select the tenants without a group', async () => {
      expect(await tenants('group_id=null')).toEqual(sortedNames(['Hooli', 'Umbrella']));
      expect(await tenants('group=null')).toEqual(sortedNames(['Hooli', 'Umbrella']));
      expect(await tenants(`group_id=null&group_id=${g.internal.id}`)).toEqual(sortedNames(['Hooli', 'Initech', 'Umbrella']));
    });

    it('group_id__n and group__n exclude the group and its descendants, keeping tenants without a group', async () => {
      expect(await tenants(`group_id__n=${g.customers.id}`)).toEqual(sortedNames(['Hooli', 'Initech', 'Umbrella']));
      expect(await tenants('group__n=enterprise')).toEqual(sortedNames(['acme labs', 'Hooli', 'Initech', 'Umbrella']));
    });
  });

  describe('parent of a tenant group (direct children only)', () => {
    it('parent_id selects the direct children', async () => {
      expect(await groups(`parent_id=${g.customers.id}`)).toEqual(sortedNames(['Enterprise', 'Retail']));
      expect(await groups(`parent_id=${g.enterprise.id}`)).toEqual(['Banks']);
      expect(await groups(`parent_id=${g.banks.id}`)).toEqual([]);
    });

    it('parent selects by slug', async () => {
      expect(await groups('parent=customers')).toEqual(sortedNames(['Enterprise', 'Retail']));
      expect(await groups('parent=customers&parent=enterprise')).toEqual(sortedNames(['Banks', 'Enterprise', 'Retail']));
    });

    it('parent_id=null selects the roots', async () => {
      expect(await groups('parent_id=null')).toEqual(sortedNames(['Customers', 'Internal']));
    });

    it('takes the same lookups as tenants on its own fields', async () => {
      expect(await groups('name=Banks')).toEqual(['Banks']);
      expect(await groups('name__ic=TAIL')).toEqual(['Retail']);
      expect(await groups('name__isw=e&name__isw=R')).toEqual(sortedNames(['Enterprise', 'Retail']));
      expect(await groups('description__empty=true')).toEqual(sortedNames(['Enterprise', 'Retail']));
      expect(await groups(`id=${g.banks.id}&id=${g.internal.id}`)).toEqual(sortedNames(['Banks', 'Internal']));
      expect(await groups(`id__gte=${g.retail.id}`)).toEqual(sortedNames(['Internal', 'Retail']));
    });
  });

  describe('created and last_updated', () => {
    it('created= takes a date and matches the objects created that day', async () => {
      const today = tn.globex.created as string;
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await tenants(`created=${today}`)).toEqual(sortedNames(ALL));
      expect(await tenants('created=2000-01-01')).toEqual([]);
      expect(await groups(`created=${today}`)).toEqual(sortedNames(['Banks', 'Customers', 'Enterprise', 'Internal', 'Retail']));
    });

    it('compares created with __gte, __gt, __lt and __lte', async () => {
      const today = tn.globex.created as string;
      expect(await tenants(`created__gte=${today}`)).toEqual(sortedNames(ALL));
      expect(await tenants(`created__lte=${today}`)).toEqual(sortedNames(ALL));
      expect(await tenants(`created__gt=${today}`)).toEqual([]);
      expect(await tenants(`created__lt=${today}`)).toEqual([]);
      expect(await tenants('created__gte=2000-01-01')).toEqual(sortedNames(ALL));
    });

    it('compares last_updated with an ISO 8601 timestamp', async () => {
      expect(await tenants(`last_updated__gte=${encodeURIComponent(between)}`)).toEqual(['Globex']);
      expect(await tenants(`last_updated__lt=${encodeURIComponent(between)}`)).toEqual(allBut('Globex'));
      expect(await tenants('last_updated__gte=2000-01-01T00:00:00Z')).toEqual(sortedNames(ALL));
    });
  });

  describe('invalid values', () => {
    it('answers 400 keyed by the filter for a non-numeric id', async () => {
      const res = await t.get(`${TENANTS}?id=abc`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ id: [expect.any(String)] });
    });

    it('answers 400 for a non-numeric id lookup', async () => {
      const res = await t.get(`${TENANTS}?id__gt=abc`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ id__gt: [expect.any(String)] });
    });

    it('answers 400 with "Select a valid choice" for an unknown group slug', async () => {
      const res = await t.get(`${TENANTS}?group=nope`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ group: [SELECT_A_VALID_CHOICE('nope')] });
    });

    it('answers 400 with "Select a valid choice" for an unknown group id', async () => {
      const res = await t.get(`${TENANTS}?group_id=99999`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ group_id: [SELECT_A_VALID_CHOICE('99999')] });
    });

    it('answers 400 keyed group_id for a non-numeric group id', async () => {
      const res = await t.get(`${TENANTS}?group_id=abc`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ group_id: [expect.any(String)] });
    });

    it('answers 400 for an unknown parent of a tenant group', async () => {
      const bySlug = await t.get(`${TENANT_GROUPS}?parent=nope`);
      expectStatus(bySlug, 400);
      expect(bySlug.body).toEqual({ parent: [SELECT_A_VALID_CHOICE('nope')] });
      const byId = await t.get(`${TENANT_GROUPS}?parent_id=99999`);
      expectStatus(byId, 400);
      expect(byId.body).toEqual({ parent_id: [SELECT_A_VALID_CHOICE('99999')] });
    });

    it('answers 400 keyed created for a value that is not a date', async () => {
      const res = await t.get(`${TENANTS}?created=yesterday`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ created: [expect.any(String)] });
    });

    it('reports every invalid filter at once', async () => {
      const res = await t.get(`${TENANTS}?id=abc&group=nope`);
      expectStatus(res, 400);
      expect(res.body).toEqual({ id: [expect.any(String)], group: [SELECT_A_VALID_CHOICE('nope')] });
    });
  });
});

/** Sorted by UTF-16 code units, whatever the database collation. */
function sortedNames(list: string[]): string[] {
  return [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
