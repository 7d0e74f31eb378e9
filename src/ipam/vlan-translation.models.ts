import { INT32_MAX, foreignKey, integer, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { searchFilter } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';

/*
 * NetBox 4.2's VLAN translation: a policy's rules map a local VID to a remote one, and an interface (or VM interface)
 * may name the policy it applies. Only 4.x speaks them; the 3.5 dialect lacks both.
 */

/** A VID as 4.2 bounds it (VLAN_VID_MIN..VLAN_VID_MAX). */
const vid = (label: string) => integer({ min: 1, max: 4094, label, helpText: 'Numeric VLAN ID (1-4094)' });

export const VLANTranslationPolicy = defineModel({
  app: 'ipam',
  name: 'vlantranslationpolicy',
  plural: 'vlan-translation-policies',
  verboseName: 'VLAN translation policy',
  verboseNamePlural: 'VLAN translation policies',
  fields: {
    name: text({ max: 100, unique: true }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  brief: ['id', 'url', 'display', 'name', 'description'],
  search: ['name', 'description'],
  filterset: { fields: ['id', 'name', 'description'] },
});

/** `<local> -> <remote> (<policy>)`, NetBox's `__str__`; without the policy's name at hand, the VIDs alone. */
export const VLANTranslationRule = defineModel({
  app: 'ipam',
  name: 'vlantranslationrule',
  plural: 'vlan-translation-rules',
  // A NetBox model without 4.5's owner: neither its serializer nor its filter set names one.
  owner: false,
  verboseName: 'VLAN translation rule',
  display: (r) => `${r.local_vid} -> ${r.remote_vid}`,
  ordering: ['policy', 'local_vid'],
  fields: {
    // 4.2's serializer names the policy by its id; the policy lists its rules whole.
    policy: foreignKey(() => VLANTranslationPolicy, { onDelete: 'CASCADE', flat: true, reverse: 'rules' }),
    description: text({ max: 200, blank: true }),
    local_vid: vid('Local VLAN ID'),
    remote_vid: vid('Remote VLAN ID'),
  },
  full: ['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description', 'tags', 'custom_fields', 'created', 'last_updated'],
  brief: ['id', 'url', 'display', 'policy', 'local_vid', 'remote_vid', 'description'],
  constraints: [
    { fields: ['policy', 'local_vid'], name: 'ipam_vlantranslationrule_unique_policy_local_vid' },
    { fields: ['policy', 'remote_vid'], name: 'ipam_vlantranslationrule_unique_policy_remote_vid' },
  ],
  relatedObject: 'policy',
  filterset: { fields: ['id', 'local_vid', 'remote_vid', 'description'], related: ['policy_id', 'policy'] },
  filters: {
    // The policy's name, or either VID where the value is a whole number.
    q: searchFilter((like, ctx, value) => {
      const terms = [`t.policy_id IN (SELECT p.id FROM ${q(VLANTranslationPolicy.table)} p WHERE ${like('p.name')})`];
      // Beyond what the columns hold a number matches nothing (and PostgreSQL would refuse to compare it).
      if (/^[-+]?\d+$/.test(value) && Math.abs(Number(value)) <= INT32_MAX) {
        const n = ctx.param(Number(value));
        terms.push(`t.local_vid = ${n}`, `t.remote_vid = ${n}`);
      }
      return terms;
    }),
  },
  async labels(rows, ctx) {
    const policies = await new ModelQuery(ctx.em, VLANTranslationPolicy, ctx.driver).whereIdIn([...new Set(rows.map((r) => r.policy_id as number))]).rows({ order: ['id'] });
    const names = new Map(policies.map((p) => [p.id, p.name]));
    return rows.map((row) => `${VLANTranslationRule.display(row)} (${names.get(row.policy_id)})`);
  },
});
