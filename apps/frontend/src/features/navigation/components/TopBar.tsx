import type { PublicUser } from '@archlens/contracts/auth';
import Close from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { navigationLinks, type NavLinkEntry } from '../../../app/route-table';
import { Logo } from '../../../shared/components/Logo';
import { AUTH_PATHS, PRODUCT_NAME } from '../../auth/texts';
import { NAVIGATION_TEXTS } from '../texts';

function ProBadge() {
  return (
    <Chip
      label={NAVIGATION_TEXTS.proBadge}
      size="small"
      color="primary"
      sx={{ height: 18, fontSize: '0.68rem', fontWeight: 700, ml: 0.75 }}
    />
  );
}

function UserIdentity({ user, name }: { user: PublicUser; name: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} title={NAVIGATION_TEXTS.signedInAs(name)}>
      <Avatar src={user.profile_image_url ?? undefined} alt="" sx={{ width: 30, height: 30, fontSize: '0.9rem', bgcolor: 'primary.light' }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 160 }} data-testid="user-first-name">
        {name}
      </Typography>
    </Box>
  );
}

function MobileMenu({ user, name, links }: { user: PublicUser | null; name: string; links: NavLinkEntry[] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <IconButton
        onClick={() => setOpen(true)}
        aria-label={NAVIGATION_TEXTS.openMenu}
        aria-controls={open ? 'mobile-menu' : undefined}
        aria-expanded={open}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { id: 'mobile-menu', sx: { width: 280 } } }}>
        <Box component="nav" aria-label={NAVIGATION_TEXTS.mainNavigation} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
            <Typography variant="h6" component="p">
              {NAVIGATION_TEXTS.menu}
            </Typography>
            <IconButton onClick={close} aria-label={NAVIGATION_TEXTS.closeMenu}>
              <Close />
            </IconButton>
          </Box>
          <Divider />
          {user && (
            <Box sx={{ px: 2, py: 2 }}>
              <UserIdentity user={user} name={name} />
            </Box>
          )}
          <List sx={{ flex: 1 }}>
            {links.map((link) => (
              <ListItem key={link.path} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={link.path}
                  onClick={close}
                  sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
                >
                  <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                  {link.showProBadge && <ProBadge />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <Box sx={{ p: 2 }}>
            <Button href={user ? AUTH_PATHS.logout : AUTH_PATHS.login} variant="outlined" color="secondary" fullWidth>
              {user ? NAVIGATION_TEXTS.signOut : NAVIGATION_TEXTS.signIn}
            </Button>
          </Box>
        </Box>
      </Drawer>
    </>
  );
}

/**
 * The navigation bar (spec §2): logo to /; signed in, the links of the routed pages from the
 * route table (Create with a Pro badge when the subscription is not active), the first name (or
 * 'User') with the profile image, and Sign Out (/api/logout); signed out, Sign In (/api/login).
 * Below the md breakpoint the links, the name and Sign Out move into a drawer menu.
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
            sx={{ mr: 'auto', display: 'inline-flex', alignItems: 'center' }}
          >
            <Logo name={PRODUCT_NAME} />
          </Link>
          {user && (
            <Box component="nav" aria-label={NAVIGATION_TEXTS.mainNavigation} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
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
          {user && (
            <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
              <UserIdentity user={user} name={name} />
            </Box>
          )}
          <Button
            href={user ? AUTH_PATHS.logout : AUTH_PATHS.login}
            variant="outlined"
            color="secondary"
            size="small"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', display: user ? { xs: 'none', md: 'inline-flex' } : 'inline-flex' }}
          >
            {user ? NAVIGATION_TEXTS.signOut : NAVIGATION_TEXTS.signIn}
          </Button>
          <MobileMenu user={user} name={name} links={links} />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
