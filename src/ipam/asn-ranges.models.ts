import { FieldError, foreignKey, integer, slug, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { tenancyFilters } from '../core/query/filters';

/** A block of AS numbers a RIR hands out; `asn_count` counts the ASNs inside it. */
export const ASNRange = defineModel({
  app: 'ipam',
  name: 'asnrange',
  plural: 'asn-ranges',
  filterset: { fields: ['id', 'name', 'start', 'end', 'description'], related: ['rir_id', 'rir', 'tenant_id', 'tenant'] },
  verboseName: 'ASN range',
  display: (r) => `${r.name} (${r.start}-${r.end})`,
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    slug: slug({ max: 100, unique: true }),
    rir: foreignKey('ipam.rir', { onDelete: 'PROTECT', label: 'RIR' }),
    start: integer({ min: 1, max: 4294967295, big: true }),
    end: integer({ min: 1, max: 4294967295, big: true }),
    tenant: foreignKey('tenancy.tenant', { nullable: true, onDelete: 'PROTECT' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  // ASNs do not point at ranges: a range holds whichever ASNs fall between its bounds.
  counts: { asn_count: { model: 'ipam.asn', where: 'c."asn" >= t."start" AND c."asn" <= t."end"' } },
  brief: ['id', 'url', 'display', 'name'],
  search: ['description'],
  filters: { ...tenancyFilters(() => ASNRange) },
  validate(row) {
    if (row.end <= row.start) throw new FieldError([`Starting ASN (${row.start}) must be lower than ending ASN (${row.end}).`]);
  },
});
