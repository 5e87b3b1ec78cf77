import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useLoginHref } from '../../auth/hooks/use-login-href';
import { useSignInDialog } from '../../auth/sign-in-dialog-context';
import { useCapabilities } from '../../capabilities/hooks/use-capabilities';
import { HeroVideo } from '../../hero-video/components/HeroVideo';
import { ToolCards } from '../../home/components/ToolCards';
import { TryFreePanel } from '../../home/components/TryFreePanel';
import { LANDING_TEXTS } from '../texts';
import { LandingSection } from './LandingSection';
import { PricingSection } from './PricingSection';

function Hero() {
  const { openSignInDialog } = useSignInDialog();
  const loginHref = useLoginHref();
  return (
    <Box
      sx={{
        // A faint drafting grid behind the hero, the only ornament.
        backgroundImage:
          'linear-gradient(rgba(47,93,90,0.05) 1px, transparent 1px), linear-gradient(90deg, rgba(47,93,90,0.05) 1px, transparent 1px)',
        backgroundSize: '48px 48px',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 5, md: 10 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          gap: { xs: 4, md: 6 },
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography variant="overline" component="p">
            {LANDING_TEXTS.eyebrow}
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.3rem', md: '3.2rem' }, mt: 1 }}>
            {LANDING_TEXTS.title}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 2, fontSize: { xs: '1.02rem', md: '1.12rem' } }}>
            {LANDING_TEXTS.copy}
          </Typography>
          <Box sx={{ mt: 4, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" size="large" onClick={() => openSignInDialog('signin')}>
              {LANDING_TEXTS.cta}
            </Button>
            <Button variant="outlined" size="large" href={loginHref}>
              {LANDING_TEXTS.tryFreeAnalysis}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {LANDING_TEXTS.note}
          </Typography>
        </Box>
        <HeroVideo />
      </Container>
    </Box>
  );
}

/** The feature cards; the analysis card says who writes the analyses on this server (`GET /api/capabilities`). */
function Features() {
  const { analysisEngine } = useCapabilities();
  const loginHref = useLoginHref();
  return (
    <LandingSection id="features" eyebrow={LANDING_TEXTS.featuresEyebrow} title={LANDING_TEXTS.featuresTitle} tinted>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2.5 }}>
        {LANDING_TEXTS.features(analysisEngine).map((feature) => (
          <Card key={feature.title} component="article" sx={{ bgcolor: 'background.default' }}>
            <CardContent sx={{ p: 3 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                <Typography variant="h4" component="h3">
                  {feature.title}
                </Typography>
                {'pro' in feature && <Chip label={LANDING_TEXTS.proBadge} size="small" color="primary" />}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.25 }} data-testid="landing-feature-copy">
                {feature.copy}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Button variant="outlined" href={loginHref} sx={{ mt: 4 }}>
        {LANDING_TEXTS.viewProFeatures}
      </Button>
    </LandingSection>
  );
}

/**
 * The signed-out landing: hero with the looping video, features, the home's tool cards as a
 * signed-out visitor sees them with the 'Try Our AI Tools for Free' panel, and pricing (the footer
 * is the app's, on every page). Every call to action but FREE SIGN IN (which opens the dialog at
 * once) is a browser navigation to /api/login, which comes back to this address.
 */
export function Landing() {
  return (
    <Box component="main" sx={{ flex: 1 }}>
      <Hero />
      <Features />
      <LandingSection id="tools" eyebrow={LANDING_TEXTS.toolsEyebrow} title={LANDING_TEXTS.toolsTitle}>
        <ToolCards signedIn={false} />
        <Box sx={{ mt: 4 }}>
          <TryFreePanel />
        </Box>
      </LandingSection>
      <PricingSection />
    </Box>
  );
}
