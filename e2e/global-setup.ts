import { startFakeImageProviders } from '../tests/support/fake-image-providers.server';
import { startFakeStripe } from '../tests/support/fake-stripe.server';
import { E2E_APP_URL, E2E_IMAGE_PROVIDERS, E2E_STRIPE } from './loopback-services';

/**
 * Starts the loopback third-party servers of the end-to-end run before any test (Stripe, and the
 * image providers of /create), and returns the teardown Playwright calls once every test has finished.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stripe = await startFakeStripe({ apiKey: E2E_STRIPE.secretKey, appUrl: E2E_APP_URL, port: E2E_STRIPE.port });
  const imageProviders = await startFakeImageProviders({ port: E2E_IMAGE_PROVIDERS.port, delayMs: E2E_IMAGE_PROVIDERS.delayMs });
  return async () => {
    await Promise.all([stripe.close(), imageProviders.close()]);
  };
}
