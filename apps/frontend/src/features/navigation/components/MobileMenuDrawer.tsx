import type { PublicUser } from '@archlens/contracts/auth';
import Close from '@mui/icons-material/Close';
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
  links: NavLinkEntry[];
}

/**
 * The mobile menu (spec §2, below the lg breakpoint): the links, the signed-in identity and Sign
 * In / Sign Out in a drawer from the right. Its own chunk, loaded when the menu first opens, so the
 * landing does not load the drawer and its modal.
 */
export default function MobileMenuDrawer({ open, onClose: close, user, name, links }: MobileMenuDrawerProps) {
  return (
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
  );
}
