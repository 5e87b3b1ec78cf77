/**
 * @jest-environment jsdom
 */
import type { PublicUser } from '@archlens/contracts/auth';
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { SiteFooter } from '../../../app/SiteFooter';
import { renderWithProviders } from '../../../testing/render-with-providers';
import MobileMenuDrawer from './MobileMenuDrawer';
import { UserIdentity } from './NavIdentity';
import { TopBar } from './TopBar';

const SERVICES = 'https://studio.example.com/services';
const SIGNED_OUT_LINKS = [
  { path: '/pricing', label: 'Pricing', showProBadge: false },
  { path: '/vip-login', label: 'VIP Access', showProBadge: false },
];

const vip: PublicUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'vip@example.com',
  first_name: 'Rem',
  last_name: 'Koolhaas',
  profile_image_url: null,
  emailVerified: true,
  passwordChangeRequired: false,
  subscription: { status: 'active', plan: 'unlimited', credits_remaining: 999_999, currentPeriodEnd: null },
};

function renderMenu(servicesUrl: string | null) {
  return renderWithProviders(
    <MobileMenuDrawer
      open
      onClose={jest.fn()}
      user={null}
      name="User"
      links={SIGNED_OUT_LINKS}
      servicesUrl={servicesUrl}
      loginHref="/api/login?next=%2Fpricing"
    />,
  );
}

describe('the signed-out phone menu', () => {
  it('lists what the desktop bar offers: Pricing, VIP Access and Sign In, coming back to this page', () => {
    renderMenu(null);
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pricing', 'VIP Access', 'Sign In']);
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fpricing');
    expect(within(menu).getByRole('link', { name: 'VIP Access' })).toHaveAttribute('href', '/vip-login');
  });

  it('adds Our Services, in a new tab, only when a services page is configured', () => {
    renderMenu(SERVICES);
    const services = screen.getByRole('link', { name: 'Our Services (opens in a new tab)' });
    expect(services).toHaveAttribute('href', SERVICES);
    expect(services).toHaveAttribute('target', '_blank');
  });

  it('has an accessible name on every control, Close menu included', () => {
    renderMenu(null);
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('offers no Our Services at all when none is configured', () => {
    renderWithProviders(<SiteFooter signedIn={false} servicesUrl={null} />);
    expect(screen.queryByText('Our Services')).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'VIP Access' })).toHaveAttribute('href', '/vip-login');
  });

  it('links Our Services when configured, signed in or out', () => {
    renderWithProviders(<SiteFooter signedIn servicesUrl={SERVICES} />);
    expect(screen.getByRole('link', { name: 'Our Services (opens in a new tab)' })).toHaveAttribute('href', SERVICES);
    expect(screen.queryByRole('link', { name: 'VIP Access' })).not.toBeInTheDocument();
  });
});

describe('the navigation bar', () => {
  it('offers no user Sign In on the admin console, and says where the administrator is', () => {
    for (const route of ['/admin', '/admin-login']) {
      const { unmount } = renderWithProviders(<TopBar user={null} servicesUrl={SERVICES} />, { route });
      expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
      expect(screen.getByText('Admin console')).toBeInTheDocument();
      unmount();
    }
  });

  it('signed out elsewhere, Sign In comes back to the page the visitor is on', () => {
    renderWithProviders(<TopBar user={null} servicesUrl={null} />, { route: '/pricing' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fpricing');
  });

  it("shows the VIP account's plan as VIP (unlimited) under the name", () => {
    renderWithProviders(<UserIdentity user={vip} name="Rem" />);
    expect(screen.getByTestId('user-first-name')).toHaveTextContent('Rem');
    expect(screen.getByTestId('user-plan')).toHaveTextContent('VIP (unlimited)');
  });
});
