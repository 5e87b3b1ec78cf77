import type { PublicUser } from '@archlens/contracts/auth';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { navigationLinks, type NavLinkEntry } from '../../../app/route-table';
import { Logo } from '../../../shared/components/Logo';
import { AUTH_PATHS, PRODUCT_NAME } from '../../auth/texts';
import { CLIPBOARD_TEXTS } from '../../working-clipboard/texts';
import { useWorkingClipboard } from '../../working-clipboard/working-clipboard-context';
import { NAVIGATION_TEXTS } from '../texts';
import { ProBadge, UserIdentity } from './NavIdentity';

const MobileMenuDrawer = lazy(() => import('./MobileMenuDrawer'));

/**
 * The breakpoint from which the signed-in bar shows its links, the name and Sign Out in a row (lg).
 * Signed in, that row is wider than md gives, so from md it would run past the screen's right edge
 * and cut Sign Out off; from lg it fits, the first name (at most 160 px) giving way when it must.
 * Below lg the links are in the menu.
 */
const FULL_BAR_FROM = 'lg';

/** The menu button below {@link FULL_BAR_FROM}; the drawer's code loads the first time it opens. */
function MobileMenu({ user, name, links }: { user: PublicUser | null; name: string; links: NavLinkEntry[] }) {
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
        sx={{ display: { xs: 'inline-flex', [FULL_BAR_FROM]: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} user={user} name={name} links={links} />
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

/**
 * The navigation bar: logo to /; signed in, the links of the routed pages from the
 * route table (Create with a Pro badge when the subscription is not active), the first name (or
 * 'User') with the profile image, and Sign Out (/api/logout); signed out, Sign In (/api/login).
 * Below {@link FULL_BAR_FROM} the links, the name and Sign Out move into a drawer menu.
 */
export function TopBar({ user }: { user: PublicUser | null }) {
  const name = user?.first_name.trim() || NAVIGATION_TEXTS.fallbackName;
  const links = navigationLinks({ signedIn: Boolean(user), proActive: user?.subscription?.status === 'active' });
  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 68 } }}>
          <Link
            component={RouterLink}
            to="/"
            aria-label={NAVIGATION_TEXTS.home}
            underline="none"
            sx={{ mr: 'auto', display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}
          >
            <Logo name={PRODUCT_NAME} />
          </Link>
          {user && (
            <Box
              component="nav"
              aria-label={NAVIGATION_TEXTS.mainNavigation}
              sx={{ display: { xs: 'none', [FULL_BAR_FROM]: 'flex' }, gap: 0.5, flexShrink: 0 }}
            >
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
            </Box>
          )}
          {user && <ClipboardTrigger />}
          {user && (
            // The only part of the bar that gives way: a long first name is cut short with an ellipsis.
            <Box sx={{ display: { xs: 'none', [FULL_BAR_FROM]: 'flex' }, minWidth: 0, flexShrink: 1 }}>
              <UserIdentity user={user} name={name} />
            </Box>
          )}
          <Button
            href={user ? AUTH_PATHS.logout : AUTH_PATHS.login}
            variant="outlined"
            color="secondary"
            size="small"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', display: user ? { xs: 'none', [FULL_BAR_FROM]: 'inline-flex' } : 'inline-flex' }}
          >
            {user ? NAVIGATION_TEXTS.signOut : NAVIGATION_TEXTS.signIn}
          </Button>
          <MobileMenu user={user} name={name} links={links} />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
