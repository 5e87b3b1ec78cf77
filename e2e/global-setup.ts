import { startFakeImageProviders } from '../tests/support/fake-image-providers.server';
import { startFakeStripe } from '../tests/support/fake-stripe.server';
import { fixturePhoto, fixtureSketch } from '../tests/support/images';
import { E2E_APP_URL, E2E_IMAGE_ANSWERS, E2E_IMAGE_PROVIDERS, E2E_STRIPE } from './loopback-services';

/**
 * Starts the loopback third-party servers of the end-to-end run before any test (Stripe, and the
 * image providers of /create), and returns the teardown Playwright calls once every test has finished.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stripe = await startFakeStripe({ apiKey: E2E_STRIPE.secretKey, appUrl: E2E_APP_URL, port: E2E_STRIPE.port });
  const imageProviders = await startFakeImageProviders({ port: E2E_IMAGE_PROVIDERS.port, delayMs: E2E_IMAGE_PROVIDERS.delayMs });
  // OpenAI renders of a generation whose prompt carries one of these styles are that picture, for every test of the run.
  const { sketchItself, unrelatedPhoto } = E2E_IMAGE_ANSWERS;
  for (const [style, picture] of [
    [sketchItself.style, fixtureSketch(sketchItself.sketch)],
    [unrelatedPhoto.style, fixturePhoto(unrelatedPhoto.photo)],
  ] as const) {
    imageProviders.rule({
      provider: 'openai',
      match: (request) => (request.fields.prompt ?? []).some((prompt) => prompt.includes(style)),
      behaviour: { kind: 'answer', picture },
      times: Number.POSITIVE_INFINITY,
    });
  }
  return async () => {
    await Promise.all([stripe.close(), imageProviders.close()]);
  };
}
