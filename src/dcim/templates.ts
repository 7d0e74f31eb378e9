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

/** What a new module does with its type's templates (4.x's `replicate_components` and `adopt_components`). */
export interface ModuleComponents {
  /** Makes the components the templates describe (NetBox's default). */
  replicate?: boolean;
  /** Takes the device's own components (in no module) of the same names instead of making them. */
  adopt?: boolean;
}

/** The templates of one kind (`interface`) of a device or module type, by name. */
function templatesOf(em: EntityManager, driver: AfterWriteContext['driver'], name: string, typeColumn: string, typeId: number): Promise<Row[]> {
  const model = registry.get(`dcim.${name}template`);
  if (!model || !model.columns.some((c) => c.column === typeColumn)) return Promise.resolve([]);
  return new ModelQuery(em, model, driver).where(`t.${typeColumn} = :type`, { type: typeId }).rows({ order: ['_name', 'id'] });
}

/** A device's components of one kind, by name; only those in no module when `free`. */
async function componentsByName(em: EntityManager, driver: AfterWriteContext['driver'], name: string, deviceId: number, free: boolean): Promise<Map<string, Row>> {
  const query = new ModelQuery(em, registry.get(`dcim.${name}`)!, driver).where('t.device_id = :device', { device: deviceId });
  if (free) query.where('t.module_id IS NULL');
  return new Map((await query.rows({ order: ['id'] })).map((c) => [c.name as string, c]));
}

/**
 * NetBox 4.x's checks of a new module against the device's components, before any is made: a template name with
 * `{module}` needs a bay with a position; a component it would make must not exist already, unless adopted, and one
 * adopted must be in no module yet. The message of the first problem, or null.
 */
export async function moduleComponentProblem(em: EntityManager, driver: AfterWriteContext['driver'], module: Row, bay: Row, { replicate = true, adopt = false }: ModuleComponents): Promise<string | null> {
  if (!replicate && !adopt) return null;
  for (const name of MODULE_ORDER.filter((n) => n !== 'modulebay')) {
    const templates = await templatesOf(em, driver, name, 'module_type_id', module.module_type_id);
    if (!templates.length) continue;
    const installed = await componentsByName(em, driver, name, module.device_id, false);
    const model = registry.get(`dcim.${name}`)!.className;
    for (const template of templates) {
      if (template.name.includes('{module}') && !bay.position) return 'Cannot install module with placeholder values in a module bay with no position defined.';
      const resolved = template.name.replace(MODULE_TOKEN, bay.position);
      const existing = installed.get(resolved);
      if (adopt && existing && existing.module_id !== null) return `Cannot adopt ${model} ${resolved} as it already belongs to a module`;
      if (!adopt && existing) return `A ${model} named ${resolved} already exists`;
    }
  }
  return null;
}

/**
 * Gives a new device (or module) the components its type's templates describe, in NetBox's
 * order: ports before the outlets and front ports that refer to them, bridges once every
 * interface exists, inventory items parents first. A module may adopt the device's own
 * components of those names instead, or make none.
 */
export async function instantiateTemplates(
  em: EntityManager,
  owner: Row,
  { driver, writer }: AfterWriteContext,
  kind: 'device' | 'module' = 'device',
  { replicate = true, adopt = false }: ModuleComponents = {},
): Promise<void> {
  if (!replicate && !adopt) return;
  const typeColumn = kind === 'device' ? 'device_type_id' : 'module_type_id';
  const typeId = owner[typeColumn];
  const deviceId = kind === 'device' ? owner.id : owner.device_id;
  let position = '';
  if (kind === 'module') {
    const [bay] = await new ModelQuery(em, registry.get('dcim.modulebay')!, driver).whereIdIn([owner.module_bay_id]).rows({ order: ['id'] });
    position = bay?.position ?? '';
  }
  const resolve = (s: string) => (kind === 'module' ? s.replace(MODULE_TOKEN, position) : s);
  // Template id to the component made from it, per kind, for references between them.
  const made = new Map<string, Map<number, number>>();
  for (const name of kind === 'device' ? DEVICE_ORDER : MODULE_ORDER) {
    const component = registry.get(`dcim.${name}`) as ModelDef;
    const ids = new Map<number, number>();
    const templates = await templatesOf(em, driver, name, typeColumn, typeId);
    const adoptable = adopt && templates.length ? await componentsByName(em, driver, name, deviceId, true) : new Map<string, Row>();
    for (const template of templates) {
      const adopted = adoptable.get(resolve(template.name));
      if (adopted) {
        await writer.update(component, adopted.id, { module: owner.id }, true);
        ids.set(template.id, adopted.id);
        continue;
      }
      if (!replicate) continue;
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
  for (const template of await templatesOf(em, driver, 'interface', typeColumn, typeId)) {
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
