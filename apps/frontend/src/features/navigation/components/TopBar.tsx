import type { PublicUser } from '@archlens/contracts/auth';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../../shared/components/Logo';
import { AUTH_PATHS, PRODUCT_NAME } from '../../auth/texts';
import { NAVIGATION_TEXTS } from '../texts';

/**
 * The minimal top bar: logo to /, and when signed in a link to /analyse, the user's first name
 * and Sign Out (a browser navigation to /api/logout). Signed out: Sign In (to /api/login).
 */
export function TopBar({ user }: { user: PublicUser | null }) {
  const name = user?.first_name.trim() || NAVIGATION_TEXTS.fallbackName;
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
            <Logo name={PRODUCT_NAME} compact={Boolean(user)} />
          </Link>
          {user ? (
            <>
              <Box component="nav" aria-label={NAVIGATION_TEXTS.mainNavigation} sx={{ flexShrink: 0 }}>
                <Button
                  component={NavLink}
                  to="/analyse"
                  color="inherit"
                  sx={{ flexShrink: 0, '&.active': { color: 'primary.main', bgcolor: 'action.hover' } }}
                >
                  {NAVIGATION_TEXTS.analyse}
                </Button>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} title={NAVIGATION_TEXTS.signedInAs(name)}>
                <Avatar
                  src={user.profile_image_url ?? undefined}
                  alt=""
                  sx={{
                    display: { xs: 'none', sm: 'flex' },
                    width: 30,
                    height: 30,
                    fontSize: '0.9rem',
                    bgcolor: 'primary.light',
                  }}
                >
                  {name.charAt(0).toUpperCase()}
                </Avatar>
                <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: { xs: 96, sm: 160 } }} data-testid="user-first-name">
                  {name}
                </Typography>
              </Box>
              <Button
                href={AUTH_PATHS.logout}
                variant="outlined"
                color="secondary"
                size="small"
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {NAVIGATION_TEXTS.signOut}
              </Button>
            </>
          ) : (
            <Button href={AUTH_PATHS.login} variant="outlined" color="secondary" size="small" sx={{ whiteSpace: 'nowrap' }}>
              {NAVIGATION_TEXTS.signIn}
            </Button>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
