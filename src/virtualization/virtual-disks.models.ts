import { foreignKey, integer, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { q } from '../core/query/model-query';
import { VirtualMachine } from './models';

/**
 * NetBox 3.7's virtual disk of a virtual machine, sized in megabytes (4.1). Its machine's `disk` is the disks' total,
 * kept by every write of a disk as NetBox's signal keeps it.
 */
export const VirtualDisk = defineModel({
  app: 'virtualization',
  name: 'virtualdisk',
  plural: 'virtual-disks',
  verboseName: 'virtual disk',
  ordering: ['virtual_machine', 'name', 'id'],
  fields: {
    virtual_machine: foreignKey(() => VirtualMachine, { onDelete: 'CASCADE' }),
    name: text({ max: 64 }),
    description: text({ max: 200, blank: true }),
    size: integer({ min: 0, max: 2147483647 }),
  },
  constraints: [{ fields: ['virtual_machine', 'name'], name: 'virtualization_virtualdisk_unique_virtual_machine_name' }],
  brief: ['id', 'url', 'display', 'virtual_machine', 'name', 'description', 'size'],
  relatedObject: 'virtual_machine',
  search: ['name', 'description'],
  filterset: { fields: ['id', 'name', 'size', 'description'], related: ['virtual_machine_id', 'virtual_machine'] },
  async afterWrite(em, row, previous) {
    const machines = [...new Set([row?.virtual_machine_id, previous?.virtual_machine_id].filter((id): id is number => id !== undefined && id !== null))];
    const vm = q(VirtualMachine.table);
    for (const id of machines) {
      await em.createQueryBuilder().update(VirtualMachine.table).set({ disk: () => `(SELECT SUM(d.size) FROM ${q(VirtualDisk.table)} d WHERE d.virtual_machine_id = ${vm}.id)` }).where('id = :id', { id }).execute();
    }
  },
});
