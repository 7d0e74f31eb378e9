import { FieldError } from '../core/model/fields';
import { CustomFilter, registry } from '../core/model/model';
import { q } from '../core/query/model-query';

/** The generic relation to an interface that a model filters through: an address's `assigned_object`, an FHRP assignment's `interface`. */
export interface InterfaceColumns {
  type: string;
  id: string;
}

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
