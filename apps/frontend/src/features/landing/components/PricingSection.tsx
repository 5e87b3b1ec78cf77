import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useLoginHref } from '../../auth/hooks/use-login-href';
import { LANDING_TEXTS } from '../texts';
import { LandingSection } from './LandingSection';

const TIERS = [
  { id: 'free', ...LANDING_TEXTS.plans.free, highlight: undefined, featured: false },
  { id: 'monthly', ...LANDING_TEXTS.plans.monthly, highlight: undefined, featured: true },
  { id: 'yearly', ...LANDING_TEXTS.plans.yearly, featured: false },
] as const;

/** Spec §1 pricing tiers: Free, Pro Monthly, Pro Yearly; each button goes to /api/login. */
export function PricingSection() {
  const loginHref = useLoginHref();
  return (
    <LandingSection id="pricing" eyebrow={LANDING_TEXTS.pricingEyebrow} title={LANDING_TEXTS.pricingTitle} tinted>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3, alignItems: 'stretch' }}>
        {TIERS.map((tier) => (
          <Card
            key={tier.id}
            component="article"
            aria-labelledby={`plan-${tier.id}-name`}
            data-testid={`plan-${tier.id}`}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              borderColor: tier.featured ? 'primary.main' : undefined,
              borderWidth: tier.featured ? 2 : 1,
            }}
          >
            <CardContent sx={{ p: 3, flex: 1, display: 'flex', flexDirection: 'column' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 28 }}>
                <Typography id={`plan-${tier.id}-name`} variant="h3" component="h3">
                  {tier.name}
                </Typography>
                {tier.highlight && <Chip label={tier.highlight} size="small" color="success" />}
              </Box>
              <Box sx={{ mt: 2, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="p" sx={{ fontSize: '2.2rem', fontWeight: 700, lineHeight: 1.1 }}>
                  {tier.priceLabel}
                </Typography>
                <Typography component="p" color="text.secondary">
                  {tier.periodLabel}
                </Typography>
              </Box>
              <List dense sx={{ mt: 1.5, mb: 2, flex: 1 }}>
                {tier.features.map((feature) => (
                  <ListItem key={feature} disableGutters>
                    <ListItemIcon sx={{ minWidth: 30, color: 'primary.main' }}>
                      <Check fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={feature} />
                  </ListItem>
                ))}
              </List>
              <Button variant={tier.featured ? 'contained' : 'outlined'} href={loginHref} fullWidth size="large">
                {tier.cta}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {LANDING_TEXTS.pricingNote}
      </Typography>
    </LandingSection>
  );
}
