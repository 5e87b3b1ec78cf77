import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/** Leading bits of an IPv6 address that name one client: a /64 is what one subscriber is given (RFC 6177). */
const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The client's address for the abuse limits: `request.ip` (the socket's peer, or with `TRUST_PROXY`
 * set to N hops, the address the N-th proxy from the gateway saw: what a client writes into
 * X-Forwarded-For itself is not trusted), as one client's key: an IPv4 address (also one written
 * as IPv4-mapped IPv6) as it is, an IPv6 address as its /64 network (`2001:db8:1:2::/64`), since one
 * client holds a whole /64 and could otherwise take a fresh address for every attempt.
 * @returns the key; the text as given when it is not an IP address, 'unknown' when there is none
 */
export function clientAddress(request: Request): string {
  return clientKeyOf(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}

/** `clientAddress` for an address already read: IPv4 as it is, IPv6 as its /64, anything else unchanged. */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/${IPV6_CLIENT_PREFIX_BITS}`);
  return `${network.toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}
