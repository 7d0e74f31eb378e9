import { apiApp } from '../core/crud/api-app';
import { WirelessLAN, WirelessLANGroup, WirelessLink } from './models';

/** The wireless application: wireless LAN groups, wireless LANs and point-to-point wireless links between interfaces. */
export const WirelessModule = apiApp('wireless', [WirelessLANGroup, WirelessLAN, WirelessLink]);
