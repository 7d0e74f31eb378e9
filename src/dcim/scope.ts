import { FieldError, contentType, foreignKey, genericRelation, integer } from '../core/model/fields';
import { CustomFilter, ModelDef, Row, WriteContext, registry } from '../core/model/model';
import { pathFilter } from '../core/query/filters';
import { loadRow } from '../core/query/model-query';
import { contentTypeFilter } from '../extras/content-type-filter';

/**
 * Where NetBox 4.2 places an object by type and id (a prefix's scope, a circuit termination's termination), caching
 * the place's ancestors for filtering. The cached site (and provider network) are the fields NetBox 3.5 had: its
 * dialect reads them, and writing one places the object there (`syncPlacement`).
 */
export interface Placement {
  /** `scope`: its type and id fields are `<name>_type` and `<name>_id`. */
  name: string;
  types: string[];
  /** NetBox 3.5's fields that named the place, by column, with the type each names. */
  legacy: Record<string, string>;
  /** 3.5's error when a write names more than one of them. */
  conflict?: string;
  /** How NetBox names a type in "Please select a ...": its model name, or its verbose name titled. */
  typeName: 'model' | 'title';
}

/** What NetBox 4.2 lets prefixes, clusters and wireless LANs be scoped to. */
export const SCOPE: Placement = { name: 'scope', types: ['dcim.region', 'dcim.sitegroup', 'dcim.site', 'dcim.location'], legacy: { site_id: 'dcim.site' }, typeName: 'model' };

/** The type and id of the place, the place itself, and the ancestors it caches (its site and provider network are the model's own fields). */
export function placementFields(placement: Placement) {
  return {
    [`${placement.name}_type`]: contentType({ nullable: true, blank: true, allowed: () => placement.types.filter((t) => registry.has(t)) }),
    [`${placement.name}_id`]: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, nullable: true, big: true }),
    [placement.name]: genericRelation(`${placement.name}_type`, `${placement.name}_id`),
    // Ancestors are SET NULL as NetBox's: deleting one must not delete what lies below it.
    _region: foreignKey('dcim.region', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    _site_group: foreignKey('dcim.sitegroup', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    _location: foreignKey('dcim.location', { nullable: true, onDelete: 'PROTECT', readOnly: true }),
  };
}

export const scopeFields = () => placementFields(SCOPE);

/** NetBox's filters over the cached ancestors (ScopedFilterSet's), each with what lies below it, and the place's type. */
export function placementFilters(model: () => ModelDef, placement: Placement): Record<string, CustomFilter> {
  return {
    region_id: pathFilter(model, '_region', 'id'),
    region: pathFilter(model, '_region'),
    site_group_id: pathFilter(model, '_site_group', 'id'),
    site_group: pathFilter(model, '_site_group'),
    location_id: pathFilter(model, '_location', 'id'),
    location: pathFilter(model, '_location'),
    [`${placement.name}_type`]: contentTypeFilter(`${placement.name}_type`),
  };
}

export const scopeFilters = (model: () => ModelDef) => placementFilters(model, SCOPE);

/** The ancestors each type of place caches, from the place's row. */
async function ancestorsOf(type: string | null, place: Row | null, ctx?: WriteContext): Promise<Row> {
  const cache: Row = { _region_id: null, _site_group_id: null, site_id: null, _location_id: null };
  if (!place) return cache;
  if (type === 'dcim.region') cache._region_id = place.id;
  else if (type === 'dcim.sitegroup') cache._site_group_id = place.id;
  else if (type === 'circuits.providernetwork') cache.provider_network_id = place.id;
  else {
    const site = type === 'dcim.site' ? place : await loadRow(ctx, registry.get('dcim.site'), place.site_id);
    if (type === 'dcim.location') cache._location_id = place.id;
    cache.site_id = site?.id ?? null;
    cache._region_id = site?.region_id ?? null;
    cache._site_group_id = site?.group_id ?? null;
  }
  return cache;
}

/**
 * Keeps a placed object's place and its cached ancestors together. A write that names the place sets them from it; one
 * that names only 3.5's fields places the object at the one given, unless it is where the place already lies (a 3.5
 * client writing back what it read keeps a location's scope).
 */
export async function syncPlacement(placement: Placement, row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  const [typeColumn, idColumn] = [`${placement.name}_type`, `${placement.name}_id`];
  const given = ctx?.input ?? row;
  const legacy = Object.keys(placement.legacy).filter((column) => column in given);
  if (!(typeColumn in given || idColumn in given) && legacy.length) {
    if (previous && legacy.every((column) => row[column] === previous[column])) return;
    const named = legacy.filter((column) => row[column] !== null && row[column] !== undefined);
    if (named.length > 1) throw new FieldError([placement.conflict ?? `Only one of ${legacy.join(', ')} may be given.`]);
    row[typeColumn] = named.length ? placement.legacy[named[0]] : null;
    row[idColumn] = named.length ? row[named[0]] : null;
  } else if (previous && row[typeColumn] === previous[typeColumn] && row[idColumn] === previous[idColumn]) {
    return;
  }
  row[typeColumn] ??= null;
  row[idColumn] ??= null;
  if (row[typeColumn] !== null && row[idColumn] === null) {
    const type = placement.typeName === 'title' ? registry.get(row[typeColumn])?.title : row[typeColumn].split('.')[1];
    throw new FieldError({ [placement.name]: [`Please select a ${type}.`] });
  }
  if (row[typeColumn] === null && row[idColumn] !== null) throw new FieldError({ [typeColumn]: ['This field is required when an object is given.'] });
  const place = row[typeColumn] === null ? null : await loadRow(ctx, registry.get(row[typeColumn]), row[idColumn]);
  const cache = await ancestorsOf(row[typeColumn], place, ctx);
  if ('provider_network_id' in placement.legacy) cache.provider_network_id ??= null;
  Object.assign(row, cache);
}

export const syncScope = (row: Row, previous: Row | null, ctx?: WriteContext) => syncPlacement(SCOPE, row, previous, ctx);
