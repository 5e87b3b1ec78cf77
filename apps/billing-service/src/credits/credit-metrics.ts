import { counter } from '@archlens/platform/metrics';

/**
 * The credit ledger's Prometheus series, counted after the change commits and
 * only when something changed (a repeated reserve, capture or release counts nothing):
 * - `archlens_credit_operations_total{operation}`: reservations made (`reserve`), captured
 *   (`capture`), released (`release`), expired by the sweep (`expire`) and free retries recorded
 *   at no cost (`free_retry`);
 * - `archlens_credits_reserved_total`, `archlens_credits_captured_total`,
 *   `archlens_credits_released_total{reason}`: the credits moved, in credits (the unlimited plan's
 *   reservations hold 0).
 */
export const creditMetrics = {
  operations: counter({
    name: 'archlens_credit_operations_total',
    help: 'Credit ledger operations that changed something, by operation.',
    labelNames: ['operation'] as const,
  }),
  reserved: counter({ name: 'archlens_credits_reserved_total', help: 'Credits held by new reservations.' }),
  captured: counter({ name: 'archlens_credits_captured_total', help: 'Credits spent by captured reservations.' }),
  released: counter({
    name: 'archlens_credits_released_total',
    help: 'Credits given back by released or expired reservations.',
    labelNames: ['reason'] as const,
  }),
};
