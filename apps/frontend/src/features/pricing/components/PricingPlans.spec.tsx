/**
 * @jest-environment jsdom
 */
import type { PublicUser, Subscription } from '@archlens/contracts/auth';
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PricingPlans } from './PricingPlans';

const user = (subscription: Subscription | null): PublicUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  profile_image_url: null,
  emailVerified: true,
  passwordChangeRequired: false,
  subscription,
});

const proCards = () => ['monthly', 'yearly'].map((plan) => within(screen.getByTestId(`pricing-plan-${plan}`)).getByRole('button'));

describe('/pricing plans', () => {
  it('prices the three cards in one currency', () => {
    renderWithProviders(<PricingPlans user={null} />);
    expect(['free', 'monthly', 'yearly'].map((plan) => screen.getByTestId(`pricing-${plan}-price`).textContent)).toEqual([
      '0 SGD',
      '49.99 SGD',
      '499 SGD',
    ]);
  });

  it('offers the VIP neither Pro plan, as no Current Plan, and says why in one line', async () => {
    const vip = user({ status: 'active', plan: 'unlimited', credits_remaining: 999_999, currentPeriodEnd: null });
    const { user: person } = renderWithProviders(<PricingPlans user={vip} />);

    expect(screen.getByTestId('pricing-vip-note')).toHaveTextContent(
      'Your VIP access already includes every Pro tool with unlimited credits, so there is no plan to buy.',
    );
    expect(screen.queryByText('Current Plan')).not.toBeInTheDocument();
    for (const button of proCards()) {
      expect(button).toHaveTextContent('Included with VIP access');
      expect(button).toBeDisabled();
    }
    // A disabled button takes no click (user-event refuses it): nothing reaches checkout.
    const fetch = jest.fn<typeof globalThis.fetch>();
    globalThis.fetch = fetch;
    await expect(person.click(proCards()[0])).rejects.toThrow(/pointer-events: none/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps Current Plan on a Pro subscriber's own plan only, with no VIP line", () => {
    renderWithProviders(
      <PricingPlans user={user({ status: 'active', plan: 'yearly', credits_remaining: 2400, currentPeriodEnd: null })} />,
    );
    const [monthly, yearly] = proCards();
    expect(monthly).toHaveTextContent('Choose Pro Monthly');
    expect(monthly).toBeEnabled();
    expect(yearly).toHaveTextContent('Current Plan');
    expect(yearly).toBeDisabled();
    expect(screen.queryByTestId('pricing-vip-note')).not.toBeInTheDocument();
  });
});
