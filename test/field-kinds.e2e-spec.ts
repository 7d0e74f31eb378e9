import { DataSource } from 'typeorm';
import { apiApp } from '../src/core/crud/api-app';
import { boolean, choice, date, datetime, decimal, foreignKey, integer, json, slug, text } from '../src/core/model/fields';
import { defineModel } from '../src/core/model/model';
import { TestApp } from './helpers/test-app';

// A model with one field of every kind, declared the way every app declares its models.
const Widget = defineModel({
  app: 'testkit',
  name: 'widget',
  plural: 'widgets',
  fields: {
    name: text({ max: 50, unique: true }),
    slug: slug({ max: 50 }),
    status: choice(
      [
        { value: 'active', label: 'Active' },
        { value: 'planned', label: 'Planned' },
      ],
      { default: 'active' },
    ),
    level: choice(
      [
        { value: 1, label: 'Low' },
        { value: 2, label: 'High' },
      ],
      { nullable: true, aliases: { low: 1, high: 2 } },
    ),
    weight: decimal({ digits: 8, places: 2, nullable: true }),
    units: integer({ min: 1, max: 100, default: 1 }),
    enabled: boolean({ default: true }),
    installed: date({ nullable: true }),
    seen: datetime({ nullable: true }),
    data: json({ nullable: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
  },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name'],
  filterset: { fields: ['id', 'name', 'slug', 'status', 'level', 'weight', 'units', 'enabled', 'installed', 'seen'], related: ['tenant_id', 'tenant'] },
});

describe('field kinds through the generic layer', () => {
  let t: TestApp;
  const WIDGETS = '/api/testkit/widgets/';

  beforeAll(async () => {
    t = await TestApp.start({}, [apiApp('testkit', [Widget])]);
    // A throwaway table for the test's own model; the real apps' tables come from migrations.
    await t.app.get(DataSource).synchronize();
  });
  afterAll(() => t.close());

  it('reads a choice as {value, label} and takes the bare value on write', async () => {
    const res = await t.post(WIDGETS, { name: 'w1', slug: 'w1', status: 'planned' });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ value: 'planned', label: 'Planned' });
    expect(res.body.level).toBeNull();
  });

  it('fills choice and scalar defaults on create', async () => {
    const res = await t.post(WIDGETS, { name: 'w2', slug: 'w2' });
    expect(res.body).toMatchObject({ status: { value: 'active', label: 'Active' }, units: 1, enabled: true, weight: null, installed: null, seen: null });
  });

  it('takes an integer choice by value or by its name', async () => {
    const a = await t.post(WIDGETS, { name: 'w3', slug: 'w3', level: 2 });
    const b = await t.post(WIDGETS, { name: 'w4', slug: 'w4', level: 'low' });
    expect(a.body.level).toEqual({ value: 2, label: 'High' });
    expect(b.body.level).toEqual({ value: 1, label: 'Low' });
  });

  it('rejects a dictionary for a choice and an unknown choice', async () => {
    const res = await t.post(WIDGETS, { name: 'w5', slug: 'w5', status: { value: 'active' }, level: 7 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: ['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.'],
      level: ['"7" is not a valid choice.'],
    });
  });

  it('renders decimals as JSON numbers, dates as dates and timestamps in UTC', async () => {
    const res = await t.post(WIDGETS, { name: 'w6', slug: 'w6', weight: '12.5', installed: '2024-02-29', seen: '2024-03-01T10:20:30+02:00', data: { a: [1, 2] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ weight: 12.5, installed: '2024-02-29', seen: '2024-03-01T08:20:30.000000Z', data: { a: [1, 2] } });
    const again = await t.get(`${WIDGETS}${res.body.id}/`);
    expect(again.body).toMatchObject({ weight: 12.5, installed: '2024-02-29', seen: '2024-03-01T08:20:30.000000Z', data: { a: [1, 2] } });
  });

  it('names every invalid field of a body at once', async () => {
    const res = await t.post(WIDGETS, { name: 'w7', slug: 'w7', units: 0, enabled: 'maybe', weight: 'heavy', installed: '2024-13-45', seen: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      units: ['Ensure this value is greater than or equal to 1.'],
      enabled: ['Must be a valid boolean.'],
      weight: ['A valid number is required.'],
      installed: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      seen: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'],
    });
  });

  it('filters a choice, a boolean, numbers with lookups and dates', async () => {
    await t.post(WIDGETS, [
      { name: 'f1', slug: 'f1', status: 'planned', units: 10, enabled: false, installed: '2024-01-01' },
      { name: 'f2', slug: 'f2', status: 'active', units: 20, enabled: true, installed: '2024-06-01' },
    ]);
    const names = async (q: string) => (await t.get(`${WIDGETS}?name__isw=f&${q}`)).body.results.map((w: { name: string }) => w.name);
    expect(await names('status=planned')).toEqual(['f1']);
    expect(await names('status__n=planned')).toEqual(['f2']);
    expect(await names('enabled=false')).toEqual(['f1']);
    expect(await names('units__gte=15')).toEqual(['f2']);
    expect(await names('installed__lt=2024-03-01')).toEqual(['f1']);
    const bad = await t.get(`${WIDGETS}?status=broken`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: ['Select a valid choice. broken is not one of the available choices.'] });
  });

  it('describes choices in OPTIONS', async () => {
    const res = await t.options(WIDGETS);
    expect(res.body.actions.POST.status).toEqual({
      type: 'choice',
      required: false,
      read_only: false,
      label: 'Status',
      choices: [
        { value: 'active', display_name: 'Active' },
        { value: 'planned', display_name: 'Planned' },
      ],
    });
  });

  it('refuses to delete an object that a protected relation still points at, with 409', async () => {
    const tenant = await t.post('/api/tenancy/tenants/', { name: 'Holder', slug: 'holder' });
    const widget = await t.post(WIDGETS, { name: 'held', slug: 'held', tenant: tenant.body.id });
    const res = await t.delete(`/api/tenancy/tenants/${tenant.body.id}/`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: held (${widget.body.id})` });
    expect((await t.get(`/api/tenancy/tenants/${tenant.body.id}/`)).status).toBe(200);
  });
});
