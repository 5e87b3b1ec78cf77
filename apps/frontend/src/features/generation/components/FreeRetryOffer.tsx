import type { FreeRetryState } from '@archlens/contracts/generation';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { GENERATION_TEXTS } from '../texts';

const T = GENERATION_TEXTS.results;

export interface FreeRetryOfferProps {
  /** The generation's `freeRetry`: the offer shows only while it is `offered`. */
  state: FreeRetryState;
  onRetry: () => void;
  /** True while a generation (this retry or another) runs. */
  disabled: boolean;
}

/**
 * Retry free: what a generation with a render marked geometry drift offers once, said beside its
 * renders: the render lost the sketch's geometry, and the generation can run again with a new seed
 * at no cost. Nothing once it has been used, or when there is nothing to offer.
 */
export function FreeRetryOffer({ state, onRetry, disabled }: FreeRetryOfferProps) {
  if (state !== 'offered') return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      // A standing offer beside the renders, not an announcement: no live region.
      role="note"
      data-testid="free-retry-offer"
      sx={{
        mt: 2,
        alignItems: 'center',
        // On a phone the button goes under the text (lined up with it), so the text keeps the width.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 1 0', sm: '1 1 auto' } },
        '& .MuiAlert-action': {
          pt: 0,
          mr: 0,
          ml: { xs: '34px', sm: 'auto' },
          pl: { xs: 0, sm: 2 },
          pb: { xs: 1, sm: 0 },
          flexBasis: { xs: '100%', sm: 'auto' },
        },
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          startIcon={<AutorenewOutlined fontSize="small" />}
          onClick={onRetry}
          disabled={disabled}
          title={T.retryFreeHint}
          data-testid="retry-free"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {T.retryFree}
        </Button>
      }
    >
      {T.retryFreeNote}
    </Alert>
  );
}
