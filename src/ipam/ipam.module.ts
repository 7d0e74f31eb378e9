import { apiApp } from '../core/crud/api-app';
import { ASN, RIR, Role, RouteTarget, VRF } from './routing.models';

/** The ipam application: registries, roles, VRFs and route targets, ASNs; addressing models as they arrive. */
export const IpamModule = apiApp('ipam', [ASN, RIR, Role, RouteTarget, VRF]);
