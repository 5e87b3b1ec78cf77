/**
 * @jest-environment jsdom
 */
import type { PublicUser } from '@archlens/contracts/auth';
import { CLIPBOARD_STORAGE_KEY } from '@archlens/contracts/clipboard-text';
import { screen, within } from '@testing-library/react';
import { queryKeys } from '../../../api/query-keys';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { AnalysisResult } from '../api/analysis-api';
import { AnalysisResultCard } from './AnalysisResultCard';

const PRIMARY = 'A calm brick front, ordered in three bays and lifted on a recessed glazed base.';
const EXPANDED = '## Massing\n\nA long low block under a flat roof.\n\n## Materials\n\n- Brick in a stretcher bond';

const result: AnalysisResult = {
  id: '0f4b6b8e-2a51-4c1e-9d44-2f1b8f7f6a10',
  createdAt: '2026-11-24T10:30:00.000Z',
  imageCount: 2,
  engine: 'offline',
  model: 'archlens-offline',
  primaryDescription: PRIMARY,
  expandedDescription: EXPANDED,
  tags: ['brick', 'civic'],
};

beforeEach(() => window.localStorage.clear());

describe('AnalysisResultCard tabs (ResultTabs)', () => {
  it('opens on the Primary tab, with the Expanded panel hidden', () => {
    renderWithProviders(<AnalysisResultCard result={result} />);

    const tabs = within(screen.getByRole('tablist', { name: 'Analysis views' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Primary', 'Expanded']);
    expect(screen.getByRole('tab', { name: 'Primary' })).toHaveAttribute('aria-selected', 'true');

    const primary = screen.getByRole('tabpanel', { name: 'Primary' });
    expect(primary).toHaveTextContent(PRIMARY);
    expect(primary).toHaveTextContent('15 words');
    expect(screen.queryByRole('heading', { name: 'Massing' })).not.toBeInTheDocument();
  });

  it('switches to the Expanded tab and back', async () => {
    const { user } = renderWithProviders(<AnalysisResultCard result={result} />);

    await user.click(screen.getByRole('tab', { name: 'Expanded' }));
    expect(screen.getByRole('tab', { name: 'Expanded' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Primary' })).toHaveAttribute('aria-selected', 'false');
    const expanded = screen.getByRole('tabpanel', { name: 'Expanded' });
    expect(within(expanded).getByRole('heading', { name: 'Massing' })).toBeInTheDocument();
    expect(within(expanded).getByRole('listitem')).toHaveTextContent('Brick in a stretcher bond');
    expect(screen.queryByText(PRIMARY)).not.toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Primary' }));
    expect(screen.getByRole('tabpanel', { name: 'Primary' })).toHaveTextContent(PRIMARY);
    expect(screen.queryByRole('heading', { name: 'Massing' })).not.toBeInTheDocument();
  });

  it('copies the text of the tab shown', async () => {
    const { user } = renderWithProviders(<AnalysisResultCard result={result} />);
    const actions = screen.getByRole('toolbar', { name: 'Analysis actions' });

    await user.click(within(actions).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(PRIMARY);
    expect(await screen.findByRole('status')).toHaveTextContent('CopiedText copied to system clipboard.');

    await user.click(screen.getByRole('tab', { name: 'Expanded' }));
    await user.click(within(actions).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(EXPANDED);
  });

  it("adds the tab shown to the Working Clipboard under that tab's title", async () => {
    const { user } = renderWithProviders(<AnalysisResultCard result={result} />);

    await user.click(screen.getByRole('tab', { name: 'Expanded' }));
    await user.click(screen.getByRole('button', { name: 'Add to Clipboard' }));

    const stored = window.localStorage.getItem(CLIPBOARD_STORAGE_KEY) ?? '';
    expect(stored).toMatch(/——— Design Language Analysis \(Expanded\) · .* ———\n## Massing/);
    expect(await screen.findByRole('status')).toHaveTextContent('Added to Clipboard');
  });
});

describe('Email Text (Email Analysis Report)', () => {
  const signedIn: PublicUser = {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'lina@example.com',
    first_name: 'Lina',
    last_name: 'Bo Bardi',
    profile_image_url: null,
    emailVerified: true,
    passwordChangeRequired: false,
    subscription: null,
  };

  it("opens prefilled with the signed-in user's name and address, each of which can be changed", async () => {
    const { user, queryClient } = renderWithProviders(<AnalysisResultCard result={result} />);
    queryClient.setQueryData(queryKeys.authUser, signedIn);

    await user.click(screen.getByRole('button', { name: 'Email Text' }));
    const dialog = screen.getByRole('dialog', { name: 'Email Analysis Report' });
    const field = (label: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
    expect(field('First Name')).toHaveValue('Lina');
    expect(field('Last Name')).toHaveValue('Bo Bardi');
    expect(field('Email Address')).toHaveValue('lina@example.com');
    expect(within(dialog).getByRole('button', { name: 'Send Analysis' })).toBeEnabled();

    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'client@example.com');
    expect(field('Email Address')).toHaveValue('client@example.com');
    expect(field('First Name')).toHaveValue('Lina');
  });
});
