import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../shared/components/Logo';
import { PRODUCT_NAME } from '../../auth/texts';
import { LANDING_TEXTS } from '../texts';

/** The landing footer: tagline, VIP Access (a browser navigation to /vip-login, spec §2, §7). */
export function LandingFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 5 }}>
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
        <Button href="/vip-login" variant="text" color="secondary" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {LANDING_TEXTS.vipAccess}
        </Button>
      </Container>
    </Box>
  );
}
