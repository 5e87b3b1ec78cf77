import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSignInDialog } from '../../auth/sign-in-dialog-context';
import { LANDING_TEXTS } from '../texts';

/** The plain signed-out landing: product name, one line of copy, FREE SIGN IN. */
export function Landing() {
  const { openSignInDialog } = useSignInDialog();
  return (
    <Box
      component="main"
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        // A faint drafting grid, the only ornament.
        backgroundImage:
          'linear-gradient(rgba(47,93,90,0.05) 1px, transparent 1px), linear-gradient(90deg, rgba(47,93,90,0.05) 1px, transparent 1px)',
        backgroundSize: '48px 48px',
        backgroundPosition: 'center',
      }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
        <Typography variant="overline" component="p">
          {LANDING_TEXTS.eyebrow}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '3rem', md: '4.2rem' }, mt: 1 }}>
          {LANDING_TEXTS.title}
        </Typography>
        <Typography variant="subtitle1" sx={{ mt: 2.5, mx: 'auto', maxWidth: 620, fontSize: { xs: '1.05rem', md: '1.2rem' } }}>
          {LANDING_TEXTS.copy}
        </Typography>
        <Button variant="contained" size="large" sx={{ mt: 4.5, px: 5 }} onClick={() => openSignInDialog('signin')}>
          {LANDING_TEXTS.cta}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {LANDING_TEXTS.note}
        </Typography>
      </Container>
    </Box>
  );
}
