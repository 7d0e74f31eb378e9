/** NetBox 4.6's VPN choices, values and labels as its API shows them. */

export const TUNNEL_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

export const TUNNEL_ENCAPSULATIONS = [
  { value: 'ipsec-transport', label: 'IPsec - Transport' },
  { value: 'ipsec-tunnel', label: 'IPsec - Tunnel' },
  { value: 'ip-ip', label: 'IP-in-IP' },
  { value: 'gre', label: 'GRE' },
  { value: 'wireguard', label: 'WireGuard' },
  { value: 'openvpn', label: 'OpenVPN' },
  { value: 'l2tp', label: 'L2TP' },
  { value: 'pptp', label: 'PPTP' },
];

export const TERMINATION_ROLES = [
  { value: 'peer', label: 'Peer' },
  { value: 'hub', label: 'Hub' },
  { value: 'spoke', label: 'Spoke' },
];

export const IKE_VERSIONS = [
  { value: 1, label: 'IKEv1' },
  { value: 2, label: 'IKEv2' },
];

export const IKE_MODES = [
  { value: 'aggressive', label: 'Aggressive' },
  { value: 'main', label: 'Main' },
];

export const AUTHENTICATION_METHODS = [
  { value: 'preshared-keys', label: 'Pre-shared keys' },
  { value: 'certificates', label: 'Certificates' },
  { value: 'rsa-signatures', label: 'RSA signatures' },
  { value: 'dsa-signatures', label: 'DSA signatures' },
];

export const IPSEC_MODES = [
  { value: 'esp', label: 'ESP' },
  { value: 'ah', label: 'AH' },
];

export const ENCRYPTION_ALGORITHMS = [
  { value: 'aes-128-cbc', label: '128-bit AES (CBC)' },
  { value: 'aes-128-gcm', label: '128-bit AES (GCM)' },
  { value: 'aes-192-cbc', label: '192-bit AES (CBC)' },
  { value: 'aes-192-gcm', label: '192-bit AES (GCM)' },
  { value: 'aes-256-cbc', label: '256-bit AES (CBC)' },
  { value: 'aes-256-gcm', label: '256-bit AES (GCM)' },
  { value: '3des-cbc', label: '3DES' },
  { value: 'des-cbc', label: 'DES' },
];

export const AUTHENTICATION_ALGORITHMS = [
  { value: 'hmac-sha1', label: 'SHA-1 HMAC' },
  { value: 'hmac-sha256', label: 'SHA-256 HMAC' },
  { value: 'hmac-sha384', label: 'SHA-384 HMAC' },
  { value: 'hmac-sha512', label: 'SHA-512 HMAC' },
  { value: 'hmac-md5', label: 'MD5 HMAC' },
];

/** The IANA Diffie-Hellman groups NetBox offers (IKEv2 transform type 4): 1, 2, 5 and 14 to 34. */
export const DH_GROUPS = [1, 2, 5, ...Array.from({ length: 21 }, (_, i) => 14 + i)].map((n) => ({ value: n, label: `Group ${n}` }));
