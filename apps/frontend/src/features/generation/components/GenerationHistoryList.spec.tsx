/**
 * @jest-environment jsdom
 */
import type { GenerationHistoryItem } from '@archlens/contracts/generation';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { GenerationHistoryList } from './GenerationHistoryList';

const RENDERED: GenerationHistoryItem = {
  id: '6d1f3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d',
  status: 'succeeded',
  creditsSpent: 20,
  createdAt: '2026-11-24T10:30:00.000Z',
  provider: 'openai',
  imageCount: 2,
};
const WORKFLOW: GenerationHistoryItem = {
  id: '7e2a4d3b-9c5f-4a7b-8d2e-3f4a5b6c7d8e',
  status: 'succeeded',
  creditsSpent: 0,
  createdAt: '2026-11-23T09:00:00.000Z',
  provider: 'midjourney',
  imageCount: 0,
};

describe('Recent Activity items (GenerationHistoryList)', () => {
  it('opens a finished image generation from the keyboard, showing its renders with their downloads', async () => {
    const { user } = renderWithProviders(<GenerationHistoryList items={[RENDERED, WORKFLOW]} />);

    await user.tab();
    const first = screen.getByRole('button', { name: /^Open generation: Completed, OpenAI · 2 images, / });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'OpenAI generation' });
    const renders = within(dialog).getAllByRole('img');
    expect(renders.map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual([
      ['Render 1', `/api/download/${RENDERED.id}/0`],
      ['Render 2', `/api/download/${RENDERED.id}/1`],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Download render 2' })).toHaveAttribute('href', `/api/download/${RENDERED.id}/1`);
    expect(within(dialog).getByRole('link', { name: 'Open Image Generation' })).toHaveAttribute('href', '/create');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a workflow, which has no images, with what it is and the way to Image Generation', async () => {
    const { user } = renderWithProviders(<GenerationHistoryList items={[RENDERED, WORKFLOW]} />);

    await user.click(screen.getByRole('button', { name: /^Open generation: Completed, Midjourney workflow, / }));
    const dialog = screen.getByRole('dialog', { name: 'Midjourney generation' });
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('A Midjourney workflow gives a prompt to use in Midjourney rather than images.');
  });
});
