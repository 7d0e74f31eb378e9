import { FieldError } from '../core/model/fields';
import { CustomFilter, registry } from '../core/model/model';
import { existingIds } from '../core/query/filters';
import { ModelQuery, q } from '../core/query/model-query';

/**
 * `?l2vpn_id=<id>` and `?l2vpn=<identifier>` on interfaces and VLANs: the objects of `type` terminated in those
 * L2VPNs, each of which must exist (NetBox's ModelMultipleChoiceFilter over `l2vpn_terminations__l2vpn`).
 */
export function terminatedIn(type: string, by: 'id' | 'identifier'): CustomFilter {
  return {
    negatable: true,
    async apply(values, ctx) {
      const l2vpns = registry.get('ipam.l2vpn')!;
      const terminations = registry.get('ipam.l2vpntermination')!;
      let ids: number[];
      if (by === 'id') ids = await existingIds(l2vpns, values, ctx);
      else {
        const invalid = values.find((v) => !/^-?\d+$/.test(v));
        if (invalid !== undefined) throw new FieldError([`“${invalid}” is not a valid value.`]);
        const found = await new ModelQuery(ctx.em, l2vpns, ctx.driver).where('t.identifier IN (:...given)', { given: values.map(Number) }).rows({ order: ['id'] });
        const missing = values.find((v) => !found.some((l) => Number(l.identifier) === Number(v)));
        if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
        ids = found.map((l) => l.id);
      }
      ctx.where(
        `t.id IN (SELECT x.assigned_object_id FROM ${q(terminations.table)} x WHERE x.assigned_object_type = ${ctx.param(type)}` +
          ` AND x.l2vpn_id IN (${ids.map((id) => ctx.param(id)).join(', ')}))`,
      );
    },
  };
}
