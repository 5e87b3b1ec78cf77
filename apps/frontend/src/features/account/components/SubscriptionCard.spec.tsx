/**
 * @jest-environment jsdom
 */
import type { Subscription } from '@archlens/contracts/auth';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SubscriptionCard } from './SubscriptionCard';

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  status: 'active',
  plan: 'monthly',
  credits_remaining: 200,
  currentPeriodEnd: null,
  ...overrides,
});

describe('/account subscription card', () => {
  it('names the VIP plan and offers no billing portal, saying there is none to manage', () => {
    renderWithProviders(<SubscriptionCard subscription={subscription({ plan: 'unlimited', credits_remaining: 999_999 })} />);
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('PRO');
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('VIP (unlimited)');
    expect(screen.getByTestId('subscription-vip-note')).toHaveTextContent(
      'Your VIP access includes every Pro tool with unlimited credits. There is no billing to manage.',
    );
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('offers a Pro subscriber Manage billing, and a free user the plans', () => {
    const { unmount } = renderWithProviders(<SubscriptionCard subscription={subscription({ plan: 'yearly' })} />);
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Pro Yearly');
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(screen.queryByTestId('subscription-vip-note')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<SubscriptionCard subscription={null} />);
    expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Free');
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
  });
});
