import { apiApp } from '../core/crud/api-app';
import { ASN, RIR, Role, RouteTarget, VRF } from './routing.models';
import { VLAN, VLANGroup } from './vlans.models';

/** The ipam application: registries, roles, VRFs and route targets, ASNs, VLAN groups and VLANs; addressing models as they arrive. */
export const IpamModule = apiApp('ipam', [ASN, RIR, Role, RouteTarget, VLAN, VLANGroup, VRF]);
