import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { CreditsMeter } from '../generation-rules';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.credits;

export interface CreditsMeterCardProps {
  meter: CreditsMeter;
  /** Spec §5: disabled without a sketch, while pending, or without the credits (`isGenerateDisabled`). */
  disabled: boolean;
  pending: boolean;
  onGenerate: () => void;
  /** Why the chosen provider cannot be used on this server (`providerBlockedNote`), shown above the button; null when it can. */
  blockedNote?: string | null;
}

/**
 * Spec §2 /create credits meter with the estimated cost (spec §9: the larger of 10 and variations
 * × 10, or × 15 at high detail; Unlimited for the VIP plan, spec §6), the credit costs as shown,
 * and the 'Generate Images' button, with the reason it is disabled when the chosen provider cannot
 * be used. The bar is the plan's credits now, the darker part what is left after this generation.
 */
export function CreditsMeterCard({ meter, disabled, pending, onGenerate, blockedNote = null }: CreditsMeterCardProps) {
  return (
    <Card component="section" aria-labelledby="credits-meter-heading" data-testid="credits-meter">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Box>
            <Typography id="credits-meter-heading" variant="h5" component="h2">
              {T.heading}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="credits-meter-remaining">
              {meter.unlimited ? T.unlimited : T.remaining(meter.remaining)}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" color="text.secondary">
              {T.estimatedCost}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }} data-testid="estimated-cost">
              {T.cost(meter.cost)}
            </Typography>
          </Box>
        </Stack>

        <LinearProgress
          variant="buffer"
          value={meter.percentAfter}
          valueBuffer={meter.percentNow}
          aria-label={T.barLabel}
          aria-valuetext={
            meter.unlimited ? T.unlimited : meter.remainingAfter !== null ? T.after(meter.remainingAfter) : T.short(meter.overBy)
          }
          color={meter.enough ? 'primary' : 'error'}
          sx={{ mt: 2, '& .MuiLinearProgress-dashed': { display: 'none' } }}
        />
        <Typography
          variant="body2"
          color={meter.enough ? 'text.secondary' : 'error'}
          sx={{ mt: 1 }}
          data-testid="credits-meter-note"
          role={meter.enough ? undefined : 'status'}
        >
          {meter.unlimited ? T.unlimitedCopy : meter.remainingAfter !== null ? T.after(meter.remainingAfter) : T.short(meter.overBy)}
          {!meter.enough && (
            <>
              {' '}
              <Link component={RouterLink} to="/pricing">
                {T.viewPlans}
              </Link>
            </>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {T.costsShown}
        </Typography>

        {blockedNote && (
          <Typography
            id="generate-blocked-note"
            variant="body2"
            color="warning.dark"
            role="status"
            sx={{ mt: 2 }}
            data-testid="generate-blocked-note"
          >
            {blockedNote}
          </Typography>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={onGenerate}
          disabled={disabled}
          aria-describedby={blockedNote ? 'generate-blocked-note' : undefined}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AutoAwesomeOutlined />}
          sx={{ mt: 2.5 }}
        >
          {GENERATION_TEXTS.generate}
        </Button>
      </CardContent>
    </Card>
  );
}
