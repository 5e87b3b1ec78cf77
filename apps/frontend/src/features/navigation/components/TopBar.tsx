import type { PublicUser } from '@archlens/contracts/auth';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { navigationLinks, type NavLinkEntry } from '../../../app/route-table';
import { Logo } from '../../../shared/components/Logo';
import { useLoginHref } from '../../auth/hooks/use-login-href';
import { AUTH_PATHS, PRODUCT_NAME } from '../../auth/texts';
import { CLIPBOARD_TEXTS } from '../../working-clipboard/texts';
import { useWorkingClipboard } from '../../working-clipboard/working-clipboard-context';
import { NAVIGATION_TEXTS } from '../texts';
import { ProBadge, UserIdentity } from './NavIdentity';

const MobileMenuDrawer = lazy(() => import('./MobileMenuDrawer'));
// Spec §2, §6: signed in only; its own chunk, so the landing loads none of it.
const WhatsAppWidget = lazy(() => import('../../whatsapp/components/WhatsAppWidget'));

/**
 * The breakpoint from which the signed-in bar shows its links, the name and Sign Out in a row (lg).
 * Signed in, that row is wider than md gives, so from md it would run past the screen's right edge
 * and cut Sign Out off; from lg it fits, the first name (at most 160 px) giving way when it must.
 * Below lg the links are in the menu. Signed out the row is short and shows from md.
 */
const FULL_BAR_FROM = { signedIn: 'lg', signedOut: 'md' } as const;

/** What the bar offers a signed-out visitor besides Sign In (and Our Services when configured). */
const SIGNED_OUT_LINKS: NavLinkEntry[] = [
  { path: '/pricing', label: NAVIGATION_TEXTS.pricing, showProBadge: false },
  { path: '/vip-login', label: NAVIGATION_TEXTS.vipAccess, showProBadge: false },
];

/** The admin console's pages: the administrator's state is the console's (its own Logout), not a user's. */
const isAdminPath = (pathname: string) => pathname === '/admin' || pathname === '/admin-login';

interface MenuProps {
  user: PublicUser | null;
  name: string;
  links: NavLinkEntry[];
  servicesUrl: string | null;
  loginHref: string;
  fullBarFrom: 'md' | 'lg';
}

/** The menu button below the full bar's breakpoint; the drawer's code loads the first time it opens. */
function MobileMenu({ fullBarFrom, ...drawer }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <IconButton
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        aria-label={NAVIGATION_TEXTS.openMenu}
        aria-controls={open ? 'mobile-menu' : undefined}
        aria-expanded={open}
        aria-haspopup="dialog"
        sx={{ display: { xs: 'inline-flex', [fullBarFrom]: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} {...drawer} />
        </Suspense>
      )}
    </>
  );
}

/** Spec §2: signed in, the navigation bar opens the Working Clipboard (its label hides on phones). */
function ClipboardTrigger() {
  const { openWorkingClipboard } = useWorkingClipboard();
  return (
    <Button
      color="inherit"
      onClick={openWorkingClipboard}
      aria-label={CLIPBOARD_TEXTS.triggerLabel}
      sx={{ flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 1.5 }, gap: 0.75 }}
      data-testid="clipboard-trigger"
    >
      <ContentPasteOutlined fontSize="small" />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {CLIPBOARD_TEXTS.trigger}
      </Box>
    </Button>
  );
}

/** The logo, linking to / (spec §2). */
function HomeLink() {
  return (
    <Link
      component={RouterLink}
      to="/"
      aria-label={NAVIGATION_TEXTS.home}
      underline="none"
      sx={{ mr: 'auto', display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}
    >
      <Logo name={PRODUCT_NAME} />
    </Link>
  );
}

export interface TopBarProps {
  user: PublicUser | null;
  /** The external services page, or null when none is configured (then no 'Our Services'). */
  servicesUrl: string | null;
}

/**
 * The navigation bar: logo to /. Signed in: the links of the routed pages from the route table
 * (Create with a Pro badge when the subscription is not active), the Working Clipboard, WhatsApp
 * (in the bar below 1328 px, floating in the margin from there), the first name (or 'User') with
 * the profile image and the plan, and Sign Out (/api/logout). Signed out: Pricing, VIP Access, Our
 * Services when configured, and Sign In (/api/login, coming back to this page). Below the full
 * bar's breakpoint the links, the name and Sign Out move into a menu. On the admin console's pages
 * the bar says so and offers no user Sign In: the console's own Logout is the way out.
 */
export function TopBar({ user, servicesUrl }: TopBarProps) {
  const { pathname } = useLocation();
  const loginHref = useLoginHref();
  const name = user?.first_name.trim() || NAVIGATION_TEXTS.fallbackName;
  const signedIn = Boolean(user);
  const fullBarFrom = signedIn ? FULL_BAR_FROM.signedIn : FULL_BAR_FROM.signedOut;
  const links = signedIn ? navigationLinks({ signedIn, proActive: user?.subscription?.status === 'active' }) : SIGNED_OUT_LINKS;
  const inFullBar = { display: { xs: 'none', [fullBarFrom]: 'inline-flex' } } as const;

  if (isAdminPath(pathname)) {
    return (
      <AppBar position="sticky">
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 68 } }}>
            <HomeLink />
            <Chip label={NAVIGATION_TEXTS.adminConsole} variant="outlined" data-testid="admin-console-badge" />
          </Toolbar>
        </Container>
      </AppBar>
    );
  }

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 68 } }}>
          <HomeLink />
          <Box component="nav" aria-label={NAVIGATION_TEXTS.mainNavigation} sx={{ ...inFullBar, gap: 0.5, flexShrink: 0 }}>
            {links.map((link) => (
              <Button
                key={link.path}
                component={NavLink}
                to={link.path}
                color="inherit"
                sx={{ flexShrink: 0, '&.active': { color: 'primary.main', bgcolor: 'action.hover' } }}
              >
                {link.label}
                {link.showProBadge && <ProBadge />}
              </Button>
            ))}
            {!signedIn && servicesUrl && (
              <Button
                href={servicesUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={NAVIGATION_TEXTS.servicesLabel}
                color="inherit"
                sx={{ flexShrink: 0 }}
              >
                {NAVIGATION_TEXTS.services}
              </Button>
            )}
          </Box>
          {user && <ClipboardTrigger />}
          {user && (
            <Suspense fallback={null}>
              <WhatsAppWidget />
            </Suspense>
          )}
          {user && (
            // The only part of the bar that gives way: a long first name is cut short with an ellipsis.
            <Box sx={{ display: { xs: 'none', [fullBarFrom]: 'flex' }, minWidth: 0, flexShrink: 1 }}>
              <UserIdentity user={user} name={name} />
            </Box>
          )}
          <Button
            href={user ? AUTH_PATHS.logout : loginHref}
            variant="outlined"
            color="secondary"
            size="small"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', display: user ? inFullBar.display : 'inline-flex' }}
          >
            {user ? NAVIGATION_TEXTS.signOut : NAVIGATION_TEXTS.signIn}
          </Button>
          <MobileMenu user={user} name={name} links={links} servicesUrl={servicesUrl} loginHref={loginHref} fullBarFrom={fullBarFrom} />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
