/** Injection token of the gateway's Redis client for the request path (sessions, per-user slots). */
export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
