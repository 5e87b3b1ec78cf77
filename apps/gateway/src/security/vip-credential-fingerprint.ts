import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../config.js';

/**
 * The fingerprint of the configured VIP credentials (`VIP_USERNAME`, `VIP_PASSWORD_HASH`): the
 * SHA-256, in hex, of both. A VIP session records it, and auth-service keeps the one the VIP account
 * last signed in with; when the operator rotates either variable the fingerprint changes, and the
 * VIP sessions made before end (`SessionGuard`, and the session version auth-service raises). The
 * hash it is taken of is salted argon2id, so the fingerprint tells nothing about the password.
 * @returns the fingerprint, or null when VIP access is off (either variable unset)
 */
export function vipCredentialFingerprint(config: Pick<GatewayConfig, 'VIP_USERNAME' | 'VIP_PASSWORD_HASH'>): string | null {
  if (!config.VIP_USERNAME || !config.VIP_PASSWORD_HASH) return null;
  return createHash('sha256').update(`archlens-vip-credentials\n${config.VIP_USERNAME}\n${config.VIP_PASSWORD_HASH}`).digest('hex');
}
