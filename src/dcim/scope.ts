import { FieldError, contentType, foreignKey, genericRelation, integer } from '../core/model/fields';
import { CustomFilter, ModelDef, Row, WriteContext, registry } from '../core/model/model';
import { pathFilter } from '../core/query/filters';
import { loadRow } from '../core/query/model-query';
import { contentTypeFilter } from '../extras/content-type-filter';

/** What NetBox 4.2 lets prefixes, clusters and wireless LANs be scoped to. */
export const SCOPE_TYPES = ['dcim.region', 'dcim.sitegroup', 'dcim.site', 'dcim.location'];

/**
 * NetBox 4.2's scope (`scope_type`, `scope_id`, `scope`) and the ancestors it caches for filtering. The cached site is
 * the model's `site`: NetBox 3.5's field, which its dialect reads and writes (`syncScope`).
 */
export function scopeFields() {
  return {
    scope_type: contentType({ nullable: true, blank: true, allowed: () => SCOPE_TYPES.filter((t) => registry.has(t)) }),
    scope_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, nullable: true, big: true }),
    scope: genericRelation('scope_type', 'scope_id'),
    // Ancestors are SET NULL as NetBox's: deleting one must not delete what lies below it.
    _region: foreignKey('dcim.region', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    _site_group: foreignKey('dcim.sitegroup', { nullable: true, onDelete: 'SET NULL', readOnly: true }),
    _location: foreignKey('dcim.location', { nullable: true, onDelete: 'PROTECT', readOnly: true }),
  };
}

/** NetBox's ScopedFilterSet: the cached ancestors, each with what lies below it, and the scope's type. */
export function scopeFilters(model: () => ModelDef): Record<string, CustomFilter> {
  return {
    region_id: pathFilter(model, '_region', 'id'),
    region: pathFilter(model, '_region'),
    site_group_id: pathFilter(model, '_site_group', 'id'),
    site_group: pathFilter(model, '_site_group'),
    location_id: pathFilter(model, '_location', 'id'),
    location: pathFilter(model, '_location'),
    scope_type: contentTypeFilter('scope_type'),
  };
}

/**
 * Keeps a scoped object's scope and its cached ancestors together. A write that names the scope sets them from it; one
 * that names only the site (NetBox 3.5's field) scopes the object to that site, unless it is the site the scope already
 * lies in (a 3.5 client writing back what it read keeps a location's scope).
 */
export async function syncScope(row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  const given = ctx?.input ?? row;
  const namesScope = 'scope_type' in given || 'scope_id' in given;
  if (!namesScope && 'site_id' in given) {
    if (previous && row.site_id === previous.site_id) return;
    row.scope_type = row.site_id === null || row.site_id === undefined ? null : 'dcim.site';
    row.scope_id = row.site_id ?? null;
  } else if (previous && row.scope_type === previous.scope_type && row.scope_id === previous.scope_id) {
    return;
  }
  row.scope_type ??= null;
  row.scope_id ??= null;
  if (row.scope_type !== null && row.scope_id === null) throw new FieldError({ scope: [`Please select a ${row.scope_type.split('.')[1]}.`] });
  if (row.scope_type === null && row.scope_id !== null) throw new FieldError({ scope_type: ['This field is required when a scope is given.'] });
  const cache: Row = { _region_id: null, _site_group_id: null, site_id: null, _location_id: null };
  const scope = row.scope_type === null ? null : await loadRow(ctx, registry.get(row.scope_type), row.scope_id);
  if (scope && row.scope_type === 'dcim.region') cache._region_id = scope.id;
  else if (scope && row.scope_type === 'dcim.sitegroup') cache._site_group_id = scope.id;
  else if (scope) {
    const site = row.scope_type === 'dcim.site' ? scope : await loadRow(ctx, registry.get('dcim.site'), scope.site_id);
    if (row.scope_type === 'dcim.location') cache._location_id = scope.id;
    cache.site_id = site?.id ?? null;
    cache._region_id = site?.region_id ?? null;
    cache._site_group_id = site?.group_id ?? null;
  }
  Object.assign(row, cache);
}
