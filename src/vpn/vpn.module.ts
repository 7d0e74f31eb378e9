import { apiApp } from '../core/crud/api-app';
import { IKEPolicy, IKEProposal, IPSecPolicy, IPSecProfile, IPSecProposal, Tunnel, TunnelGroup, TunnelTermination } from './models';

/** The vpn application (4.x only): IKE and IPSec proposals, policies and profiles, tunnel groups, tunnels and their terminations. */
export const VpnModule = apiApp('vpn', [IKEProposal, IKEPolicy, IPSecProposal, IPSecPolicy, IPSecProfile, TunnelGroup, Tunnel, TunnelTermination]);
