/**
 * @jest-environment jsdom
 */
import type { GenerateResponse } from '@archlens/contracts/generation';
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ImageResults } from './ImageResults';

const JOB_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const result = (freeRetry: GenerateResponse['freeRetry']): GenerateResponse => ({
  jobId: JOB_ID,
  images: [{ url: `/api/download/${JOB_ID}/0`, index: 0, seed: 4242, fidelity: 23, geometryDrift: true, overlayUrl: null }],
  seed: 4242,
  creditsUsed: 15,
  metadata: {
    provider: 'stability-ai',
    integratedWorkflow: false,
    sketchInfluence: 75,
    prompt: 'A prompt.',
    aspectRatio: '16:9',
    model: 'sketch',
    size: null,
    seedSupported: true,
    providerMs: 10,
    durationMs: 20,
  },
  freeRetry,
});

function renderResults(freeRetry: GenerateResponse['freeRetry'], onRetryFree?: () => void) {
  renderWithProviders(
    <ImageResults
      result={result(freeRetry)}
      createdAt="2026-11-27T08:00:00.000Z"
      sketchSrc="blob:sketch"
      pending={false}
      reveal={false}
      onVariations={() => undefined}
      onRegenerateWithSeed={() => undefined}
      onRetryFree={onRetryFree}
    />,
  );
}

describe('ImageResults: Retry free', () => {
  it('shows Retry free beside a render marked geometry drift while the generation offers it', () => {
    renderResults('offered', jest.fn());
    expect(screen.getByTestId('sketch-fidelity')).toHaveTextContent('Geometry drift');
    expect(screen.getByRole('button', { name: 'Retry free' })).toBeEnabled();
  });

  it('shows no Retry free once it has been used', () => {
    renderResults('used', jest.fn());
    expect(screen.getByTestId('sketch-fidelity')).toHaveTextContent('Geometry drift');
    expect(screen.queryByRole('button', { name: 'Retry free' })).toBeNull();
  });
});
