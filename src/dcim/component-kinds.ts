/** The kinds of component a module type's templates make, in NetBox's order; a device type's also make device bays and inventory items. */
export const MODULE_COMPONENT_KINDS = ['console_port', 'console_server_port', 'power_port', 'power_outlet', 'interface', 'front_port', 'rear_port', 'module_bay'];
export const DEVICE_COMPONENT_KINDS = [
  'console_port', 'console_server_port', 'power_port', 'power_outlet', 'interface', 'front_port', 'rear_port', 'device_bay', 'module_bay', 'inventory_item',
];

/** 4.0's counter fields of a device (`interface_count`) or of a type (`interface_template_count`, with `suffix` `template`), by kind. */
export const counterNames = (kinds: string[], suffix = ''): string[] => kinds.map((kind) => `${kind}${suffix ? `_${suffix}` : ''}_count`);
