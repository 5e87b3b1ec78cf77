import { PLAN_TIERS } from '@archlens/contracts/plans';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { isRouted } from '../../../app/route-table';
import { ANALYSIS_TEXTS } from '../texts';

const U = ANALYSIS_TEXTS.upsell;
const PRICING_PATH = '/pricing';

/**
 * The upsell card of /analyse: what Pro adds to an analysis, leading to /pricing. Until
 * the pricing page is routed the button says so instead of linking to a page that does not exist.
 */
export function UpsellCard() {
  const pricingReady = isRouted(PRICING_PATH, true);
  return (
    <Card component="aside" aria-labelledby="upsell-heading" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
      <CardContent
        sx={{
          p: { xs: 2.5, md: 3 },
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { xs: 'flex-start', sm: 'center' },
        }}
      >
        <AutoAwesomeOutlined sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="upsell-heading" variant="h6" component="h2">
            {U.heading}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.75, opacity: 0.9 }}>
            {U.body(PLAN_TIERS.monthly.price, PLAN_TIERS.monthly.credits)}
          </Typography>
        </Box>
        {pricingReady ? (
          <Button component={RouterLink} to={PRICING_PATH} variant="contained" color="primary" sx={{ flexShrink: 0 }}>
            {U.cta}
          </Button>
        ) : (
          <Typography
            variant="body2"
            sx={{
              flexShrink: 0,
              px: 1.5,
              py: 0.75,
              border: 1,
              borderColor: 'currentColor',
              borderRadius: 1,
              opacity: 0.85,
              fontWeight: 600,
            }}
          >
            {U.ctaSoon}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
