import { apiApp } from '../core/crud/api-app';
import { Aggregate, IPAddress, IPRange, Prefix } from './addressing.models';
import { ASNRange } from './asn-ranges.models';
import { availableControllers } from './available.controller';
import { FHRPGroup, FHRPGroupAssignment } from './fhrp.models';
import { L2VPN, L2VPNTermination } from './l2vpn.models';
import { ASN, RIR, Role, RouteTarget, VRF } from './routing.models';
import { Service, ServiceTemplate } from './services.models';
import { VLANTranslationPolicy, VLANTranslationRule } from './vlan-translation.models';
import { VLAN, VLANGroup } from './vlans.models';

/**
 * The ipam application: registries, roles, VRFs and route targets, ASNs and their ranges, aggregates, prefixes,
 * IP ranges and addresses with their allocation, VLAN groups and VLANs, VLAN translation policies and rules (4.2), FHRP groups,
 * services and L2VPNs.
 */
export const IpamModule = apiApp(
  'ipam',
  [
    Aggregate, ASN, ASNRange, FHRPGroup, FHRPGroupAssignment, IPAddress, IPRange, L2VPN, L2VPNTermination, Prefix, RIR, Role, RouteTarget, Service,
    ServiceTemplate, VLAN, VLANGroup, VLANTranslationPolicy, VLANTranslationRule, VRF,
  ],
  { controllers: availableControllers() },
);
