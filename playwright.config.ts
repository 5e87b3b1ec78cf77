import { defineConfig } from '@playwright/test';
import { E2E_IMAGE_PROVIDERS, E2E_PORT, E2E_SLOT, E2E_STATE_DIR, E2E_STRIPE } from './e2e/loopback-services';

/**
 * End-to-end tests (`e2e/*.e2e-spec.ts`) in Debian's Chromium (never a downloaded browser) against
 * the app started exactly as `npm start` starts it, on its own port, database and Redis database.
 */
const PORT = E2E_PORT;
/**
 * Redis databases of the runs by slot, chosen clear of every other user of the machine's Redis: 0 is
 * `npm start`'s, 15 the integration tests' (10 and 11 their side-by-side runs), and the benchmarks
 * take 2 to 6, 9 and 13 (docs/performance.md).
 */
const REDIS_DB = [14, 1, 7, 8, 12][E2E_SLOT];
/** The admin password of the end-to-end app (`ADMIN_PASSWORD`, local starts only); tests import it. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e-spec.ts',
  // Loopback servers speaking the third-party APIs (fixed ports: see e2e/loopback-services.ts).
  globalSetup: './e2e/global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: E2E_SLOT === 0 ? 'test-results' : `test-results/slot-${E2E_SLOT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT: String(PORT),
      ARCHLENS_LOCAL_DB: E2E_SLOT === 0 ? 'archlens_e2e' : `archlens_e2e_${E2E_SLOT}`,
      ARCHLENS_LOCAL_REDIS_DB: String(REDIS_DB),
      ARCHLENS_LOCAL_PG_PORT: String(54_339 + E2E_SLOT),
      ARCHLENS_LOCAL_REDIS_PORT: String(63_791 + E2E_SLOT),
      ARCHLENS_LOCAL_S3_PORT: String(9100 + E2E_SLOT),
      ARCHLENS_LOCAL_FRESH: '1',
      ARCHLENS_STATE_DIR: E2E_STATE_DIR,
      OPENAI_API_KEY: '',
      // Every journey signs up or signs in from 127.0.0.1 within the hour; the per-address limits
      // (tested on their own in tests/security) would refuse the later ones.
      RATE_LIMIT_SIGN_UP_PER_IP: '1000',
      RATE_LIMIT_SIGN_IN_PER_IP: '1000',
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '1000',
      RATE_LIMIT_ADMIN_LOGIN_PER_IP: '1000',
      RATE_LIMIT_VIP_LOGIN_PER_IP: '1000',
      // The admin journeys sign in with this password (start.mjs hashes it; ADMIN_USERNAME stays `admin`).
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      RATE_LIMIT_EMAIL_ANALYSIS_PER_USER: '1000',
      RATE_LIMIT_EMAIL_CLIPBOARD_PER_USER: '1000',
      RATE_LIMIT_EMAILS_PER_RECIPIENT: '1000',
      // Checkout and webhooks against the loopback Stripe of e2e/global-setup.ts.
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_BASE: E2E_STRIPE.apiBase,
      APP_URL: `http://localhost:${PORT}`,
      // /create's openai provider against the loopback image providers of e2e/global-setup.ts.
      GENERATION_OPENAI_API_KEY: E2E_IMAGE_PROVIDERS.openaiApiKey,
      GENERATION_OPENAI_BASE_URL: E2E_IMAGE_PROVIDERS.openaiBaseUrl,
    },
  },
});
