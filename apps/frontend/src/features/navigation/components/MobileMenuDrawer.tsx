import type { PublicUser } from '@archlens/contracts/auth';
import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import type { NavLinkEntry } from '../../../app/route-table';
import { AUTH_PATHS } from '../../auth/texts';
import { NAVIGATION_TEXTS } from '../texts';
import { ProBadge, UserIdentity } from './NavIdentity';

export interface MobileMenuDrawerProps {
  open: boolean;
  onClose: () => void;
  user: PublicUser | null;
  /** The first name, or 'User'. */
  name: string;
  /** The pages linked: signed in, the navigation bar's; signed out, Pricing and VIP Access. */
  links: NavLinkEntry[];
  /** The external services page, or null when none is configured (then no 'Our Services'). */
  servicesUrl: string | null;
  /** Where Sign In goes: /api/login, coming back to this page. */
  loginHref: string;
}

const linkText = { primary: { sx: { fontWeight: 600 } } } as const;

/**
 * The mobile menu (spec §2, below the width at which the bar shows everything): a panel from the
 * top right, as tall as what it holds. Signed in: the identity with the plan, the links, Our
 * Services when configured and Sign Out; signed out: Pricing, VIP Access, Our Services when
 * configured and Sign In, as the desktop bar offers them. A modal: focus stays inside while it is
 * open and returns to the menu button after, and Escape or a click outside closes it. Its own
 * chunk, loaded when the menu first opens, so the landing does not load the drawer and its modal.
 */
export default function MobileMenuDrawer({ open, onClose: close, user, name, links, servicesUrl, loginHref }: MobileMenuDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          id: 'mobile-menu',
          // Sized to what it holds, not the screen's height; it scrolls should a short screen cut it.
          sx: { width: 280, maxWidth: '85vw', height: 'auto', maxHeight: '100%', bottom: 'auto', borderBottomLeftRadius: 12 },
        },
      }}
    >
      <Box component="nav" aria-label={NAVIGATION_TEXTS.mainNavigation} sx={{ display: 'flex', flexDirection: 'column' }}>
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
        <List>
          {links.map((link) => (
            <ListItem key={link.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={link.path}
                onClick={close}
                sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
              >
                <ListItemText primary={link.label} slotProps={linkText} />
                {link.showProBadge && <ProBadge />}
              </ListItemButton>
            </ListItem>
          ))}
          {servicesUrl && (
            <ListItem disablePadding>
              <ListItemButton
                component="a"
                href={servicesUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={NAVIGATION_TEXTS.servicesLabel}
                onClick={close}
              >
                <ListItemText primary={NAVIGATION_TEXTS.services} slotProps={linkText} />
                <OpenInNew fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          )}
        </List>
        <Divider />
        <Box sx={{ p: 2 }}>
          <Button href={user ? AUTH_PATHS.logout : loginHref} variant="outlined" color="secondary" fullWidth>
            {user ? NAVIGATION_TEXTS.signOut : NAVIGATION_TEXTS.signIn}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
