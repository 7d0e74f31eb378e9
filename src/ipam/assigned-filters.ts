import { FieldError } from '../core/model/fields';
import { CustomFilter, registry } from '../core/model/model';
import { ModelQuery, q } from '../core/query/model-query';

/** The generic relation to an interface that a model filters through: an address's `assigned_object`, an FHRP assignment's `interface`. */
export interface InterfaceColumns {
  type: string;
  id: string;
}

/** An address's, a MAC address's: `assigned_object`. */
const ASSIGNED: InterfaceColumns = { type: 'assigned_object_type', id: 'assigned_object_id' };

function listOf(values: string[], by: 'id' | 'name', param: (v: unknown) => string): string {
  if (by === 'id' && values.some((v) => !/^\s*\d+\s*$/.test(v))) throw new FieldError(['Enter a whole number.']);
  return values.map((v) => param(by === 'id' ? Number(v) : v)).join(', ');
}

/**
 * `?device=<name>` / `?device_id=<id>`: objects on the devices' interfaces and, when a device is its
 * virtual chassis's master, on the other members' interfaces except management ones, as NetBox.
 */
export function assignedDeviceFilter(by: 'id' | 'name', columns: InterfaceColumns): CustomFilter {
  return {
    apply(values, ctx) {
      const devices = `SELECT d.id FROM ${q('dcim_device')} d WHERE d.${by} IN (${listOf(values, by, ctx.param)})`;
      const members = `SELECT m.id FROM ${q('dcim_device')} m JOIN ${q('dcim_virtualchassis')} vc ON m.virtual_chassis_id = vc.id WHERE vc.master_id IN (${devices})`;
      // Two branches, not an OR: each is an index scan by device, where an OR is planned as a scan of every interface.
      const interfaces = `SELECT i.id FROM ${q('dcim_interface')} i WHERE i.device_id IN (${devices}) UNION ALL SELECT i.id FROM ${q('dcim_interface')} i WHERE NOT i.mgmt_only AND i.device_id IN (${members})`;
      ctx.where(`(t.${columns.type} = ${ctx.param('dcim.interface')} AND t.${columns.id} IN (${interfaces}))`);
    },
  };
}

/** `?virtual_machine=<name>` / `?virtual_machine_id=<id>`: objects on the machines' interfaces; none while there are no virtual machines. */
export function assignedVirtualMachineFilter(by: 'id' | 'name', columns: InterfaceColumns): CustomFilter {
  return {
    apply(values, ctx) {
      const list = listOf(values, by, ctx.param);
      const machines = registry.get('virtualization.virtualmachine');
      const interfaces = registry.get('virtualization.vminterface');
      if (!machines || !interfaces) return ctx.where('1 = 0');
      const owned = `SELECT i.id FROM ${q(interfaces.table)} i WHERE i.virtual_machine_id IN (SELECT v.id FROM ${q(machines.table)} v WHERE v.${by} IN (${list}))`;
      ctx.where(`(t.${columns.type} = ${ctx.param(interfaces.label)} AND t.${columns.id} IN (${owned}))`);
    },
  };
}

/**
 * `?interface=<name>`, `?interface_id=<id>`, `?fhrpgroup_id=<id>` (and `__n`): objects (addresses, MAC addresses, tunnel
 * terminations through `columns`) assigned to those; each value must name one.
 */
export function assignedToFilter(type: string, by: 'id' | 'name', negate = false, columns: InterfaceColumns = ASSIGNED): CustomFilter {
  return {
    async apply(values, ctx) {
      const targets = registry.get(type);
      // Nothing of a model not yet installed can be named.
      if (!targets) throw new FieldError([`Select a valid choice. ${values[0]} is not one of the available choices.`]);
      if (by === 'id' && values.some((v) => !/^\d+$/.test(v))) {
        throw new FieldError([`Select a valid choice. ${values.find((v) => !/^\d+$/.test(v))} is not one of the available choices.`]);
      }
      const found = await new ModelQuery(ctx.em, targets, ctx.driver)
        .where(`t.${by} IN (:...values)`, { values: values.map((v) => (by === 'id' ? Number(v) : v)) })
        .rows({ order: ['id'] });
      const missing = values.find((v) => !found.some((f) => String(f[by]) === String(by === 'id' ? Number(v) : v)));
      if (missing !== undefined) throw new FieldError([`Select a valid choice. ${missing} is not one of the available choices.`]);
      const on = `(t.${columns.type} = ${ctx.param(type)} AND t.${columns.id} IN (${found.map((f) => ctx.param(f.id)).join(', ')}))`;
      // Unassigned addresses are among those not on these objects.
      ctx.where(negate ? `(${on} IS NOT TRUE)` : on);
    },
  };
}

/** `?interface=`, `?interface_id=`, `?vminterface=`, `?vminterface_id=` (and `__n`): objects assigned to those interfaces. */
export function assignedInterfaceFilters(columns: InterfaceColumns = ASSIGNED): Record<string, CustomFilter> {
  return Object.fromEntries(
    ['dcim.interface', 'virtualization.vminterface'].flatMap((type) =>
      (['name', 'id'] as const).flatMap((by) => {
        const name = `${type.split('.')[1]}${by === 'id' ? '_id' : ''}`;
        return [[name, assignedToFilter(type, by, false, columns)], [`${name}__n`, assignedToFilter(type, by, true, columns)]];
      }),
    ),
  );
}
