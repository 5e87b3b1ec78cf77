import type { Request } from 'express';

/**
 * The client's address for the abuse limits: `request.ip` (the socket's peer, or with `TRUST_PROXY`
 * set to N hops, the address the N-th proxy from the gateway saw: what a client writes into
 * X-Forwarded-For itself is not trusted).
 */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
