import { EntityManager } from 'typeorm';
import { AfterWriteContext, ModelDef, Row, registry } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { WIRELESS_INTERFACE_TYPES } from './components.models';

/** A template's own fields copied to the component it makes; names of related templates are resolved after. */
const COPIED: Record<string, string[]> = {
  consoleport: ['type'],
  consoleserverport: ['type'],
  powerport: ['type', 'maximum_draw', 'allocated_draw'],
  poweroutlet: ['type', 'color', 'feed_leg'],
  interface: ['type', 'enabled', 'mgmt_only', 'poe_mode', 'poe_type', 'rf_role'],
  rearport: ['type', 'color', 'positions'],
  frontport: ['type', 'color', 'positions', 'rear_port_position'],
  modulebay: ['position', 'enabled'],
  devicebay: ['enabled'],
};

/** The order NetBox's Device.save() and Module.save() make components in: ports before what refers to them. */
const DEVICE_ORDER = ['consoleport', 'consoleserverport', 'powerport', 'poweroutlet', 'interface', 'rearport', 'frontport', 'modulebay', 'devicebay'];
const MODULE_ORDER = ['consoleport', 'consoleserverport', 'interface', 'powerport', 'poweroutlet', 'rearport', 'frontport', 'modulebay'];

/** `{module}` in a module's template names stands for its bay's position. */
const MODULE_TOKEN = /\{module\}/g;

/**
 * Gives a new device (or module) the components its type's templates describe, in NetBox's
 * order: ports before the outlets and front ports that refer to them, bridges once every
 * interface exists, inventory items parents first.
 */
export async function instantiateTemplates(em: EntityManager, owner: Row, { driver, writer }: AfterWriteContext, kind: 'device' | 'module' = 'device'): Promise<void> {
  const typeColumn = kind === 'device' ? 'device_type_id' : 'module_type_id';
  const typeId = owner[typeColumn];
  const deviceId = kind === 'device' ? owner.id : owner.device_id;
  let position = '';
  if (kind === 'module') {
    const [bay] = await new ModelQuery(em, registry.get('dcim.modulebay')!, driver).whereIdIn([owner.module_bay_id]).rows({ order: ['id'] });
    position = bay?.position ?? '';
  }
  const resolve = (s: string) => (kind === 'module' ? s.replace(MODULE_TOKEN, position) : s);
  const templatesOf = async (name: string) => {
    const model = registry.get(`dcim.${name}template`);
    if (!model || !(typeColumn in Object.fromEntries(model.columns.map((c) => [c.column, c])))) return [];
    return new ModelQuery(em, model, driver).where(`t.${typeColumn} = :type`, { type: typeId }).rows({ order: ['_name', 'id'] });
  };
  // Template id to the component made from it, per kind, for references between them.
  const made = new Map<string, Map<number, number>>();
  for (const name of kind === 'device' ? DEVICE_ORDER : MODULE_ORDER) {
    const component = registry.get(`dcim.${name}`) as ModelDef;
    const ids = new Map<number, number>();
    for (const template of await templatesOf(name)) {
      const body: Row = { device: deviceId, name: resolve(template.name), label: resolve(template.label) };
      if (kind === 'module') body.module = owner.id;
      for (const field of COPIED[name]) if (template[field] !== null && template[field] !== undefined) body[field] = template[field];
      if (name === 'modulebay' && body.position) body.position = resolve(body.position);
      // An interface holds a wireless role only when wireless (NetBox's bulk creation skips that check).
      if (name === 'interface' && !WIRELESS_INTERFACE_TYPES.has(template.type)) delete body.rf_role;
      if (name === 'poweroutlet' && template.power_port_id !== null) body.power_port = made.get('powerport')?.get(template.power_port_id) ?? null;
      // A 4.5 template may map to no rear port: so does its port.
      if (name === 'frontport') Object.assign(body, template.rear_port_id === null ? { rear_ports: [] } : { rear_port: made.get('rearport')?.get(template.rear_port_id) });
      ids.set(template.id, await writer.create(component, body));
    }
    made.set(name, ids);
  }
  // Bridges between interfaces once they all exist, each an update with its change record, as NetBox saves them.
  const interfaces = registry.get('dcim.interface')!;
  for (const template of await templatesOf('interface')) {
    if (template.bridge_id === null) continue;
    const bridge = made.get('interface')?.get(template.bridge_id);
    const own = made.get('interface')?.get(template.id);
    if (bridge && own) await writer.update(interfaces, own, { bridge }, true);
  }
  if (kind === 'device') await instantiateInventory(em, deviceId, typeId, { driver, writer }, made);
}

async function instantiateInventory(em: EntityManager, deviceId: number, typeId: number, { driver, writer }: Pick<AfterWriteContext, 'driver' | 'writer'>, made: Map<string, Map<number, number>>): Promise<void> {
  const templates = registry.get('dcim.inventoryitemtemplate');
  const items = registry.get('dcim.inventoryitem');
  if (!templates || !items) return;
  // MPTT's order: each tree as it was started, parents before their children.
  const rows = await new ModelQuery(em, templates, driver).where('t.device_type_id = :type', { type: typeId }).rows({ order: ['tree_path', 'id'] });
  const ids = new Map<number, number>();
  for (const t of rows) {
    // NetBox leaves the item's description empty.
    const body: Row = { device: deviceId, name: t.name, label: t.label, part_id: t.part_id };
    if (t.parent_id !== null) body.parent = ids.get(t.parent_id);
    if (t.role_id !== null) body.role = t.role_id;
    if (t.manufacturer_id !== null) body.manufacturer = t.manufacturer_id;
    if (t.component_type && t.component_id !== null) {
      const kind = t.component_type.replace(/^dcim\./, '').replace(/template$/, '');
      const component = made.get(kind)?.get(t.component_id);
      if (component) {
        body.component_type = `dcim.${kind}`;
        body.component_id = component;
      }
    }
    ids.set(t.id, await writer.create(items, body));
  }
}
