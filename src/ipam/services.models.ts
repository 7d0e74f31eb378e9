import { FieldError, choice, foreignKey, integers, manyToMany, text } from '../core/model/fields';
import { CustomFilter, PresentContext, Row, defineModel } from '../core/model/model';

const SERVICE_PROTOCOLS = [
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
  { value: 'sctp', label: 'SCTP' },
] as const;

/** NetBox's short form of a port list: sorted, consecutive ports as one run (`22, 80-81, 443`). */
export function portList(ports: number[]): string {
  const runs: number[][] = [];
  for (const port of [...ports].sort((a, b) => a - b)) {
    const run = runs[runs.length - 1];
    if (run && port === run[run.length - 1] + 1) run.push(port);
    else runs.push([port]);
  }
  return runs.map((run) => (run.length === 1 ? `${run[0]}` : `${run[0]}-${run[run.length - 1]}`)).join(', ');
}

/** `SSH (TCP/22)`, as NetBox labels services and their templates. */
function serviceDisplay(row: Row): string {
  const protocol = SERVICE_PROTOCOLS.find((p) => p.value === row.protocol)?.label ?? row.protocol;
  return `${row.name} (${protocol}/${portList(row.ports ?? [])})`;
}

/**
 * A key that sorts as the port list does in NetBox (PostgreSQL compares integer arrays item by item):
 * each port as five digits, one after the other, so that a list sorts before its own extensions.
 */
function portsSortKey(ports: number[]): string {
  return ports.map((p) => String(p).padStart(5, '0')).join('');
}

/** NetBox's serializers take the protocol as optional, and the model then refuses it empty. */
function blankProtocol(row: Row): Record<string, string[]> {
  return row.protocol ? {} : { protocol: ['This field cannot be blank.'] };
}

/** Nested services and templates carry the bare protocol value, as NetBox's nested serializers do. */
function presentProtocol(rep: Record<string, unknown>, row: Row, ctx: PresentContext): void {
  if (ctx.mode === 'brief' && 'protocol' in rep) rep.protocol = row.protocol;
}

/** `?port=<n>`: services listening on that port among others. */
const portFilter: CustomFilter = {
  schema: { type: 'number' },
  apply(values, ctx) {
    const raw = values[values.length - 1].trim();
    if (raw === '') return;
    const port = Number(raw);
    if (!Number.isFinite(port)) throw new FieldError(['Enter a number.']);
    ctx.where(
      ctx.driver === 'postgres'
        ? `t.ports @> CAST(${ctx.param(JSON.stringify([port]))} AS jsonb)`
        : `EXISTS (SELECT 1 FROM json_each(t.ports) p WHERE p.value = ${ctx.param(port)})`,
    );
  },
};

const serviceFields = () => ({
  ports: integers({ min: 1, max: 65535, label: 'Port numbers' }),
  protocol: choice(SERVICE_PROTOCOLS, { blank: true }),
  description: text({ max: 200, blank: true }),
  comments: text({ blank: true }),
});

/** A service to be applied to devices and virtual machines. */
export const ServiceTemplate = defineModel({
  app: 'ipam',
  name: 'servicetemplate',
  plural: 'service-templates',
  filterset: { fields: ['id', 'name', 'protocol'] },
  verboseName: 'service template',
  display: serviceDisplay,
  ordering: ['name'],
  fields: {
    name: text({ max: 100, unique: true }),
    ...serviceFields(),
  },
  brief: ['id', 'url', 'display', 'name', 'protocol', 'ports'],
  search: ['name', 'description'],
  filters: { port: portFilter },
  validate(row) {
    const errors = blankProtocol(row);
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
  present: presentProtocol,
});

/** A layer-four service (SSH, HTTP...) on a device or a virtual machine, optionally bound to some of its addresses. */
export const Service = defineModel({
  app: 'ipam',
  name: 'service',
  plural: 'services',
  filterset: {
    fields: ['id', 'name', 'protocol', 'description'],
    related: ['device_id', 'device', 'virtual_machine_id', 'virtual_machine', 'ipaddress_id', 'ipaddress'],
  },
  display: serviceDisplay,
  ordering: ['protocol', 'ports', 'id'],
  // Port lists sort as PostgreSQL compares arrays, through a key kept beside them.
  sortAs: { ports: ['_ports_sort'] },
  fields: {
    device: foreignKey('dcim.device', { nullable: true, onDelete: 'CASCADE' }),
    virtual_machine: foreignKey('virtualization.virtualmachine', { nullable: true, onDelete: 'CASCADE' }),
    name: text({ max: 100 }),
    ...serviceFields(),
    ipaddresses: manyToMany('ipam.ipaddress', {
      filterName: 'ipaddress',
      label: 'IP addresses',
      helpText: 'The specific IP addresses (if any) to which this service is bound',
    }),
  },
  derived: { _ports_sort: text({ readOnly: true, blank: true }) },
  full: [
    'id', 'url', 'display', 'device', 'virtual_machine', 'name', 'ports', 'protocol', 'ipaddresses', 'description', 'comments', 'tags', 'custom_fields',
    'created', 'last_updated',
  ],
  brief: ['id', 'url', 'display', 'name', 'protocol', 'ports'],
  search: ['name', 'description'],
  filters: { port: portFilter },
  validate(row) {
    row._ports_sort = portsSortKey(row.ports);
    // Django reports the fields' errors and the model's own together.
    const errors: Record<string, string[]> = blankProtocol(row);
    // Virtual machines have no column until their app arrives.
    const virtualMachine = row.virtual_machine_id ?? null;
    if (row.device_id !== null && virtualMachine !== null) errors.__all__ = ['A service cannot be associated with both a device and a virtual machine.'];
    if (row.device_id === null && virtualMachine === null) errors.__all__ = ['A service must be associated with either a device or a virtual machine.'];
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
  present: presentProtocol,
});
