/**
 * The loopback stand-ins of third-party APIs the end-to-end app talks to (e2e/global-setup.ts
 * starts them; playwright.config.ts points the app at them). Fixed ports, because the app's
 * environment is written before the servers start.
 */
export const E2E_APP_URL = 'http://localhost:3100';

/** A loopback server speaking Stripe's API (tests/support/fake-stripe.server.ts). */
export const E2E_STRIPE = {
  port: 12_111,
  apiBase: 'http://127.0.0.1:12111',
  secretKey: 'sk_test_e2e_loopback',
  /** The webhook signing secret the app verifies with; the tests sign events with it. */
  webhookSecret: 'whsec_e2e_loopback',
} as const;

/**
 * A loopback server speaking OpenAI's images edit and Stability AI's sketch control
 * (tests/support/fake-image-providers.server.ts), for /create's image providers. Each
 * answer waits `delayMs`, so the worker's progress events can be seen while a generation runs.
 */
export const E2E_IMAGE_PROVIDERS = {
  port: 12_112,
  openaiBaseUrl: 'http://127.0.0.1:12112/v1',
  openaiApiKey: 'sk-e2e-image-loopback',
  delayMs: 1_500,
} as const;
