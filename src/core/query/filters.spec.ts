import { defineDialect } from '../dialect/dialect';
import { foreignKey, slug, text } from '../model/fields';
import { defineModel } from '../model/model';
import { filtersFor } from './filters';

const Shelf = defineModel({
  app: 'filtersapp',
  name: 'shelf',
  plural: 'shelves',
  tree: true,
  fields: {
    name: text({ max: 100 }),
    slug: slug({ max: 100 }),
    parent: foreignKey('filtersapp.shelf', { nullable: true }),
    description: text({ max: 200, blank: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'slug'],
  filterset: { fields: ['id', 'name'], related: ['parent_id', 'parent'] },
});

const custom = { apply: () => undefined };

const Newer = defineDialect({
  version: '9.9',
  release: '9.9.0',
  base: '/v9',
  filtersets: (model) => (model.fields.description ? [{ fields: ['description', 'name'] }] : []),
  models: { 'filtersapp.shelf': { filterset: { replaces: ['parent_id'], related: ['parent_id'], filters: { ancestor: custom, name: custom } } } },
});

describe("a dialect's filter sets", () => {
  it('add to the stored filters the names they lack, for that dialect alone', () => {
    const stored = filtersFor(Shelf);
    const newer = filtersFor(Shelf, Newer);
    expect([...stored.keys()]).not.toContain('description');
    expect([...newer.keys()]).toEqual(expect.arrayContaining([...stored.keys(), 'description', 'ancestor']));
    expect(newer.get('description')?.lookups).toContain('ic');
  });

  it('keep a stored filter of the same name unless they replace it', () => {
    expect(filtersFor(Shelf, Newer).get('name')).toBe(filtersFor(Shelf).get('name'));
    expect(filtersFor(Shelf, Newer).get('parent_id')).not.toBe(filtersFor(Shelf).get('parent_id'));
  });

  it('are built once per model and dialect, and a dialect that adds nothing shares the stored set', () => {
    expect(filtersFor(Shelf, Newer)).toBe(filtersFor(Shelf, Newer));
    const plain = defineDialect({ version: '9.8', release: '9.8.0', base: '/v98' });
    expect(filtersFor(Shelf, plain)).toBe(filtersFor(Shelf));
  });

  it('leave a model they only add filters to shown as stored', () => {
    expect(Newer.isPlain(Shelf)).toBe(true);
  });
});
