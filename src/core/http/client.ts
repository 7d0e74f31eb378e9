import type { Request } from 'express';
import * as ipaddr from 'ipaddr.js';

/**
 * The client's address: the socket's peer, or, behind proxies that TRUSTED_PROXIES names, the address they
 * forwarded (Express's `req.ip`). IPv4-mapped IPv6 addresses read as IPv4.
 */
export function clientAddress(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress ?? '';
  try {
    return ipaddr.process(raw).toString();
  } catch {
    return raw;
  }
}

/**
 * Scheme and host the client asked for: behind a trusted proxy, its `X-Forwarded-Proto` and `X-Forwarded-Host`
 * (as NetBox's USE_X_FORWARDED_HOST), so that URLs in responses point where the client can follow them.
 */
export function requestOrigin(req: Request): string {
  const trusted = (req.app.get('trust proxy fn') as (addr: string, hop: number) => boolean)(req.socket.remoteAddress ?? '', 0);
  const forwardedHost = trusted ? req.get('x-forwarded-host')?.split(',')[0].trim() : undefined;
  return `${req.protocol}://${forwardedHost || req.get('host') || 'localhost'}`;
}
