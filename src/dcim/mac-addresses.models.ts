import type { EntityManager } from 'typeorm';
import { FieldError, FieldOptions, contentType, foreignKey, genericRelation, integer, relatedValue, text } from '../core/model/fields';
import { AfterWriteContext, CustomFilter, ModelDef, Row, WriteContext, changedColumns, defineModel, labelOf, registry } from '../core/model/model';
import { booleanFilter } from '../core/query/filters';
import { loadRow, q } from '../core/query/model-query';
import { nestReferrer } from '../core/serialize/referrers';
import type { RenderContext, Representation } from '../core/serialize/serializer';
import { contentTypeFilter } from '../extras/content-type-filter';
import { assignedDeviceFilter, assignedInterfaceFilters, assignedVirtualMachineFilter } from '../ipam/assigned-filters';
import { MacAddressField, euiFilter, normaliseMac } from './eui';

/** What NetBox 4.2 assigns MAC addresses to. */
const ASSIGNABLE = ['dcim.interface', 'virtualization.vminterface'];
const ASSIGNED = { type: 'assigned_object_type', id: 'assigned_object_id' };

/** NetBox 4.2's MAC address: an object of its own, assigned to an interface, which may name one of its own its primary. */
export const MACAddress = defineModel({
  app: 'dcim',
  name: 'macaddress',
  plural: 'mac-addresses',
  verboseName: 'MAC address',
  verboseNamePlural: 'MAC addresses',
  display: (m) => m.mac_address,
  lookupField: 'mac_address',
  ordering: ['mac_address', 'id'],
  fields: {
    mac_address: new MacAddressField({ label: 'MAC address' }),
    assigned_object_type: contentType({ nullable: true, blank: true, allowed: () => ASSIGNABLE.filter((t) => registry.has(t)) }),
    assigned_object_id: integer({ min: 0, max: Number.MAX_SAFE_INTEGER, nullable: true, big: true }),
    // An interface takes its MAC addresses with it, as NetBox's generic relation does.
    assigned_object: genericRelation('assigned_object_type', 'assigned_object_id', { cascade: true, relatedName: 'mac_addresses' }),
    description: text({ max: 200, blank: true }),
    comments: text({ blank: true }),
  },
  full: [
    'id', 'url', 'display', 'mac_address', 'assigned_object_type', 'assigned_object_id', 'assigned_object', 'description', 'comments', 'tags',
    'custom_fields', 'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'mac_address'],
  indexes: [['assigned_object_type', 'assigned_object_id']],
  relatedObject: 'assigned_object',
  search: ['mac_address', 'description'],
  filterset: { fields: ['id', 'description', 'assigned_object_id'] },
  filters: {
    mac_address: euiFilter(normaliseMac, (condition) => condition('t.mac_address')),
    assigned_object_type: contentTypeFilter('assigned_object_type'),
    device: assignedDeviceFilter('name', ASSIGNED),
    device_id: assignedDeviceFilter('id', ASSIGNED),
    virtual_machine: assignedVirtualMachineFilter('name', ASSIGNED),
    virtual_machine_id: assignedVirtualMachineFilter('id', ASSIGNED),
    ...assignedInterfaceFilters(),
    assigned: booleanFilter(
      () => 't.assigned_object_type IS NOT NULL OR t.assigned_object_id IS NOT NULL',
      () => 't.assigned_object_type IS NULL AND t.assigned_object_id IS NULL',
    ),
    primary: booleanFilter(() =>
      ASSIGNABLE.filter((t) => registry.has(t))
        .map((t) => `t.id IN (SELECT i.primary_mac_address_id FROM ${q(registry.get(t)!.table)} i WHERE i.primary_mac_address_id IS NOT NULL)`)
        .join(' OR '),
    ),
  },
  async validate(row, previous, ctx) {
    if (!previous || previous.assigned_object_type === null || previous.assigned_object_id === null) return;
    if (previous.assigned_object_type === row.assigned_object_type && previous.assigned_object_id === row.assigned_object_id) return;
    const owner = await loadRow(ctx, registry.get(previous.assigned_object_type), previous.assigned_object_id);
    if (owner?.primary_mac_address_id !== row.id) return;
    const unassigned = row.assigned_object_type === null || row.assigned_object_id === null;
    throw new FieldError([`Cannot ${unassigned ? 'unassign' : 'reassign'} MAC Address while it is designated as the primary MAC for an object`]);
  },
});

/**
 * What NetBox 4.2 gave interfaces and VM interfaces: a primary MAC address (one of theirs), and through it 3.5's
 * `mac_address`, which only 3.5 writes (`writePrimaryMac`).
 */
export function primaryMacFields(opts: FieldOptions = {}) {
  return {
    mac_address: relatedValue('primary_mac_address', 'mac_address', { ...opts, readOnly: false }),
    primary_mac_address: foreignKey('dcim.macaddress', { nullable: true, unique: true, onDelete: 'SET NULL', verboseName: 'primary MAC address' }),
  };
}

/**
 * An interface's `mac_address` filter: 3.5's matches its primary MAC address, 4.2's (`any_mac_address`, which 4.6 calls
 * `mac_address`) any assigned to it. `owner` filters the interfaces' device or virtual machine (its column) instead.
 */
export function macAddressFilters(interfaces: string, owner?: string): Record<string, CustomFilter> {
  const filter = (which: 'primary' | 'assigned') =>
    euiFilter(normaliseMac, (condition) => {
      const model = registry.get(interfaces)!;
      const alias = owner ? 'i' : 't';
      const macs = `SELECT m.${which === 'primary' ? 'id' : 'assigned_object_id'} FROM ${q(MACAddress.table)} m WHERE ${condition('m.mac_address')}`;
      const match =
        which === 'primary' ? `${alias}.primary_mac_address_id IN (${macs})` : `${alias}.id IN (${macs} AND m.assigned_object_type = '${model.label}')`;
      return owner ? `t.id IN (SELECT i.${q(owner)} FROM ${q(model.table)} i WHERE ${match})` : match;
    });
  return { mac_address: filter('primary'), any_mac_address: filter('assigned') };
}

/** NetBox 4.2's check of an interface's primary MAC address: one assigned to another object is not its to name. */
export async function checkPrimaryMac(model: ModelDef, row: Row, previous: Row | null, ctx?: WriteContext): Promise<void> {
  if (row.primary_mac_address_id === null || !changedColumns(row, previous, ['primary_mac_address_id'])) return;
  const mac = await loadRow(ctx, MACAddress, row.primary_mac_address_id);
  if (!mac || mac.assigned_object_type === null || mac.assigned_object_id === null) return;
  if (mac.assigned_object_type === model.label && mac.assigned_object_id === row.id) return;
  const type = registry.get(mac.assigned_object_type)!;
  const assigned = await loadRow(ctx, type, mac.assigned_object_id);
  const name = assigned ? await labelOf(type, assigned, ctx) : '';
  throw new FieldError({ primary_mac_address: [`MAC address ${mac.mac_address} is assigned to a different interface (${name}).`] });
}

/**
 * NetBox 3.5's `mac_address` written to an interface is its primary MAC address's: rewritten where it has one,
 * created (assigned to it) where not, and deleted when cleared, as NetBox 4.2's migration of change records does.
 * `row` then holds what was written, for the interface's change record.
 */
export async function writePrimaryMac(model: ModelDef, em: EntityManager, row: Row | null, previous: Row | null, { input, writer, pending }: AfterWriteContext): Promise<void> {
  if (!row || !('mac_address' in input)) return;
  const mac = input.mac_address as string | null;
  const primary = previous?.primary_mac_address_id ?? null;
  if (mac === (previous?.mac_address ?? null)) return;
  if (mac === null) {
    await writer.remove(MACAddress, primary);
    row.primary_mac_address_id = null;
  } else if (primary !== null) {
    await writer.update(MACAddress, primary, { mac_address: mac }, true);
  } else {
    row.primary_mac_address_id = await writer.create(MACAddress, { mac_address: mac, assigned_object_type: model.label, assigned_object_id: row.id });
    if (!pending) await em.createQueryBuilder().update(model.table).set({ primary_mac_address_id: row.primary_mac_address_id }).where('id = :id', { id: row.id }).execute();
  }
  row.mac_address = mac;
}

/** An interface's `mac_addresses` (4.2): those assigned to it, nested, for the whole page at once. */
export function nestMacAddresses(ctx: RenderContext, model: ModelDef, rows: Row[], reps: Representation[]): Promise<void> {
  return nestReferrer(ctx, model, rows, reps, 'mac_addresses', { model: MACAddress.label, relation: 'assigned_object', many: true });
}
