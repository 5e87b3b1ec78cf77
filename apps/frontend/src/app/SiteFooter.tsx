import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../features/auth/texts';
import { LANDING_TEXTS } from '../features/landing/texts';
import { NAVIGATION_TEXTS } from '../features/navigation/texts';
import { Logo } from '../shared/components/Logo';

export interface SiteFooterProps {
  signedIn: boolean;
  /** The external services page, or null when none is configured (then no 'Our Services'). */
  servicesUrl: string | null;
}

/**
 * The footer of every page: tagline and copyright; Our Services (spec §2: the external services
 * page in a new tab), only when the deployment names one; signed out, VIP Access (/vip-login,
 * spec §2 landing). In the page's flow, so it never covers anything.
 */
export function SiteFooter({ signedIn, servicesUrl }: SiteFooterProps) {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 5, mt: 'auto' }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          justifyContent: 'space-between',
          alignItems: { sm: 'center' },
        }}
      >
        <Box>
          <Logo name={PRODUCT_NAME} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 460 }}>
            {LANDING_TEXTS.footerTagline}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {LANDING_TEXTS.copyright(new Date().getFullYear())}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: { xs: -1, sm: 0 } }}>
          {servicesUrl && (
            <Button
              href={servicesUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={NAVIGATION_TEXTS.servicesLabel}
              color="secondary"
              endIcon={<OpenInNew fontSize="small" aria-hidden />}
              data-testid="services-link"
            >
              {NAVIGATION_TEXTS.services}
            </Button>
          )}
          {!signedIn && (
            <Button component={RouterLink} to="/vip-login" color="secondary">
              {LANDING_TEXTS.vipAccess}
            </Button>
          )}
        </Box>
      </Container>
    </Box>
  );
}
