import { registerDialect } from '../core/dialect/registry';
import { NetBox35 } from './netbox-3.5';
import { NetBox46 } from './netbox-4.6';

registerDialect(NetBox35, { native: true });
registerDialect(NetBox46);

export { NetBox35, NetBox46 };
