import type { Subscription } from '@archlens/contracts/auth';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { creditUsage } from '../subscription-display';
import { ACCOUNT_TEXTS } from '../texts';

/**
 * Spec §2 /account Credit Usage card: credits remaining of the plan's allowance (spec §9: 200
 * monthly, 2,400 yearly; Unlimited at 999,999 or more) as a bar never drawn narrower than 5%.
 */
export function CreditUsageCard({ subscription }: { subscription: Subscription | null }) {
  const usage = creditUsage(subscription);
  const headline = usage.unlimited ? ACCOUNT_TEXTS.unlimited : usage.remaining.toLocaleString('en-GB');
  const caption = usage.unlimited
    ? ACCOUNT_TEXTS.unlimitedCopy
    : usage.allowance > 0
      ? ACCOUNT_TEXTS.creditsOf(usage.remaining, usage.allowance)
      : ACCOUNT_TEXTS.noCredits;

  return (
    <Card component="section" aria-labelledby="credits-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="credits-title" variant="h3" component="h2">
          {ACCOUNT_TEXTS.creditsTitle}
        </Typography>
        <Typography component="p" sx={{ mt: 2, fontSize: '2rem', fontWeight: 700, lineHeight: 1.1 }} data-testid="credits-remaining">
          {headline}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {caption}
        </Typography>
        <Box
          role="progressbar"
          aria-label={ACCOUNT_TEXTS.creditsBarLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(usage.percent)}
          aria-valuetext={usage.unlimited ? ACCOUNT_TEXTS.unlimited : caption}
          sx={{ mt: 2.5, height: 12, borderRadius: 6, bgcolor: 'action.hover', overflow: 'hidden' }}
        >
          <Box
            data-testid="credits-bar"
            sx={{
              width: `${usage.barWidth}%`,
              height: '100%',
              borderRadius: 6,
              bgcolor: usage.allowance > 0 || usage.unlimited ? 'primary.main' : 'text.disabled',
            }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
