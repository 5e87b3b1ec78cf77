/**
 * The end-to-end app's address and the loopback stand-ins of third-party APIs it talks to
 * (e2e/global-setup.ts starts them; playwright.config.ts points the app at them). Fixed ports,
 * because the app's environment is written before the servers start. `E2E_SLOT` (0 unless set, up
 * to 4) moves every port, database and state folder of a run, so that several checkouts or
 * sessions can run their end-to-end suites side by side.
 */
export const E2E_SLOT = Math.min(4, Math.max(0, Number(process.env.E2E_SLOT ?? 0) || 0));

/** The app's state folder (keys, outbox, services.json), relative to the repository: `ARCHLENS_STATE_DIR` of playwright.config.ts. */
export const E2E_STATE_DIR = E2E_SLOT === 0 ? '.local/e2e' : `.local/e2e-${E2E_SLOT}`;

/** The port of the end-to-end app. */
export const E2E_PORT = 3100 + E2E_SLOT * 10;
export const E2E_APP_URL = `http://localhost:${E2E_PORT}`;

/** A loopback server speaking Stripe's API (tests/support/fake-stripe.server.ts). */
export const E2E_STRIPE = {
  port: 12_111 + E2E_SLOT * 10,
  apiBase: `http://127.0.0.1:${12_111 + E2E_SLOT * 10}`,
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
  port: 12_112 + E2E_SLOT * 10,
  openaiBaseUrl: `http://127.0.0.1:${12_112 + E2E_SLOT * 10}/v1`,
  openaiApiKey: 'sk-e2e-image-loopback',
  delayMs: 1_500,
} as const;

/**
 * Style descriptions the loopback image providers answer in a set way (e2e/global-setup.ts), so
 * that a test can choose what its renders look like: `sketchItself` gets the fixture sketch
 * `sketch` back, fitted into the size asked (a render that kept every line); `unrelatedPhoto` the
 * fixture photo `photo` (a render that lost the sketch's geometry). Any other style gets a plain
 * made-up picture.
 */
export const E2E_IMAGE_ANSWERS = {
  sketchItself: { style: 'Exactly as drawn: a white elevation in fine black lines, nothing added.', sketch: 'house-facade.png' },
  unrelatedPhoto: { style: 'A glass exhibition hall on a wide plaza, seen from across the square.', photo: 'utrecht-jaarbeurs.jpg' },
} as const;
